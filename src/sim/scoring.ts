/**
 * Scoring and the damage rules of a match, applied during a world step (server only: clients see
 * the results in snapshots, never predict them).
 *
 * Rules: nobody takes damage once the match has ended; in team deathmatch a team mate takes none
 * unless friendly fire is on (your own rockets always hurt you). A kill of an enemy is +1 to the
 * killer and to its team; a suicide or a team kill is −1 (and no kill). Shots, hits (shots that
 * damaged an enemy), damage dealt and kill streaks are counted for the awards.
 * Inputs/effects: the tick context's `match` records: copied on a tick's first change, then changed
 * in place for the rest of that tick (never an object an older world holds).
 */
import { areEnemies, recordOf } from './match';
import { GameMode, MatchPhase, type MatchPlayer, type MatchState } from './match-types';
import type { TickContext } from './tick-context';
import type { PlayerId } from './types';

/**
 * The match this tick may change in place: on the first change of a tick the match object and its
 * arrays are copied (the input world and older worlds keep the originals); later changes in the
 * same tick reuse that copy, so a tick of many shots copies the match once, not once per shot.
 */
function ownMatch(ctx: TickContext): MatchState {
  if (ctx.ownedMatch !== ctx.match) {
    ctx.match = { ...ctx.match, players: ctx.match.players.slice(), teamScores: ctx.match.teamScores.slice() };
    ctx.ownedMatch = ctx.match;
    ctx.scratch.ownedRecords.length = 0;
  }
  return ctx.match;
}

/** `id`'s record, writable in this tick (copied on its first change), or undefined for a leaver. */
function writableRecord(ctx: TickContext, id: PlayerId): MatchPlayer | undefined {
  let i = 0;
  while (i < ctx.match.players.length && ctx.match.players[i]!.id !== id) i++;
  if (i === ctx.match.players.length) return undefined;
  const players = ownMatch(ctx).players;
  const owned = ctx.scratch.ownedRecords;
  let r = players[i]!;
  if (!owned.includes(r)) {
    r = { ...r };
    players[i] = r;
    owned.push(r);
  }
  return r;
}

function addTeamScore(ctx: TickContext, id: PlayerId, delta: number): void {
  if (ctx.match.rules.mode !== GameMode.TeamDeathmatch) return;
  const team = recordOf(ctx.match, id)?.team ?? 0;
  if (team === 0) return;
  const teamScores = ownMatch(ctx).teamScores;
  teamScores[team - 1] = (teamScores[team - 1] ?? 0) + delta;
}

/** Whether `attacker` may hurt `target` now. */
export function damageAllowed(ctx: TickContext, attacker: PlayerId, target: PlayerId): boolean {
  const m = ctx.match;
  if (m.phase === MatchPhase.Ended) return false;
  if (attacker === target || m.rules.mode !== GameMode.TeamDeathmatch || m.rules.friendlyFire) return true;
  return areEnemies(m, attacker, target);
}

export function noteShot(ctx: TickContext, shooter: PlayerId): void {
  const r = writableRecord(ctx, shooter);
  if (r) r.shots += 1;
}

/** A shot of `shooter` damaged at least one enemy (call once per shot). */
export function noteHitShot(ctx: TickContext, shooter: PlayerId): void {
  const r = writableRecord(ctx, shooter);
  if (r) r.hits += 1;
}

/** `dealt` health removed from `target` by `attacker`: counted when they are enemies. */
export function noteDamage(ctx: TickContext, attacker: PlayerId, target: PlayerId, dealt: number): void {
  if (dealt <= 0 || !areEnemies(ctx.match, attacker, target)) return;
  const r = writableRecord(ctx, attacker);
  if (r) r.damage += dealt;
}

/** Scores a death. Returns true when the killer earns a kill (an enemy: not a suicide or a team kill). */
export function noteKill(ctx: TickContext, killer: PlayerId, victim: PlayerId): boolean {
  const dead = writableRecord(ctx, victim);
  if (dead) dead.streak = 0;
  const enemy = areEnemies(ctx.match, killer, victim);
  const delta = enemy ? 1 : -1;
  // A killer who has left (its rocket still flying) has no record: nothing to score.
  const r = writableRecord(ctx, killer);
  if (r) {
    r.score += delta;
    if (enemy) {
      r.bestStreak = Math.max(r.bestStreak, r.streak + 1);
      r.streak += 1;
    }
  }
  if (recordOf(ctx.match, killer)) addTeamScore(ctx, killer, delta);
  return enemy;
}
