/**
 * Why the renderer could not start, in words for the player. kaboom draws with WebGL; in a browser
 * that has none (headless Firefox, WebGL turned off, a blocklisted GPU) it throws while reading the
 * context it did not get ("can't access property drawingBufferWidth"), which tells a player nothing.
 * mount.ts turns any failure of that start into a `RendererUnavailable` whose message says what
 * happened; the page shows it in place of the game (src/app/game-view.ts) and plays on.
 *
 * Invariant: every message begins "This browser cannot draw the game"; `hasWebGL` leaves no context
 * behind (it releases the one it made).
 */

export const CANNOT_DRAW = 'This browser cannot draw the game';

export class RendererUnavailable extends Error {
  override readonly name = 'RendererUnavailable';
  constructor(
    /** `no-webgl`: the browser gives no WebGL context at all; `failed`: it does, and the start failed anyway. */
    readonly reason: 'no-webgl' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/** Whether a WebGL context can be had, tried on a throwaway canvas that is released at once. */
export function hasWebGL(doc: Document): boolean {
  try {
    const gl = doc.createElement('canvas').getContext('webgl');
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

/** The player-facing failure for `err`, thrown while starting the renderer. */
export function rendererFailure(doc: Document, err: unknown): RendererUnavailable {
  const advice =
    "Turn on WebGL (hardware acceleration) in the browser's settings, or open the game in another browser.";
  if (!hasWebGL(doc)) return new RendererUnavailable('no-webgl', `${CANNOT_DRAW} (no WebGL). ${advice}`);
  const detail = err instanceof Error ? err.message : String(err);
  return new RendererUnavailable('failed', `${CANNOT_DRAW} (its renderer did not start: ${detail}). ${advice}`);
}
