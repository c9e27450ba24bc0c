/**
 * Quake-style ground velocity update for one tick: friction, then acceleration toward the wish
 * direction, then a hard speed cap, then quantization to the wire grid.
 *
 * Inputs: current velocity (on the 1/16 grid), sanitized move axes, crouch flag, tickrate.
 * Output: the new velocity, on the 1/16 grid, with magnitude <= the current max speed.
 * Invariants: uses only + - * / sqrt min max round trunc (IEEE-exact everywhere, so client
 * prediction reproduces the server bit for bit); move axes are world axes (x right, y down).
 */
import { ACCELERATE, CROUCH_SPEED, FRICTION, MAX_SPEED, STOP_SPEED } from './config';
import { MOVE_MAX, POS_SCALE, quantizeVel } from './quantize';

export interface Velocity {
  vx: number;
  vy: number;
}

function applyFriction(vx: number, vy: number, tickrate: number): Velocity {
  const speed = Math.sqrt(vx * vx + vy * vy);
  if (speed < 1) return { vx: 0, vy: 0 };
  // Slow players brake as if at STOP_SPEED, so they stop in a bounded time instead of creeping.
  const control = speed < STOP_SPEED ? STOP_SPEED : speed;
  const drop = (control * FRICTION) / tickrate;
  const scale = Math.max(speed - drop, 0) / speed;
  return { vx: vx * scale, vy: vy * scale };
}

function applyAcceleration(v: Velocity, moveX: number, moveY: number, maxSpeed: number, tickrate: number): Velocity {
  const len = Math.sqrt(moveX * moveX + moveY * moveY);
  if (len === 0) return v;
  const dirX = moveX / len;
  const dirY = moveY / len;
  const wishSpeed = maxSpeed * Math.min(len / MOVE_MAX, 1);
  // Only the shortfall along the wish direction is added: no gain from pushing into your own velocity.
  const current = v.vx * dirX + v.vy * dirY;
  const missing = wishSpeed - current;
  if (missing <= 0) return v;
  const gain = Math.min((ACCELERATE * wishSpeed) / tickrate, missing);
  return { vx: v.vx + gain * dirX, vy: v.vy + gain * dirY };
}

function capAndQuantize(v: Velocity, maxSpeed: number): Velocity {
  const speed = Math.sqrt(v.vx * v.vx + v.vy * v.vy);
  const scale = speed > maxSpeed ? maxSpeed / speed : 1;
  const vx = quantizeVel(v.vx * scale);
  const vy = quantizeVel(v.vy * scale);
  if (vx * vx + vy * vy <= maxSpeed * maxSpeed) return { vx, vy };
  // Rounding both components outward can overshoot the cap by a hair; truncating toward 0 cannot.
  return {
    vx: Math.trunc(v.vx * scale * POS_SCALE) / POS_SCALE + 0,
    vy: Math.trunc(v.vy * scale * POS_SCALE) / POS_SCALE + 0,
  };
}

/** The speed limit for a player's stance. */
export function maxSpeedFor(crouch: boolean): number {
  return crouch ? CROUCH_SPEED : MAX_SPEED;
}

/** Velocity after one tick of ground movement. */
export function nextVelocity(
  vx: number,
  vy: number,
  moveX: number,
  moveY: number,
  crouch: boolean,
  tickrate: number,
): Velocity {
  const maxSpeed = maxSpeedFor(crouch);
  const braked = applyFriction(vx, vy, tickrate);
  const pushed = applyAcceleration(braked, moveX, moveY, maxSpeed, tickrate);
  return capAndQuantize(pushed, maxSpeed);
}
