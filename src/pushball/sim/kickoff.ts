/**
 * Kickoff positions: each team on its own side of the centre line, team mates spread vertically
 * in ascending id order, the ball at rest on the centre spot. Used at match start, when players
 * join during a kickoff, and after the pause that follows a goal.
 */
import { CENTRE_X, CENTRE_Y, KICKOFF_OFFSET_X, KICKOFF_SPACING_Y } from './config';
import type { BallState, PitchPlayer, PitchTeam } from './types';

/** The kickoff spot of the `rank`-th (0-based, by id) of `count` players of `team`. */
export function kickoffSpot(team: PitchTeam, rank: number, count: number): { x: number; y: number } {
  return {
    x: team === 0 ? CENTRE_X - KICKOFF_OFFSET_X : CENTRE_X + KICKOFF_OFFSET_X,
    // Centred on the middle of the pitch: ranks 0..count-1 around CENTRE_Y (multiples of 40: on the grid).
    y: CENTRE_Y + (rank - (count - 1) / 2) * KICKOFF_SPACING_Y,
  };
}

/** Puts every player (sorted by id) on its kickoff spot at rest with the kick ready. Mutates the players. */
export function layoutPlayers(players: PitchPlayer[]): void {
  const counts = [0, 0];
  for (const p of players) counts[p.team] = (counts[p.team] ?? 0) + 1;
  const ranks = [0, 0];
  for (const p of players) {
    const rank = ranks[p.team] ?? 0;
    ranks[p.team] = rank + 1;
    const spot = kickoffSpot(p.team, rank, counts[p.team] ?? 1);
    p.x = spot.x;
    p.y = spot.y;
    p.vx = 0;
    p.vy = 0;
    p.kickCooldown = 0;
  }
}

/**
 * Where `layoutPlayers` puts player `id` of `players` (sorted by id): its team's kickoff spot for
 * its rank among its team mates. Null when `id` is not among them. A client predicting the kickoff
 * reset of its own player reads this, the server's layout writes it.
 */
export function kickoffSpotFor(players: readonly PitchPlayer[], id: number): { x: number; y: number } | null {
  const me = players.find((p) => p.id === id);
  if (!me) return null;
  const mates = players.filter((p) => p.team === me.team);
  return kickoffSpot(me.team, mates.indexOf(me), mates.length);
}

/** The ball at rest on the centre spot, touched by nobody. Mutates the ball. */
export function centreBall(ball: BallState): void {
  ball.x = CENTRE_X;
  ball.y = CENTRE_Y;
  ball.vx = 0;
  ball.vy = 0;
  ball.lastTouch = -1;
}
