/**
 * The snapshot's match block (protocol 3): mode, map, phase and clock, limits, team scores, every
 * player's team and score, the pickup timers and, once the match is over, its frozen results.
 * It rides at the end of every snapshot message (every part of a split one too, so each part
 * still decodes alone), delta-coded against the baseline's block like every other state.
 *
 * Layout, full (no baseline): [header: every field] [players: entity list against none]
 *                             [pickups] [results present: 1] [results]
 *         delta: [changed: 1] and, if changed: [header: delta] [players: entity list against the
 *                baseline's] [pickups same: 1] [pickups] [results same: 1] [present: 1] [results]
 * An unchanged block costs one bit. Strict: a block, pickups or results sent as changed must
 * differ from the baseline's (each has one encoding). Invariants: the decoder never throws; `quantizeMatch` is what
 * a round trip gives (the sim's key order); `matchWords` is the block as numbers for the checksum.
 */
import { MatchPhase, type MatchResults, type PublicMatchPlayer, type PublicMatchState } from '../sim/match-types';
import type { BitReader, BitWriter } from './bits';
import { readEntityList, sliceOf, writeListEntities, writeListHeader } from './entity-list';
import { EntityRows } from './entity-rows';
import type { FieldContext } from './field-codecs';
import {
  MATCH_HEADER_CODEC,
  MATCH_PLAYER_CODEC,
  MAX_MATCH_PLAYERS,
  copyMatchPlayer,
  readPickups,
  readResults,
  writePickups,
  writeResults,
  type MatchHeader,
} from './match-codecs';
import { pickFields, type TableCodec } from './table-codec';
import { readDelta, readFull } from './table-read';
import { writeDelta, writeFull } from './table-write';

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

const ALL_IDS = { lo: 0, hi: MAX_MATCH_PLAYERS - 1 };
type AnyRow = { id: number };
const PLAYER_ROWS_CODEC = MATCH_PLAYER_CODEC as unknown as TableCodec<AnyRow>;

/** The rows `writePlayers` packs the block's and the baseline's players into: the host keeps one pair. */
export interface MatchRows {
  readonly target: EntityRows<AnyRow>;
  readonly base: EntityRows<AnyRow>;
}

export const newMatchRows = (): MatchRows => ({
  target: new EntityRows<AnyRow>(PLAYER_ROWS_CODEC, 64),
  base: new EntityRows<AnyRow>(PLAYER_ROWS_CODEC, 64),
});

/** The players' rows as an entity list (entity-list.ts) against the baseline's (null: none). */
function writePlayers(
  w: BitWriter,
  t: readonly PublicMatchPlayer[],
  b: readonly PublicMatchPlayer[] | null,
  ctx: FieldContext,
  rows: MatchRows,
): void {
  const ts = sliceOf(rows.target.pack(t), ALL_IDS, -1);
  const bs = b ? sliceOf(rows.base.pack(b), ALL_IDS, -1) : null;
  writeListHeader(w, ts, bs);
  writeListEntities(w, PLAYER_ROWS_CODEC, ts, bs, ctx);
}

/** Reads the block's players (an entity list over ids 0-255) against the baseline block's (sorted). */
export type MatchPlayersReader = (
  r: BitReader,
  base: readonly PublicMatchPlayer[],
  ctx: FieldContext,
) => PublicMatchPlayer[];

const readPlayers: MatchPlayersReader = (r, base, ctx) =>
  readEntityList(r, MATCH_PLAYER_CODEC, MAX_MATCH_PLAYERS, base, ALL_IDS, ctx);

function headerOf(m: PublicMatchState): MatchHeader {
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

function assemble(
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

const sameResults = (a: MatchResults | null, b: MatchResults | null): boolean =>
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

function writeResultsField(w: BitWriter, r: MatchResults | null): void {
  w.writeBool(r !== null);
  if (r) writeResults(w, r);
}

const readResultsField = (r: BitReader): MatchResults | null => (r.readBool() ? readResults(r) : null);

/**
 * `target` and `base` as `quantizeMatch` returns them (snapshot views hold them so); `base` is the
 * baseline's block (EMPTY_MATCH when the baseline has none), or null for a full snapshot.
 */
export function writeQuantizedMatchBlock(
  w: BitWriter,
  t: PublicMatchState,
  base: PublicMatchState | null,
  ctx: FieldContext,
  rows: MatchRows = newMatchRows(),
): void {
  if (!base) {
    writeFull(w, MATCH_HEADER_CODEC, headerOf(t), ctx);
    writePlayers(w, t.players, null, ctx, rows);
    writePickups(w, t.pickups, ctx);
    writeResultsField(w, t.results);
    return;
  }
  const changed = !sameBlock(t, base);
  w.writeBool(changed);
  if (!changed) return;
  writeDelta(w, MATCH_HEADER_CODEC, headerOf(t), headerOf(base), ctx);
  writePlayers(w, t.players, base.players, ctx, rows);
  const samePickups = sameList(t.pickups, base.pickups);
  w.writeBool(samePickups);
  if (!samePickups) writePickups(w, t.pickups, ctx);
  const sameRes = sameResults(t.results, base.results);
  w.writeBool(sameRes);
  if (!sameRes) writeResultsField(w, t.results);
}

/** `writeQuantizedMatchBlock` of any block (absent: EMPTY_MATCH). */
export function writeMatchBlock(
  w: BitWriter,
  target: PublicMatchState | undefined,
  base: PublicMatchState | null,
  ctx: FieldContext,
): void {
  writeQuantizedMatchBlock(w, quantizeMatch(target), base ? quantizeMatch(base) : null, ctx);
}

/** Reads what `writeMatchBlock` wrote; `base` is the baseline's block (null for a full snapshot). */
export function readMatchBlock(r: BitReader, base: PublicMatchState | null, ctx: FieldContext): PublicMatchState {
  return readQuantizedBlock(r, base ? quantizeMatch(base) : null, ctx, readPlayers);
}

/**
 * `readMatchBlock` against a baseline block `b` already as `quantizeMatch` returns it. Quantized
 * blocks are never changed, so the result shares what did not change: an unchanged block is `b`
 * itself, unchanged pickups and results are b's. `readList` reads the players' list (the compiled
 * decoder's reader also shares b's unchanged player rows).
 */
export function readQuantizedBlock(
  r: BitReader,
  b: PublicMatchState | null,
  ctx: FieldContext,
  readList: MatchPlayersReader,
): PublicMatchState {
  if (!b) {
    const header = readFull(r, MATCH_HEADER_CODEC, ctx);
    const players = readList(r, [], ctx);
    const pickups = readPickups(r, ctx);
    return assemble(header, players, pickups, readResultsField(r));
  }
  if (!r.readBool()) return b;
  const header = readDelta(r, MATCH_HEADER_CODEC, headerOf(b), ctx);
  const players = readList(r, b.players, ctx);
  const pickups = r.readBool() ? b.pickups : strictlyChanged(r, readPickups(r, ctx), b.pickups, 'pickups', sameList);
  const results = r.readBool() ? b.results : strictlyChanged(r, readResultsField(r), b.results, 'results', sameResults);
  const m = assemble(header, players, pickups, results);
  // Strict (as every other delta): an unchanged block is always the one "unchanged" bit.
  if (r.ok && sameBlock(m, b)) r.fail('match block marked changed but unchanged');
  return m;
}

/** Strict: a part sent behind a "same: 0" bit must differ from the baseline's. */
function strictlyChanged<T>(r: BitReader, read: T, base: T, what: string, same: (a: T, b: T) => boolean): T {
  if (r.ok && same(read, base)) r.fail(`match ${what} marked changed but unchanged`);
  return read;
}
