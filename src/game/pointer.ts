/**
 * Where the crosshair (and the aim) points before and after the pointer first moves.
 *
 * kaboom reports the mouse at (0, 0) until the first mousemove over its canvas, which put the
 * crosshair in the top-left corner when a match started under a still mouse. Until kaboom has seen
 * a move, the crosshair sits at the seed (where the pointer last was when the game mounted, e.g. the
 * click on "Practice", in canvas CSS pixels) or, without one, a little ahead of the local player
 * along its aim, else the screen centre.
 * Input: PointerState, kaboom's mouse position, the local player on screen, the view size.
 * Output: the point in canvas CSS pixels. Pure; invariants: once `moved` is true the mouse wins.
 */
export interface ScreenPoint { x: number; y: number }

export interface PointerState {
  /** True once kaboom has reported a pointer move (its position is real from then on). */
  moved: boolean;
  /** The pointer's last known place when the game mounted, or null. */
  seed: ScreenPoint | null;
}

/** How far ahead of the local player the crosshair sits when nothing better is known (CSS px). */
export const AIM_AHEAD = 140;

export function crosshairPoint(p: PointerState, mouse: ScreenPoint, local: (ScreenPoint & { aim: number }) | null, width: number, height: number): ScreenPoint {
  if (p.moved) return mouse;
  if (p.seed) return { x: Math.min(Math.max(p.seed.x, 0), width), y: Math.min(Math.max(p.seed.y, 0), height) };
  if (local) return { x: local.x + Math.cos(local.aim) * AIM_AHEAD, y: local.y + Math.sin(local.aim) * AIM_AHEAD };
  return { x: width / 2, y: height / 2 };
}

/** The seed from a pointer position in client (viewport) pixels and the canvas's box, or null when unknown/outside. */
export function seedFromClient(client: ScreenPoint | null | undefined, box: { left: number; top: number; width: number; height: number }): ScreenPoint | null {
  if (!client || !Number.isFinite(client.x) || !Number.isFinite(client.y)) return null;
  const x = client.x - box.left;
  const y = client.y - box.top;
  return x >= 0 && y >= 0 && x <= box.width && y <= box.height ? { x, y } : null;
}
