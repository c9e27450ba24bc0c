/**
 * Positional volume (pure): how loud and from which side a sound at a world position is heard by
 * the local player.
 *
 * Input: listener and source positions in world units (or no source: a UI sound, heard in full).
 * Output: gain 0..1 and stereo pan -1 (left) .. 1 (right).
 * Invariants: full volume within NEAR units; falls smoothly to 0 at FAR and beyond; gain never
 * grows with distance; pan follows the horizontal offset and never reaches a hard ±1 so a sound
 * is never in one ear only.
 */

export const NEAR = 260;
export const FAR = 1500;
const PAN_SPAN = 700;
const PAN_MAX = 0.8;

export interface SpatialMix {
  gain: number;
  pan: number;
}

export function distanceGain(distance: number): number {
  if (!(distance > NEAR)) return 1;
  if (distance >= FAR) return 0;
  const t = (distance - NEAR) / (FAR - NEAR);
  return (1 - t) * (1 - t);
}

export function spatialMix(listener: { x: number; y: number } | null, source: { x?: number; y?: number }): SpatialMix {
  if (!listener || source.x === undefined || source.y === undefined) return { gain: 1, pan: 0 };
  const dx = source.x - listener.x;
  const dy = source.y - listener.y;
  const pan = Math.min(Math.max(dx / PAN_SPAN, -PAN_MAX), PAN_MAX);
  return { gain: distanceGain(Math.hypot(dx, dy)), pan };
}
