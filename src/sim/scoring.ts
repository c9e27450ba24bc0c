/**
 * Scoring and the damage rules of a match, applied during a world step (server only: clients see
 * the results in snapshots, never predict them).
 *
 * Rules: nobody takes damage once the match has ended; in team deathmatch a team mate takes none
 * unless friendly fire is on (your own rockets always hurt you). A kill of an enemy is +1 to the
 * killer and to its team; a suicide or a team kill is −1 (and no kill). Shots, hits (shots that
 * damaged an enemy), damage dealt and kill streaks are counted for the awards.
 * Inputs/effects: the tick context's `match` records (replaced, never mutated in place).
 */
import { areEnemies, recordOf } from './match';
import { GameMode, MatchPhase, type MatchPlayer } from './match-types';
import type { TickContext } from './tick-context';
import type { PlayerId } from './types';

function update(ctx: TickContext, id: PlayerId, change: (r: MatchPlayer) => Partial<MatchPlayer>): void {
  const i = ctx.match.players.findIndex((p) => p.id === id);
  const r = ctx.match.players[i];
  if (!r) return;
  const players = ctx.match.players.slice();
  players[i] = { ...r, ...change(r) };
  ctx.match = { ...ctx.match, players };
}

function addTeamScore(ctx: TickContext, id: PlayerId, delta: number): void {
  if (ctx.match.rules.mode !== GameMode.TeamDeathmatch) return;
  const team = recordOf(ctx.match, id)?.team ?? 0;
  if (team === 0) return;
  const teamScores = ctx.match.teamScores.slice();
  teamScores[team - 1] = (teamScores[team - 1] ?? 0) + delta;
  ctx.match = { ...ctx.match, teamScores };
}

/** Whether `attacker` may hurt `target` now. */
export function damageAllowed(ctx: TickContext, attacker: PlayerId, target: PlayerId): boolean {
  const m = ctx.match;
  if (m.phase === MatchPhase.Ended) return false;
  if (attacker === target || m.rules.mode !== GameMode.TeamDeathmatch || m.rules.friendlyFire) return true;
  return areEnemies(m, attacker, target);
}

export function noteShot(ctx: TickContext, shooter: PlayerId): void {
  update(ctx, shooter, (r) => ({ shots: r.shots + 1 }));
}

/** A shot of `shooter` damaged at least one enemy (call once per shot). */
export function noteHitShot(ctx: TickContext, shooter: PlayerId): void {
  update(ctx, shooter, (r) => ({ hits: r.hits + 1 }));
}

/** `dealt` health removed from `target` by `attacker`: counted when they are enemies. */
export function noteDamage(ctx: TickContext, attacker: PlayerId, target: PlayerId, dealt: number): void {
  if (dealt > 0 && areEnemies(ctx.match, attacker, target)) update(ctx, attacker, (r) => ({ damage: r.damage + dealt }));
}

/** Scores a death. Returns true when the killer earns a kill (an enemy: not a suicide or a team kill). */
export function noteKill(ctx: TickContext, killer: PlayerId, victim: PlayerId): boolean {
  update(ctx, victim, () => ({ streak: 0 }));
  const enemy = areEnemies(ctx.match, killer, victim);
  const delta = enemy ? 1 : -1;
  // A killer who has left (its rocket still flying) has no record: nothing to score.
  update(ctx, killer, (r) => ({
    score: r.score + delta,
    streak: enemy ? r.streak + 1 : r.streak,
    bestStreak: enemy ? Math.max(r.bestStreak, r.streak + 1) : r.bestStreak,
  }));
  if (recordOf(ctx.match, killer)) addTeamScore(ctx, killer, delta);
  return enemy;
}
