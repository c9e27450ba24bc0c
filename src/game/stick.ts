/**
 * Analog sticks (a gamepad's, or a virtual one on a touch screen) → move axes and aim (pure).
 *
 * Inputs: a stick position with x right and y down in [-1, 1] (the Gamepad API's convention).
 * Outputs: a radial dead zone applied and the live range rescaled to [0, 1], move axes in
 * [-127, 127] (the same integers the keyboard produces; a half-pushed stick walks at half speed,
 * the sim scales the wish speed by the length), an Angle16 aim.
 * Invariants: inside the dead zone the stick is exactly centred (no drift); the output length
 * never exceeds 1 (a square gamepad gate's corners give no speed bonus).
 */
import { MOVE_MAX, radiansToAngle } from '../sim/quantize';

export interface Stick {
  x: number;
  y: number;
}

/** Radius under which a stick reads as centred: worn gamepad sticks rest up to ~0.15 off centre. */
export const MOVE_DEAD_ZONE = 0.2;
/** Aiming needs a clear direction, so its dead zone is wider than the moving one. */
export const AIM_DEAD_ZONE = 0.35;
/** Past this radius the stick reads as fully pushed (gates rarely reach 1.0 on every axis). */
export const OUTER_ZONE = 0.95;

export const CENTRED: Readonly<Stick> = Object.freeze({ x: 0, y: 0 });

/** Radial dead zone with the live range rescaled, so the first movement past it is slow, not a jump. */
export function deadZone(s: Stick, inner: number, outer = OUTER_ZONE): Stick {
  const x = Number.isFinite(s.x) ? s.x : 0;
  const y = Number.isFinite(s.y) ? s.y : 0;
  const length = Math.hypot(x, y);
  if (length <= inner) return { x: 0, y: 0 };
  const scaled = Math.min((length - inner) / (outer - inner), 1);
  return { x: (x / length) * scaled, y: (y / length) * scaled };
}

/** Move axes for the sim: integers in [-127, 127], inside the unit circle. */
export function stickMove(s: Stick, inner = MOVE_DEAD_ZONE): { moveX: number; moveY: number } {
  const d = deadZone(s, inner);
  // Truncation toward zero keeps the vector inside the circle of radius MOVE_MAX.
  return { moveX: Math.trunc(d.x * MOVE_MAX) + 0, moveY: Math.trunc(d.y * MOVE_MAX) + 0 };
}

/** Aim from a stick, or `previous` while it sits in its dead zone (letting go keeps the aim). */
export function stickAim(s: Stick, previous: number, inner = AIM_DEAD_ZONE): number {
  const d = deadZone(s, inner);
  if (d.x === 0 && d.y === 0) return previous;
  return radiansToAngle(Math.atan2(d.y, d.x));
}

/** True when the stick is pushed past the dead zone. */
export function stickPushed(s: Stick, inner: number): boolean {
  return Math.hypot(s.x, s.y) > inner;
}
