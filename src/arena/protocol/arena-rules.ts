/**
 * The arena's rules block for the snapshot schema: the match block (protocol 3: mode, map, phase
 * and clock, scores, teams, pickups, results), coded by match-block.ts and hashed for the baseline
 * checksum by checksum-objects.ts (objects) and match-emit.ts (bytes).
 */
import { mixMatch } from './checksum-objects';
import { emitMatch, matchBytesBound } from './match-emit';
import { readMatchBlock, readQuantizedBlock, newMatchRows, writeQuantizedMatchBlock } from './match-block';
import { MATCH_PLAYER_CODEC, MAX_MATCH_PLAYERS } from './match-codecs';
import { QuantizedMatchMemo, quantizeMatch } from './match-value';
import { RowListReader } from '../../protocol/row-list-read';
import { compileRowCodec } from '../../protocol/row-read';
import type { RulesBlockCodec } from '../../protocol/snapshot-schema';
import type { TableCodec } from '../../protocol/table-codec';
import type { PublicMatchState } from '../../sim/match-types';

const MATCH_PLAYER_ROWS = compileRowCodec(MATCH_PLAYER_CODEC as TableCodec<unknown>);

export const ARENA_RULES: RulesBlockCodec<PublicMatchState> = {
  empty: quantizeMatch(undefined),
  quantize: (m) => quantizeMatch(m),
  newMemo: () => new QuantizedMatchMemo(),
  newWriter() {
    const rows = newMatchRows();
    return { write: (w, target, base, ctx) => writeQuantizedMatchBlock(w, target, base, ctx, rows) };
  },
  newReader() {
    // The block's players through rows too, sharing the baseline's unchanged ones.
    const players = new RowListReader(MATCH_PLAYER_CODEC, MATCH_PLAYER_ROWS, MAX_MATCH_PLAYERS, {
      lo: 0,
      hi: MAX_MATCH_PLAYERS - 1,
    });
    return { read: (r, base, ctx) => readQuantizedBlock(r, base, ctx, (rr, b, c) => players.read(rr, b, c)) };
  },
  read: (r, base, ctx) => readMatchBlock(r, base, ctx),
  mix: mixMatch,
  emit: emitMatch,
  emitBound: matchBytesBound,
};
