/**
 * One player for one tick: acceleration toward the stick up to the top speed, braking, movement, the field
 * walls and the kickoff restrictions, then the 1/16 grid. `advancePlayer` is the per-player step
 * that `stepPitch` uses for every player and a client may use alone to predict its own player.
 *
 * Only + - * / sqrt min max round (exact IEEE everywhere), so every machine gets the same bits.
 */
import {
  CENTRE_CIRCLE,
  CENTRE_X,
  CENTRE_Y,
  FIELD_X0,
  FIELD_X1,
  FIELD_Y0,
  FIELD_Y1,
  PLAYER_ACCEL,
  PLAYER_FRICTION,
  PLAYER_MAX_SPEED,
  PLAYER_RADIUS,
} from './config';
import { MOVE_MAX, sanitizePushCmd } from './cmd';
import { quantizePos, quantizeVel } from './quantize';
import { PitchPhase, type PitchWorld, type PitchPlayer, type PushCmd, type RulesState } from './types';

interface Vel {
  vx: number;
  vy: number;
}

/**
 * Moves the velocity toward the stick's target velocity (top speed times tilt, along the stick) by
 * at most PLAYER_ACCEL per second, or PLAYER_FRICTION per second when the stick is released: so
 * the speed never exceeds the top speed under one's own power, and a released player brakes to a
 * stop. Mutates `v`.
 */
function steer(v: Vel, moveX: number, moveY: number, tickrate: number): void {
  const len = Math.sqrt(moveX * moveX + moveY * moveY);
  // A diagonal (127, 127) is longer than MOVE_MAX: full tilt, not more.
  const top = len === 0 ? 0 : (PLAYER_MAX_SPEED * Math.min(len / MOVE_MAX, 1)) / len;
  const dx = moveX * top - v.vx;
  const dy = moveY * top - v.vy;
  const gap = Math.sqrt(dx * dx + dy * dy);
  const reach = (len === 0 ? PLAYER_FRICTION : PLAYER_ACCEL) / tickrate;
  // Close enough: land exactly on the target (no overshoot, and a released player stops at exactly 0).
  const share = gap <= reach ? 1 : reach / gap;
  v.vx += dx * share;
  v.vy += dy * share;
}

/** Kickoff: both teams in their own half; the team not kicking off also outside the centre circle. Mutates `p`. */
function confineKickoff(p: PitchPlayer, kickoffTeam: number): void {
  if (p.team === 0 && p.x > CENTRE_X - PLAYER_RADIUS) {
    p.x = CENTRE_X - PLAYER_RADIUS;
    p.vx = Math.min(p.vx, 0);
  }
  if (p.team === 1 && p.x < CENTRE_X + PLAYER_RADIUS) {
    p.x = CENTRE_X + PLAYER_RADIUS;
    p.vx = Math.max(p.vx, 0);
  }
  if (p.team === kickoffTeam) return;
  const dx = p.x - CENTRE_X;
  const dy = p.y - CENTRE_Y;
  const d = Math.sqrt(dx * dx + dy * dy);
  const min = CENTRE_CIRCLE + PLAYER_RADIUS;
  // d >= PLAYER_RADIUS > 0 here: the half-line clamp above keeps the player off the centre spot.
  if (d >= min) return;
  const nx = dx / d;
  const ny = dy / d;
  p.x = CENTRE_X + nx * min;
  p.y = CENTRE_Y + ny * min;
  // Drop only the inward part of the velocity, so the player slides along the circle.
  const inward = p.vx * nx + p.vy * ny;
  if (inward < 0) {
    p.vx -= inward * nx;
    p.vy -= inward * ny;
  }
}

/**
 * Keeps a player inside the field (the goal mouths count as wall for players: only the ball goes
 * in) and, in the Kickoff phase, out of the places the kickoff rule forbids. Stops the velocity
 * component into a wall. Mutates `p`; does not quantize.
 */
export function confinePlayer(p: PitchPlayer, rules: Readonly<RulesState>): void {
  const lo = { x: FIELD_X0 + PLAYER_RADIUS, y: FIELD_Y0 + PLAYER_RADIUS };
  const hi = { x: FIELD_X1 - PLAYER_RADIUS, y: FIELD_Y1 - PLAYER_RADIUS };
  if (p.x < lo.x) [p.x, p.vx] = [lo.x, Math.max(p.vx, 0)];
  if (p.x > hi.x) [p.x, p.vx] = [hi.x, Math.min(p.vx, 0)];
  if (p.y < lo.y) [p.y, p.vy] = [lo.y, Math.max(p.vy, 0)];
  if (p.y > hi.y) [p.y, p.vy] = [hi.y, Math.min(p.vy, 0)];
  if (rules.phase === PitchPhase.Kickoff) confineKickoff(p, rules.kickoffTeam);
}

/** Rounds a player's position and velocity onto the 1/16 grid. Mutates `p`. */
export function quantizePlayer(p: PitchPlayer): void {
  p.x = quantizePos(p.x);
  p.y = quantizePos(p.y);
  p.vx = quantizeVel(p.vx);
  p.vy = quantizeVel(p.vy);
}

/**
 * The player one tick later under `cmd` (sanitized here, so any junk is safe). Reads only the
 * player, the command, and `world.tickrate` / `world.rules`; returns a new object, mutates nothing.
 * Contacts with the ball and other players and kicks are the world step's business, not this one's.
 */
export function advancePlayer(player: Readonly<PitchPlayer>, cmd: PushCmd, world: Readonly<PitchWorld>): PitchPlayer {
  const c = sanitizePushCmd(cmd);
  const rate = world.tickrate;
  const v: Vel = { vx: player.vx, vy: player.vy };
  steer(v, c.moveX, c.moveY, rate);
  const vx = quantizeVel(v.vx);
  const vy = quantizeVel(v.vy);
  const next: PitchPlayer = {
    id: player.id,
    team: player.team,
    x: player.x + vx / rate,
    y: player.y + vy / rate,
    vx,
    vy,
    kickCooldown: Math.max(player.kickCooldown - 1, 0),
  };
  confinePlayer(next, world.rules);
  quantizePlayer(next);
  return next;
}
