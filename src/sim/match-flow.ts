/**
 * The match clock and its transitions, all in whole ticks:
 *   startMatch (the host, between ticks): new rules, teams dealt, scores wiped, everyone respawned
 *     on the (new) map, pickups back; then a warm-up of `warmupS` (or straight to live);
 *   warm-up → live at its end tick: scores wiped again, everyone respawned, the time limit starts;
 *   live → ended when the time runs out (at the start of the tick) or a frag limit is reached (at
 *     the end of the tick that reached it): the results are frozen and nobody acts until the host
 *     starts the next match.
 * Deterministic and pure: works on the tick context (world.ts) or returns a new world.
 * Invariants: a mass respawn places players one by one in id order with nobody else standing, so
 * the first ones spawn as far from each other as the map allows; every respawn bumps teleportSeq.
 */
import { computeResults } from './awards';
import { secondsToTicks, type SimConfig } from './config';
import { areEnemies, blankRecord, dealTeams, inPlay, teamOf } from './match';
import { GameMode, MatchPhase, type MatchRules, type MatchState } from './match-types';
import { freshPickups } from './pickups';
import { respawnedPlayer } from './player-state';
import { chooseSpawn, type SpawnFor } from './respawn';
import { beginTick, endTick, setPlayer, type TickContext } from './tick-context';
import { WEAPON_KEEP, type PlayerId, type SimEvent, type UserCmd, type WorldState } from './types';

/** How `id` spawns: on its team's side in team deathmatch, away from the sight of its enemies. */
export function spawnFor(ctx: TickContext, id: PlayerId): SpawnFor {
  const match = ctx.match;
  return { team: teamOf(match, id), isEnemy: (other) => areEnemies(match, id, other) };
}

/** The command a player runs at `tick`: its own, or standing still while the match is not in play. */
export function commandInPlay(match: Pick<MatchState, 'phase' | 'phaseEndTick'>, cmd: UserCmd, tick: number): UserCmd {
  return inPlay(match, tick) ? cmd : { ...cmd, moveX: 0, moveY: 0, buttons: 0, weaponSelect: WEAPON_KEEP };
}

function respawnEveryone(ctx: TickContext): void {
  // Nobody counts as standing anywhere until placed: old positions (maybe on another map) mean nothing.
  for (const h of ctx.hitboxes) h.alive = false;
  for (let i = 0; i < ctx.players.length; i++) {
    const p = ctx.players[i]!;
    const spot = chooseSpawn(ctx.cfg.map, ctx.hitboxes, ctx.rng, spawnFor(ctx, p.id));
    ctx.rng = spot.rng;
    const next = respawnedPlayer({ ...p, kills: 0, deaths: 0 }, spot.x, spot.y);
    setPlayer(ctx, i, next);
    ctx.events.push({ type: 'respawned', player: p.id, x: next.x, y: next.y });
  }
  ctx.projectiles = [];
  ctx.pickups = freshPickups(ctx.cfg.map);
}

function goLive(ctx: TickContext): void {
  const m = ctx.match;
  const timeLimit = m.rules.timeLimitS > 0 ? secondsToTicks(m.rules.timeLimitS, ctx.cfg.tickrate) : 0;
  ctx.match = {
    ...m,
    phase: MatchPhase.Live,
    phaseEndTick: timeLimit > 0 ? ctx.tick + timeLimit : 0,
    teamScores: [0, 0],
    players: m.players.map((p) => blankRecord(p.id, p.team, p.bot)),
    results: null,
  };
  respawnEveryone(ctx);
}

function endMatch(ctx: TickContext): void {
  ctx.match = {
    ...ctx.match,
    phase: MatchPhase.Ended,
    phaseEndTick: 0,
    results: computeResults(ctx.match, ctx.players),
  };
}

/** Start of a tick: the warm-up or the time limit runs out. */
export function advanceMatchClock(ctx: TickContext): void {
  const m = ctx.match;
  if (m.phaseEndTick === 0 || ctx.tick < m.phaseEndTick) return;
  if (m.phase === MatchPhase.Warmup) goLive(ctx);
  else if (m.phase === MatchPhase.Live) endMatch(ctx);
}

/** End of a tick: a live match whose frag limit was reached ends now. */
export function checkFragLimit(ctx: TickContext): void {
  const m = ctx.match;
  if (m.phase !== MatchPhase.Live || m.rules.fragLimit <= 0) return;
  const scores = m.rules.mode === GameMode.TeamDeathmatch ? m.teamScores : m.players.map((p) => p.score);
  if (scores.some((s) => s >= m.rules.fragLimit)) endMatch(ctx);
}

/**
 * The host starts a match (between ticks): `cfg.map` must be the map of `rules.mapId` (the caller
 * swaps the config). Returns the new world and the 'respawned' events (of the world's current tick).
 */
export function startMatch(
  world: WorldState,
  rules: MatchRules,
  cfg: SimConfig,
): { world: WorldState; events: SimEvent[] } {
  const ctx = beginTick(world, cfg, world.tick);
  const warmup = rules.warmupS > 0 ? secondsToTicks(rules.warmupS, cfg.tickrate) : 0;
  ctx.match = {
    rules: { ...rules },
    phase: MatchPhase.Warmup,
    phaseEndTick: world.tick + warmup,
    seq: (world.match.seq + 1) & 255,
    teamScores: [0, 0],
    players: dealTeams(world.match.players, rules.mode),
    results: null,
  };
  if (warmup > 0) respawnEveryone(ctx);
  else goLive(ctx);
  return { world: endTick(ctx), events: ctx.events };
}
