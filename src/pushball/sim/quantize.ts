/**
 * The wire grid of Pushball: every position and velocity in a stepped state is a multiple of
 * 1/16 (unit, resp. unit per second), positions in [0, 4096), |velocity| < 2048. The step rounds
 * onto this grid after every tick, so a client that decodes a state from the wire and replays the
 * same commands computes exactly what the server computed.
 */

/** Values are stored as multiples of 1 / GRID. */
export const GRID = 16;
/** Positions lie in [0, POS_MAX): 16 unsigned bits on the grid. */
export const POS_MAX = 4096;
/** |velocity| < VEL_MAX: 16 signed bits on the grid. */
export const VEL_MAX = 2048;

/** Nearest grid value; NaN (never produced by the step, but cheap to rule out) becomes 0. */
function toGrid(v: number): number {
  const q = Math.round(v * GRID) / GRID;
  // NaN is the only value not equal to itself.
  return q === q ? q : 0;
}

export function quantizePos(v: number): number {
  return Math.min(Math.max(toGrid(v), 0), POS_MAX - 1 / GRID);
}

export function quantizeVel(v: number): number {
  const lim = VEL_MAX - 1 / GRID;
  // `+ 0` turns -0 into 0, so a state equals its wire round trip under Object.is / toEqual.
  return Math.min(Math.max(toGrid(v), -lim), lim) + 0;
}

/** Whether `v` is exactly on the grid (what the tests and a wire decoder may assert). */
export function isOnGrid(v: number): boolean {
  return Number.isFinite(v) && Number.isInteger(v * GRID);
}
