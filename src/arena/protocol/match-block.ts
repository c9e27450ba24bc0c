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
 * differ from the baseline's (each has one encoding). Invariant: the decoder never throws. The block
 * as a value (`quantizeMatch`, `sameBlock`, `matchWords`) is match-value.ts.
 */
import type { MatchResults, PublicMatchPlayer, PublicMatchState } from '../../sim/match-types';
import type { BitReader, BitWriter } from '../../protocol/bits';
import { readEntityList, sliceOf, writeListEntities, writeListHeader } from '../../protocol/entity-list';
import { EntityRows } from '../../protocol/entity-rows';
import type { FieldContext } from '../../protocol/field-codecs';
import {
  MATCH_HEADER_CODEC,
  MATCH_PLAYER_CODEC,
  MAX_MATCH_PLAYERS,
  readPickups,
  readResults,
  writePickups,
  writeResults,
} from './match-codecs';
import { assemble, headerOf, quantizeMatch, sameBlock, sameList, sameResults } from './match-value';
import type { TableCodec } from '../../protocol/table-codec';
import { readDelta, readFull } from '../../protocol/table-read';
import { writeDelta, writeFull } from '../../protocol/table-write';

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
