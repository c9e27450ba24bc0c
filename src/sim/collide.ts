/**
 * Swept, axis-separated movement of a player's box (half-size PLAYER_RADIUS) through walls, map
 * bounds and other players' boxes: the `trace` of this game, shared by server and prediction.
 *
 * Inputs: map, start position (on the 1/16 grid), a displacement, blockers and the mover's id.
 * Output: the end position, quantized per axis, and which axes were stopped by contact (written
 * into the caller's `out` when given, so the world step allocates nothing per move).
 * Invariants: the box never crosses an obstacle at any displacement (the whole sweep is tested, not
 * only the end point); a contact position is the obstacle edge ± radius, which lies on the 1/16 grid;
 * an obstacle the box already overlaps at the start is ignored so overlapping boxes never stick.
 * Uses only + - min max and rounding, so it is bit-exact on every engine.
 */
import { PLAYER_RADIUS } from './config';
import { quantizePos } from './quantize';
import type { ArenaMap, Hitbox, PlayerId } from './types';

export interface BoxMove {
  x: number;
  y: number;
  blockedX: boolean;
  blockedY: boolean;
}

/**
 * Limits a move along axis A from `pos` to `target` by one obstacle spanning [minA, maxA] on A and
 * [minB, maxB] on the other axis; `cross` is the mover's centre on that other axis.
 */
function limitMove(
  pos: number,
  target: number,
  cross: number,
  minA: number,
  maxA: number,
  minB: number,
  maxB: number,
): number {
  const r = PLAYER_RADIUS;
  // Strict comparisons: touching along a face is not overlapping, so the box slides past it.
  if (cross + r <= minB || cross - r >= maxB) return target;
  if (pos + r > minA && pos - r < maxA) return target;
  if (target > pos && pos + r <= minA) return Math.min(target, minA - r);
  if (target < pos && pos - r >= maxA) return Math.max(target, maxA + r);
  return target;
}

/** One axis of the sweep: returns the unquantized end coordinate on that axis. */
function sweepAxis(
  map: ArenaMap,
  self: PlayerId,
  blockers: readonly Hitbox[],
  alongX: boolean,
  pos: number,
  cross: number,
  delta: number,
): number {
  const r = PLAYER_RADIUS;
  let target = pos + delta;
  // Index loops, not for-of: this runs for every player twice a tick and must allocate nothing.
  const walls = map.walls;
  for (let i = 0; i < walls.length; i++) {
    const w = walls[i]!;
    target = alongX
      ? limitMove(pos, target, cross, w.x, w.x + w.w, w.y, w.y + w.h)
      : limitMove(pos, target, cross, w.y, w.y + w.h, w.x, w.x + w.w);
  }
  for (let i = 0; i < blockers.length; i++) {
    const b = blockers[i]!;
    if (!b.alive || b.id === self) continue;
    const a = alongX ? b.x : b.y;
    const c = alongX ? b.y : b.x;
    target = limitMove(pos, target, cross, a - r, a + r, c - r, c + r);
  }
  const limit = alongX ? map.width : map.height;
  return Math.min(Math.max(target, r), limit - r);
}

/**
 * Moves the box by (dx, dy): first along x at the start y, then along y at the new x (the order
 * is part of the contract: server and prediction must slide the same way).
 */
export function moveBox(
  map: ArenaMap,
  self: PlayerId,
  x: number,
  y: number,
  dx: number,
  dy: number,
  blockers: readonly Hitbox[],
  out: BoxMove = { x: 0, y: 0, blockedX: false, blockedY: false },
): BoxMove {
  const rawX = sweepAxis(map, self, blockers, true, x, y, dx);
  // Quantizing is monotonic and contacts are grid points, so it never pushes the box into anything.
  const newX = quantizePos(rawX);
  const rawY = sweepAxis(map, self, blockers, false, y, newX, dy);
  const newY = quantizePos(rawY);
  out.x = newX;
  out.y = newY;
  out.blockedX = rawX !== x + dx;
  out.blockedY = rawY !== y + dy;
  return out;
}
