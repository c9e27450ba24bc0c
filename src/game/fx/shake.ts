/**
 * A little screen shake, as "trauma" (pure: time in seconds is passed in).
 *
 * Input: `addTrauma` for each jolt (an explosion nearby, being hit, firing a rocket), then per frame
 * `shakeOffset(now)`. Output: a camera offset in world units.
 * Invariants: trauma stays in 0..1 and falls linearly at DECAY per second; the offset is at most
 * MAX_OFFSET × trauma² along each axis (squared so small jolts stay subtle), smooth in time
 * (sums of sines, no randomness), and exactly 0 once the trauma has gone.
 */

export const SHAKE_DECAY = 1.6;
export const MAX_SHAKE_OFFSET = 9;

export interface Shake {
  trauma: number;
  /** Time of the last update, seconds. */
  at: number;
}

export function createShake(): Shake {
  return { trauma: 0, at: 0 };
}

function decayTo(s: Shake, now: number): void {
  if (now > s.at) s.trauma = Math.max(0, s.trauma - (now - s.at) * SHAKE_DECAY);
  s.at = Math.max(s.at, now);
}

export function addTrauma(s: Shake, amount: number, now: number): void {
  decayTo(s, now);
  s.trauma = Math.min(1, s.trauma + Math.max(0, amount));
}

/** The camera offset for this frame; `scale` lets the player turn shake down (0 = off). */
export function shakeOffset(s: Shake, now: number, scale = 1): { x: number; y: number } {
  decayTo(s, now);
  const amp = MAX_SHAKE_OFFSET * s.trauma * s.trauma * scale;
  if (amp === 0) return { x: 0, y: 0 };
  const x = 0.6 * Math.sin(now * 47.3) + 0.4 * Math.sin(now * 83.1 + 1.7);
  const y = 0.6 * Math.sin(now * 53.9 + 0.6) + 0.4 * Math.sin(now * 71.3 + 2.9);
  return { x: amp * x, y: amp * y };
}

/** How much an explosion at `distance` world units shakes the local player's view (0..0.6). */
export function explosionTrauma(distance: number, radius = 500): number {
  if (!(distance < radius)) return 0;
  return 0.6 * (1 - Math.max(0, distance) / radius);
}
