/**
 * Quake-style ground velocity update for one tick: friction, then acceleration toward the wish
 * direction, then a hard speed cap, then quantization to the wire grid.
 *
 * Inputs: current velocity (on the 1/16 grid), sanitized move axes, crouch flag, tickrate.
 * Output: the new velocity, on the 1/16 grid, with magnitude <= the current max speed (into the
 * caller's object when it passes one: nothing is allocated per tick).
 * Invariants: uses only + - * / sqrt min max round trunc (IEEE-exact everywhere, so client
 * prediction reproduces the server bit for bit); move axes are world axes (x right, y down).
 */
import { ACCELERATE, CROUCH_SPEED, FRICTION, MAX_SPEED, STOP_SPEED } from './config';
import { MOVE_MAX, POS_SCALE, quantizeVel } from './quantize';

export interface Velocity {
  vx: number;
  vy: number;
}

/** Friction on (vx, vy), written to `out`. */
function applyFriction(vx: number, vy: number, tickrate: number, out: Velocity): void {
  const speed = Math.sqrt(vx * vx + vy * vy);
  if (speed < 1) {
    out.vx = 0;
    out.vy = 0;
    return;
  }
  // Slow players brake as if at STOP_SPEED, so they stop in a bounded time instead of creeping.
  const control = speed < STOP_SPEED ? STOP_SPEED : speed;
  const drop = (control * FRICTION) / tickrate;
  const scale = Math.max(speed - drop, 0) / speed;
  out.vx = vx * scale;
  out.vy = vy * scale;
}

/** Acceleration toward the wish direction, applied to `v` in place. */
function applyAcceleration(v: Velocity, moveX: number, moveY: number, maxSpeed: number, tickrate: number): void {
  const len = Math.sqrt(moveX * moveX + moveY * moveY);
  if (len === 0) return;
  const dirX = moveX / len;
  const dirY = moveY / len;
  const wishSpeed = maxSpeed * Math.min(len / MOVE_MAX, 1);
  // Only the shortfall along the wish direction is added: no gain from pushing into your own velocity.
  const current = v.vx * dirX + v.vy * dirY;
  const missing = wishSpeed - current;
  if (missing <= 0) return;
  const gain = Math.min((ACCELERATE * wishSpeed) / tickrate, missing);
  v.vx = v.vx + gain * dirX;
  v.vy = v.vy + gain * dirY;
}

/** The speed cap and the wire grid, applied to `v` in place. */
function capAndQuantize(v: Velocity, maxSpeed: number): void {
  const speed = Math.sqrt(v.vx * v.vx + v.vy * v.vy);
  const scale = speed > maxSpeed ? maxSpeed / speed : 1;
  const vx = quantizeVel(v.vx * scale);
  const vy = quantizeVel(v.vy * scale);
  if (vx * vx + vy * vy <= maxSpeed * maxSpeed) {
    v.vx = vx;
    v.vy = vy;
    return;
  }
  // Rounding both components outward can overshoot the cap by a hair; truncating toward 0 cannot.
  const tx = Math.trunc(v.vx * scale * POS_SCALE) / POS_SCALE + 0;
  v.vy = Math.trunc(v.vy * scale * POS_SCALE) / POS_SCALE + 0;
  v.vx = tx;
}

/** The speed limit for a player's stance. */
export function maxSpeedFor(crouch: boolean): number {
  return crouch ? CROUCH_SPEED : MAX_SPEED;
}

/**
 * Velocity after one tick of ground movement, written to `out` (the world step passes a reused
 * one, so a tick allocates nothing here) and returned.
 */
export function nextVelocity(
  vx: number,
  vy: number,
  moveX: number,
  moveY: number,
  crouch: boolean,
  tickrate: number,
  out: Velocity = { vx: 0, vy: 0 },
): Velocity {
  const maxSpeed = maxSpeedFor(crouch);
  applyFriction(vx, vy, tickrate, out);
  applyAcceleration(out, moveX, moveY, maxSpeed, tickrate);
  capAndQuantize(out, maxSpeed);
  return out;
}
