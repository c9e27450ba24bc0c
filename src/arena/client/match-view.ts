/**
 * The match as the HUD and the end screen show it, built from the newest snapshot's match block:
 * the clock in whole seconds, the local player's score and place, the leader, the map, and which
 * pickups to draw (the server's timers with the local player's own predicted takes).
 *
 * Inputs: the block, the local id, the server time in ticks (fractional) and the tick rate, the
 * predicted pickup timers. Output: a plain MatchView. Pure; the same block gives every page the
 * same ranking (the sim's `rankStandings`, ties by id).
 */
import { mapById } from '../../sim/maps';
import { GameMode, MatchPhase, Team, type MatchResults, type PublicMatchState } from '../../sim/match-types';
import { isAvailable } from '../../sim/pickups';
import { placesOf, rankStandings } from '../../sim/ranking';
import { DEFAULT_MAP } from '../../sim/map';
import type { ArenaMap, PlayerId, Tick } from '../../sim/types';

export interface MatchView {
  mode: GameMode;
  mapId: number;
  map: ArenaMap;
  phase: MatchPhase;
  /** Counts matches started: a new value means a new match (clear the end screen). */
  seq: number;
  /** Whole seconds left in the warm-up or of the time limit (rounded up); null without a clock. */
  secondsLeft: number | null;
  fragLimit: number;
  timeLimitS: number;
  friendlyFire: boolean;
  /** Red, blue (0, 0 in deathmatch). */
  teamScores: [number, number];
  myTeam: Team;
  myScore: number;
  /** 1-based place by score (equal scores share it), and out of how many. */
  myPlace: number;
  playerCount: number;
  /** The best player (deathmatch) or the best player of the leading team; null when nobody plays. */
  leader: { id: PlayerId; score: number; bot: boolean } | null;
  /** Every player's team, score and bot flag, ranked (best first). */
  ranking: Array<{ id: PlayerId; team: Team; score: number; bot: boolean; place: number }>;
  /** Per pickup spot of `map`: drawn (available) or not. */
  pickupsUp: boolean[];
  /** Frozen when the match ended: the same on every page. */
  results: MatchResults | null;
}

export function buildMatchView(
  m: PublicMatchState,
  localId: PlayerId,
  serverTick: number,
  tickrate: number,
  pickups: readonly Tick[],
): MatchView {
  const ranked = rankStandings(m.players.map((p) => ({ id: p.id, team: p.team, score: p.score, kills: 0, deaths: 0 })));
  const places = placesOf(ranked);
  const byId = new Map(m.players.map((p) => [p.id, p]));
  const ranking = ranked.map((s, i) => ({
    id: s.id,
    team: s.team,
    score: s.score,
    bot: byId.get(s.id)?.bot ?? false,
    place: places[i] ?? i + 1,
  }));
  const me = ranking.find((r) => r.id === localId);
  const red = m.teamScores[0] ?? 0;
  const blue = m.teamScores[1] ?? 0;
  const leadingTeam = m.mode === GameMode.TeamDeathmatch ? (blue > red ? Team.Blue : Team.Red) : Team.None;
  const top = ranking.find((r) => leadingTeam === Team.None || r.team === leadingTeam) ?? null;
  const clock = m.phaseEndTick > 0 && (m.phase === MatchPhase.Warmup || m.phase === MatchPhase.Live);
  return {
    mode: m.mode,
    mapId: m.mapId,
    map: mapById(m.mapId) ?? DEFAULT_MAP,
    phase: m.phase,
    seq: m.seq,
    secondsLeft: clock ? Math.max(0, Math.ceil((m.phaseEndTick - serverTick) / tickrate)) : null,
    fragLimit: m.fragLimit,
    timeLimitS: m.timeLimitS,
    friendlyFire: m.friendlyFire,
    teamScores: [red, blue],
    myTeam: me?.team ?? Team.None,
    myScore: me?.score ?? 0,
    myPlace: me?.place ?? ranking.length + 1,
    playerCount: ranking.length,
    leader: top ? { id: top.id, score: top.score, bot: top.bot } : null,
    ranking,
    pickupsUp: pickups.map((t) => isAvailable(t, Math.floor(serverTick))),
    results: m.results,
  };
}
