/**
 * How the arena's remote entities blend in the InterpolationBuffer: players (position, and aim the
 * short way round the circle) and rockets (position only).
 *
 * Inputs: two states of one entity and a fraction t (t > 1 extrapolates position; aim never
 * extrapolates). Outputs: a new state; discrete fields (health, alive, crouch, weapon, scores) come
 * from the older state while t < 1 and from the newer one from t = 1 on. Invariants: pure.
 */
import { ANGLE_UNITS } from '../sim/quantize';
import type { ProjectileState, PublicPlayerState } from '../sim/types';
import type { EntityTraits } from './interpolation-buffer';

const HALF_TURN = ANGLE_UNITS / 2;

/** Angle blend along the shorter arc; the result is a fractional angle in [0, 65536). */
export function lerpAngle(a: number, b: number, t: number): number {
  const diff = ((((b - a + HALF_TURN) % ANGLE_UNITS) + ANGLE_UNITS) % ANGLE_UNITS) - HALF_TURN;
  const raw = a + diff * t;
  return ((raw % ANGLE_UNITS) + ANGLE_UNITS) % ANGLE_UNITS;
}

export const playerTraits: EntityTraits<PublicPlayerState> = {
  lerp(a, b, t) {
    const base = t < 1 ? a : b;
    return {
      ...base,
      x: a.x + (b.x - a.x) * t,
      y: a.y + (b.y - a.y) * t,
      aim: lerpAngle(a.aim, b.aim, Math.min(t, 1)),
    };
  },
  teleported: (a, b) => a.teleportSeq !== b.teleportSeq,
};

export const projectileTraits: EntityTraits<ProjectileState> = {
  lerp(a, b, t) {
    const base = t < 1 ? a : b;
    return { ...base, x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
  },
  teleported: () => false,
};
