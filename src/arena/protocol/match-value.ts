/**
 * The snapshot's match block as a value, apart from its wire coding (match-block.ts): the block
 * exactly as a round trip returns it (`quantizeMatch`, the sim's key order, players sorted by id),
 * equality of two blocks (`sameBlock`, which decides the one "unchanged" bit), and the block as
 * numbers for the baseline checksum (`matchWords`). Quantized blocks are never changed, so they
 * share unchanged player rows and compare them by identity first.
 */
import { MatchPhase, type MatchResults, type PublicMatchPlayer, type PublicMatchState } from '../../sim/match-types';
import { MATCH_HEADER_CODEC, copyMatchPlayer, type MatchHeader } from './match-codecs';
import { pickFields } from '../../protocol/table-codec';

/** The block of a snapshot that carries none (a world without match rules): what an absent `match` means. */
export const EMPTY_MATCH: Readonly<PublicMatchState> = Object.freeze({
  mode: 0,
  mapId: 0,
  phase: MatchPhase.Waiting,
  phaseEndTick: 0,
  fragLimit: 0,
  timeLimitS: 0,
  friendlyFire: false,
  seq: 0,
  teamScores: [0, 0],
  players: [],
  pickups: [],
  results: null,
});

export function headerOf(m: PublicMatchState): MatchHeader {
  return {
    mode: m.mode,
    mapId: m.mapId,
    phase: m.phase,
    phaseEndTick: m.phaseEndTick,
    fragLimit: m.fragLimit,
    timeLimitS: m.timeLimitS,
    friendlyFire: m.friendlyFire,
    seq: m.seq,
    redScore: m.teamScores[0] ?? 0,
    blueScore: m.teamScores[1] ?? 0,
  };
}

export function assemble(
  h: MatchHeader,
  players: PublicMatchState['players'],
  pickups: number[],
  results: MatchResults | null,
): PublicMatchState {
  return {
    mode: h.mode,
    mapId: h.mapId,
    phase: h.phase,
    phaseEndTick: h.phaseEndTick,
    fragLimit: h.fragLimit,
    timeLimitS: h.timeLimitS,
    friendlyFire: h.friendlyFire,
    seq: h.seq,
    teamScores: [h.redScore, h.blueScore],
    players,
    pickups,
    results,
  };
}

function cloneResults(r: MatchResults | null): MatchResults | null {
  if (!r) return null;
  return {
    standings: r.standings.map((s) => ({ id: s.id, team: s.team, score: s.score, kills: s.kills, deaths: s.deaths })),
    awards: r.awards.map((a) => ({ kind: a.kind, player: a.player, value: a.value })),
    winnerTeam: r.winnerTeam,
  };
}

const byId = (a: PublicMatchPlayer, b: PublicMatchPlayer): number => a.id - b.id;

/** Whether two players' rows of the block are equal (every field of MATCH_PLAYER_CODEC). */
const samePlayerRow = (a: PublicMatchPlayer, b: PublicMatchPlayer): boolean =>
  a.id === b.id && a.team === b.team && a.score === b.score && a.bot === b.bot;

/**
 * The block exactly as a round trip returns it (players sorted by id, sim key order). `reuse`: an
 * earlier quantized block whose player rows may be shared where they are equal (quantized blocks are
 * never changed), so a block with one new score copies one row, not every player's.
 */
export function quantizeMatch(m: PublicMatchState | undefined, reuse?: PublicMatchState): PublicMatchState {
  const src = m ?? EMPTY_MATCH;
  let sorted: readonly PublicMatchPlayer[] = src.players;
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i - 1]!.id >= sorted[i]!.id) {
      sorted = [...src.players].sort(byId);
      break;
    }
  }
  const old = reuse?.players ?? [];
  const players: PublicMatchPlayer[] = [];
  // Both lists are in id order: one cursor finds each player's earlier row.
  for (let i = 0, j = 0; i < sorted.length; i++) {
    const p = sorted[i]!;
    while (j < old.length && old[j]!.id < p.id) j++;
    const q = old[j];
    players.push(q && samePlayerRow(q, p) ? q : copyMatchPlayer(p));
  }
  return assemble(
    pickFields(MATCH_HEADER_CODEC, headerOf(src)),
    players,
    src.pickups.slice(),
    cloneResults(src.results),
  );
}

/**
 * `quantizeMatch` of the last block asked for, kept while the same block object is asked for again:
 * a block is never changed once built (the server's MatchBlockCache hands out one object until the
 * match or the pickups change), and quantizing a block (a record per player) every tick was waste.
 */
export class QuantizedMatchMemo {
  private source: PublicMatchState | undefined = undefined;
  private value: PublicMatchState | null = null;

  of(m: PublicMatchState | undefined): PublicMatchState {
    if (this.value === null || m !== this.source) {
      this.value = quantizeMatch(m, this.value ?? undefined);
      this.source = m;
    }
    return this.value;
  }
}

/** The results as numbers (0 = none), as `matchWords` ends. */
export function resultsWords(r: MatchResults | null): number[] {
  if (!r) return [0];
  const out = [1, r.winnerTeam, r.standings.length];
  for (const s of r.standings) out.push(s.id, s.team, s.score, s.kills, s.deaths);
  out.push(r.awards.length);
  for (const a of r.awards) out.push(a.kind, a.player, a.value);
  return out;
}

/** The block as a flat list of numbers in wire order (header, players, pickups, results), for the baseline checksum. */
export function matchWords(m: PublicMatchState | undefined): number[] {
  const src = m ?? EMPTY_MATCH;
  const h = headerOf(src) as unknown as Record<string, number | boolean>;
  const out: number[] = MATCH_HEADER_CODEC.all.map((f) => Number(h[f.key]));
  out.push(src.players.length);
  for (const p of src.players) out.push(p.id, p.team, p.score, p.bot ? 1 : 0);
  out.push(src.pickups.length, ...src.pickups);
  out.push(...resultsWords(src.results));
  return out;
}

/** Whether two number lists are equal, element by element. */
export function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export const sameResults = (a: MatchResults | null, b: MatchResults | null): boolean =>
  a === b || (a !== null && b !== null && sameList(resultsWords(a), resultsWords(b)));

/**
 * `sameList(matchWords(a), matchWords(b))` without building the lists: the server asks it for every
 * baseline in use every tick, and two word lists per ask were most of the block's garbage.
 */
export function sameBlock(a: PublicMatchState, b: PublicMatchState): boolean {
  if (a === b) return true;
  const header =
    a.mode === b.mode &&
    a.mapId === b.mapId &&
    a.phase === b.phase &&
    a.phaseEndTick === b.phaseEndTick &&
    a.fragLimit === b.fragLimit &&
    a.timeLimitS === b.timeLimitS &&
    a.friendlyFire === b.friendlyFire &&
    a.seq === b.seq &&
    (a.teamScores[0] ?? 0) === (b.teamScores[0] ?? 0) &&
    (a.teamScores[1] ?? 0) === (b.teamScores[1] ?? 0);
  if (!header || a.players.length !== b.players.length) return false;
  // A row shared by both blocks (quantized rows are never changed) is the same without a look.
  for (let i = 0; i < a.players.length; i++)
    if (a.players[i] !== b.players[i] && !samePlayerRow(a.players[i]!, b.players[i]!)) return false;
  return sameList(a.pickups, b.pickups) && sameResults(a.results, b.results);
}
