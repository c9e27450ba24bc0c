/**
 * How the arena's remote entities blend in the InterpolationBuffer: players (position, and aim the
 * short way round the circle) and rockets (position only).
 *
 * Players follow the server's per-tick path, not the chord between snapshots: the sim moves a
 * player each tick by its new velocity / tickrate, so a snapshot's velocity tells where the player
 * stood one tick before it. Between snapshots two ticks apart that rebuilds the missing middle tick,
 * which is exactly the per-tick history the server's lag compensation rewinds through. When the
 * rebuilt point is implausible (a wall clipped the last move, a teleport), the chord is used.
 *
 * Inputs: two states of one entity, a fraction t of the span between them (t > 1 extrapolates
 * position along the chord; aim never extrapolates) and the span in ticks. Outputs: a new state;
 * discrete fields (health, alive, crouch, weapon, scores) come from the older state while t < 1 and
 * from the newer one from t = 1 on. Invariants: pure.
 */
import { ANGLE_UNITS, POS_SCALE } from '../../sim/quantize';
import type { ProjectileState, PublicPlayerState } from '../../sim/types';
import type { EntityTraits } from '../../client/interpolation-buffer';

const HALF_TURN = ANGLE_UNITS / 2;
/** Rounding slack of one quantized move (positions sit on the 1/16 grid). */
const GRID_SLACK = 2 / POS_SCALE;

/** Angle blend along the shorter arc; the result is a fractional angle in [0, 65536). */
export function lerpAngle(a: number, b: number, t: number): number {
  const diff = ((((b - a + HALF_TURN) % ANGLE_UNITS) + ANGLE_UNITS) % ANGLE_UNITS) - HALF_TURN;
  const raw = a + diff * t;
  return ((raw % ANGLE_UNITS) + ANGLE_UNITS) % ANGLE_UNITS;
}

/** The chord: straight from a to b (and beyond for t > 1). */
export function lerpPlayerLinear(a: PublicPlayerState, b: PublicPlayerState, t: number): PublicPlayerState {
  const base = t < 1 ? a : b;
  return { ...base, x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, aim: lerpAngle(a.aim, b.aim, Math.min(t, 1)) };
}

/**
 * Player traits for a sim running at `tickrate` whose players never move faster than `maxSpeed`
 * (units/s): interpolation along the rebuilt per-tick path.
 */
export function createPlayerTraits(tickrate: number, maxSpeed: number): EntityTraits<PublicPlayerState> {
  const maxStep = maxSpeed / tickrate + GRID_SLACK;
  return {
    lerp(a, b, t, spanTicks) {
      if (t >= 1 || t <= 0 || spanTicks < 2) return lerpPlayerLinear(a, b, t);
      // Where b stood one tick earlier, if its last move was the plain velocity step.
      const mx = b.x - b.vx / tickrate;
      const my = b.y - b.vy / tickrate;
      const head = spanTicks - 1;
      const plausible = Math.hypot(b.x - mx, b.y - my) <= maxStep && Math.hypot(mx - a.x, my - a.y) <= head * maxStep;
      if (!plausible) return lerpPlayerLinear(a, b, t);
      const u = t * spanTicks;
      const out = lerpPlayerLinear(a, b, t);
      if (u <= head) return { ...out, x: a.x + (mx - a.x) * (u / head), y: a.y + (my - a.y) * (u / head) };
      return { ...out, x: mx + (b.x - mx) * (u - head), y: my + (b.y - my) * (u - head) };
    },
    teleported: (a, b) => a.teleportSeq !== b.teleportSeq,
  };
}

export const projectileTraits: EntityTraits<ProjectileState> = {
  lerp(a, b, t) {
    const base = t < 1 ? a : b;
    return { ...base, x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
  },
  teleported: () => false,
};
