/**
 * The match's records outside the clock: creating a match, players joining and leaving (with
 * team balancing), dealing teams for a new match, and what clients may see (`publicMatch`).
 *
 * Inputs and outputs are plain values; nothing is mutated (every function returns a new state).
 * Invariants: `players` stays sorted by id with one record per player in the world; in team
 * deathmatch every record has team 1 or 2 and the team sizes differ by at most one after a deal
 * (joins go to the smaller team); in deathmatch every team is 0.
 */
import { DEFAULT_RULES } from './match-rules';
import {
  GameMode,
  MatchPhase,
  Team,
  type MatchPlayer,
  type MatchRules,
  type MatchState,
  type PublicMatchState,
} from './match-types';
import type { PlayerId, Tick, WorldState } from './types';

export function createMatch(rules: MatchRules = DEFAULT_RULES): MatchState {
  return {
    rules: { ...rules },
    phase: MatchPhase.Waiting,
    phaseEndTick: 0,
    seq: 0,
    teamScores: [0, 0],
    players: [],
    results: null,
  };
}

export function blankRecord(id: PlayerId, team: Team, bot: boolean): MatchPlayer {
  return { id, team, score: 0, bot, shots: 0, hits: 0, damage: 0, streak: 0, bestStreak: 0 };
}

const isTeamMode = (m: MatchState): boolean => m.rules.mode === GameMode.TeamDeathmatch;

/** The team a newcomer joins: the smaller one, then the one behind on points, then red. */
export function teamForNewcomer(m: MatchState): Team {
  if (!isTeamMode(m)) return Team.None;
  const red = m.players.filter((p) => p.team === Team.Red).length;
  const blue = m.players.filter((p) => p.team === Team.Blue).length;
  if (red !== blue) return red < blue ? Team.Red : Team.Blue;
  return (m.teamScores[1] ?? 0) < (m.teamScores[0] ?? 0) ? Team.Blue : Team.Red;
}

/**
 * A player joins: a blank record on the smaller team, or `returning`, the record it left with
 * earlier in this match (a rejoin keeps its team, score and counters).
 */
export function joinMatch(m: MatchState, id: PlayerId, bot: boolean, returning?: MatchPlayer): MatchState {
  const others = m.players.filter((p) => p.id !== id);
  const record = returning
    ? { ...returning, id, bot }
    : blankRecord(id, teamForNewcomer({ ...m, players: others }), bot);
  return { ...m, players: [...others, record].sort((a, b) => a.id - b.id) };
}

export function leaveMatch(m: MatchState, id: PlayerId): MatchState {
  return { ...m, players: m.players.filter((p) => p.id !== id) };
}

/**
 * Fresh records for a new match: scores and counters zeroed, teams dealt alternately (people
 * first, then bots, each in id order) so both teams get as many people and bots as possible.
 */
export function dealTeams(players: readonly MatchPlayer[], mode: GameMode): MatchPlayer[] {
  if (mode !== GameMode.TeamDeathmatch) return players.map((p) => blankRecord(p.id, Team.None, p.bot));
  const order = [...players.filter((p) => !p.bot), ...players.filter((p) => p.bot)];
  const teamOf = new Map<PlayerId, Team>();
  let red = 0;
  let blue = 0;
  for (const p of order) {
    const team = red <= blue ? Team.Red : Team.Blue;
    if (team === Team.Red) red++;
    else blue++;
    teamOf.set(p.id, team);
  }
  return players.map((p) => blankRecord(p.id, teamOf.get(p.id) ?? Team.Red, p.bot));
}

export function recordOf(m: MatchState, id: PlayerId): MatchPlayer | undefined {
  return m.players.find((p) => p.id === id);
}

export function teamOf(m: MatchState, id: PlayerId): Team {
  return recordOf(m, id)?.team ?? Team.None;
}

/** Enemies: anyone else in deathmatch; the other team in team deathmatch. */
export function areEnemies(m: MatchState, a: PlayerId, b: PlayerId): boolean {
  if (a === b) return false;
  if (!isTeamMode(m)) return true;
  return teamOf(m, a) !== teamOf(m, b);
}

/** Whether players act at `tick`: not while the match is over, nor from the tick its time runs out. */
export function inPlay(m: Pick<MatchState, 'phase' | 'phaseEndTick'>, tick: Tick): boolean {
  if (m.phase === MatchPhase.Ended) return false;
  return !(m.phase === MatchPhase.Live && m.phaseEndTick !== 0 && tick >= m.phaseEndTick);
}

/** The snapshot's match block: everything but the private counters (shots, hits, damage, streaks). */
export function publicMatch(world: Pick<WorldState, 'match' | 'pickups'>, mapId: number): PublicMatchState {
  const m = world.match;
  return {
    mode: m.rules.mode,
    mapId,
    phase: m.phase,
    phaseEndTick: m.phaseEndTick,
    fragLimit: m.rules.fragLimit,
    timeLimitS: m.rules.timeLimitS,
    friendlyFire: m.rules.friendlyFire,
    seq: m.seq,
    teamScores: m.teamScores.slice(),
    players: m.players.map((p) => ({ id: p.id, team: p.team, score: p.score, bot: p.bot })),
    pickups: world.pickups.slice(),
    results: m.results,
  };
}
