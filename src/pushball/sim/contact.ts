/**
 * Contacts between discs: players push each other and the ball (separate the overlap, exchange
 * momentum along the line of centres, player : ball mass 3 : 1), and players kick the ball.
 * Pairs are visited in ascending id order, so the result never depends on anything but the state.
 */
import {
  BALL_BOUNCE,
  BALL_MASS,
  BALL_RADIUS,
  KICK_COOLDOWN_SECONDS,
  KICK_REACH,
  KICK_SPEED,
  PLAYER_BOUNCE,
  PLAYER_MASS,
  PLAYER_RADIUS,
  ticksFor,
} from './config';
import { shoveBall } from './ball';
import { BUTTON_KICK, type BallState, type PitchPlayer, type PushCmd, type PushEvent } from './types';

export interface Disc {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

/** Unit normal from `a` to `b` and the overlap, if their centres are closer than `reach`; null otherwise. */
export function contactNormal(a: Disc, b: Disc, reach: number): { nx: number; ny: number; overlap: number } | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const d2 = dx * dx + dy * dy;
  if (d2 >= reach * reach) return null;
  // Same centre: any fixed direction will do, as long as every machine picks the same one.
  if (d2 === 0) return { nx: 1, ny: 0, overlap: reach };
  const d = Math.sqrt(d2);
  return { nx: dx / d, ny: dy / d, overlap: reach - d };
}

/**
 * Equal and opposite impulses along n (from a to b) if the discs approach: m_a·v_a + m_b·v_b is
 * unchanged and the approach speed becomes `bounce` times itself, reversed. Mutates both.
 */
export function exchangeMomentum(
  a: Disc,
  ma: number,
  b: Disc,
  mb: number,
  nx: number,
  ny: number,
  bounce: number,
): void {
  const approach = (b.vx - a.vx) * nx + (b.vy - a.vy) * ny;
  if (approach >= 0) return;
  const j = (-(1 + bounce) * approach) / (1 / ma + 1 / mb);
  a.vx -= (j / ma) * nx;
  a.vy -= (j / ma) * ny;
  b.vx += (j / mb) * nx;
  b.vy += (j / mb) * ny;
}

/** Every overlapping pair of players, in id order: halves of the overlap each way, then momentum. */
export function collidePlayers(players: PitchPlayer[]): void {
  for (let i = 0; i < players.length; i++) {
    for (let j = i + 1; j < players.length; j++) {
      const a = players[i];
      const b = players[j];
      if (!a || !b) continue;
      const c = contactNormal(a, b, 2 * PLAYER_RADIUS);
      if (!c) continue;
      a.x -= (c.nx * c.overlap) / 2;
      a.y -= (c.ny * c.overlap) / 2;
      b.x += (c.nx * c.overlap) / 2;
      b.y += (c.ny * c.overlap) / 2;
      exchangeMomentum(a, PLAYER_MASS, b, PLAYER_MASS, c.nx, c.ny, PLAYER_BOUNCE);
    }
  }
}

/** Each player (in id order) overlapping the ball pushes it: the overlap splits by inverse mass. */
export function collideBall(players: PitchPlayer[], ball: BallState): void {
  const ballShare = PLAYER_MASS / (PLAYER_MASS + BALL_MASS);
  for (const p of players) {
    const c = contactNormal(p, ball, PLAYER_RADIUS + BALL_RADIUS);
    if (!c) continue;
    p.x -= c.nx * c.overlap * (1 - ballShare);
    p.y -= c.ny * c.overlap * (1 - ballShare);
    // The ball's part goes through the wall checks, so a player cannot press the ball through a wall.
    shoveBall(ball, c.nx * c.overlap * ballShare, c.ny * c.overlap * ballShare);
    exchangeMomentum(p, PLAYER_MASS, ball, BALL_MASS, c.nx, c.ny, BALL_BOUNCE);
    ball.lastTouch = p.id;
  }
}

/** Whole ticks a player waits between kicks. */
export function kickCooldownTicks(tickrate: number): number {
  return ticksFor(KICK_COOLDOWN_SECONDS, tickrate);
}

/**
 * The line a kick by `p` under `cmd` pushes the ball along, or null when there is no kick: the
 * button is up, the kick is not ready, or `p`'s edge is KICK_REACH or more from the ball's edge.
 * Shared with prediction (`kicksBall`), so a client's guess at its own kick is the server's rule.
 */
export function kickContact(
  p: Readonly<PitchPlayer>,
  cmd: Readonly<PushCmd>,
  ball: Readonly<Disc>,
): { nx: number; ny: number; overlap: number } | null {
  if ((cmd.buttons & BUTTON_KICK) === 0 || p.kickCooldown > 0) return null;
  return contactNormal(p, ball, PLAYER_RADIUS + BALL_RADIUS + KICK_REACH);
}

/** Whether `p` (as it is after its own move this tick) kicks `ball` under `cmd`. */
export function kicksBall(p: Readonly<PitchPlayer>, cmd: Readonly<PushCmd>, ball: Readonly<Disc>): boolean {
  return kickContact(p, cmd, ball) !== null;
}

/**
 * Players (in id order, commands aligned with them) holding kick, ready, and with their edge less
 * than KICK_REACH from the ball's edge add KICK_SPEED to the ball, from their centre toward the ball's.
 */
export function applyKicks(
  players: PitchPlayer[],
  cmds: readonly PushCmd[],
  ball: BallState,
  tickrate: number,
  events: PushEvent[],
): void {
  players.forEach((p, i) => {
    const cmd = cmds[i];
    const c = cmd ? kickContact(p, cmd, ball) : null;
    if (!c) return;
    ball.vx += c.nx * KICK_SPEED;
    ball.vy += c.ny * KICK_SPEED;
    ball.lastTouch = p.id;
    p.kickCooldown = kickCooldownTicks(tickrate);
    events.push({ type: 'kick', playerId: p.id });
  });
}
