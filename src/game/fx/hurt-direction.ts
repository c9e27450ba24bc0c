/**
 * Where the damage came from: one indicator per confirmed hit on the local player, pointing from
 * the local player toward the shooter (pure).
 *
 * Input: the local player's position and the shooter's (or, when the shooter is unknown, the
 * point the hit was reported at). Output: an angle in radians (0 = +x, world axes, +y down).
 * Invariants: at most HURT_MAX indicators (oldest dropped); an indicator lives LIFE seconds;
 * when the source sits on the player (self-damage, or no position), there is no direction (null).
 */

export const HURT_MAX = 4;
export const HURT_LIFE = 1.1;

export interface HurtIndicator {
  angle: number;
  born: number;
}

export function hurtAngle(localX: number, localY: number, fromX: number, fromY: number): number | null {
  const dx = fromX - localX;
  const dy = fromY - localY;
  if (Math.hypot(dx, dy) < 1) return null;
  return Math.atan2(dy, dx);
}

export function addHurt(list: HurtIndicator[], angle: number | null, now: number): void {
  if (angle === null) return;
  list.push({ angle, born: now });
  if (list.length > HURT_MAX) list.splice(0, list.length - HURT_MAX);
}
