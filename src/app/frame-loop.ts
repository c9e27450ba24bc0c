/**
 * The page's frame loop: `step` every animation frame, with a slow timer as a backstop (a
 * background tab gets no animation frames, and a joiner that stopped sending commands would look
 * like it left). app.ts runs ClientSession.idleFrame on it, which drives the client only while the
 * renderer's own frames do not (client-session.ts).
 * Returns a stop function. Invariant: at most one step per 8 ms whichever source calls.
 */
export function startFrameLoop(win: Window, step: () => void): () => void {
  let last = -Infinity;
  let stopped = false;
  const run = (): void => {
    const now = win.performance.now();
    if (now - last < 8) return;
    last = now;
    step();
  };
  const frame = (): void => {
    if (stopped) return;
    run();
    win.requestAnimationFrame(frame);
  };
  win.requestAnimationFrame(frame);
  const backstop = win.setInterval(run, 50);
  return () => {
    stopped = true;
    win.clearInterval(backstop);
  };
}
