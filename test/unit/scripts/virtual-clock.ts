// A virtual millisecond clock for the signaling scripts' unit tests: time moves only when a test advances it.
export function clock(): { now: () => number; advance: (ms: number) => void } {
  let t = 1000;
  return { now: () => t, advance: (ms) => void (t += ms) };
}
