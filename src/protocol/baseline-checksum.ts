/**
 * Baseline checksum: 16 bits every delta snapshot carries about the snapshot it was coded against,
 * so a client whose copy of that baseline differs from the host's (a bug, a restarted decoder, a
 * hostile relay) finds out instead of silently decoding wrong state (docs/PROTOCOL.md).
 *
 * Input: a snapshot as either end holds it (quantized: every value on its wire grid), as the
 * client's Snapshot object (`snapshotChecksum`, the decoder) or as packed rows (`viewChecksum`,
 * the encoder: the same numbers, so the same hash; a unit test holds them together).
 * Output: FNV-1a (32-bit) over self, then every entity list (count, then each entity), field by
 * field in table order, then the rules block's bytes (the game's `RulesBlockCodec.emit`; the
 * arena's: every number of `matchWords`, protocol 3), folded to 16 bits. Both ends compute it from the values, never from bytes, so it needs no agreement on
 * encoding; events and header timings are not part of a baseline.
 */
import { FieldKind } from './field-codecs';
import type { Field, TableCodec } from './table-codec';
import type { SnapshotWire } from './snapshot-schema';
import { omits, type SnapshotView } from './snapshot-view';
import { FNV_OFFSET, fold, mixBytes } from './fnv';

// The FNV-1a primitives live in fnv.ts, the Snapshot-object side in snapshot-checksum.ts (the arena's
// match block: src/arena/protocol/checksum-objects.ts and match-emit.ts).
export { FNV_OFFSET, FNV_PRIME, P2, fold, mixBytes, mixInt, mixInt32, mixWord } from './fnv';
export { snapshotChecksum } from './snapshot-checksum';

/** Appends the two bytes `mixWord` mixes for `word`; returns the new end. */
function emitWord(out: Uint8Array, at: number, word: number): number {
  out[at] = word & 0xff;
  out[at + 1] = (word >>> 8) & 0xff;
  return at + 2;
}

/** The bytes `mixInt` mixes for `n`. */
function emitInt(out: Uint8Array, at: number, n: number): number {
  if (n === (n | 0)) return emitWord(out, emitWord(out, at, n & 0xffff), (n >> 16) & 0xffff);
  const low = ((n % 65536) + 65536) % 65536;
  const high = ((Math.floor(n / 65536) % 65536) + 65536) % 65536;
  return emitWord(out, emitWord(out, at, low), high);
}

/** Most bytes one row of `codec` can emit (4 per number, 2 more per array). */
export const rowBytes = (codec: TableCodec<unknown>): number => (codec.stride + codec.all.length) * 4;

/** The bytes `mixEntity` mixes for the object a packed row came from, appended at `at`; returns the new end. */
export function emitRow(out: Uint8Array, at: number, fields: readonly Field[], d: Float64Array, off: number): number {
  let end = at;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    const col = off + f.col;
    switch (f.kind) {
      case FieldKind.Bool:
        end = emitWord(out, end, d[col]!);
        break;
      case FieldKind.Ammo:
        end = emitWord(out, end, f.width);
        for (let k = 0; k < f.width; k++) end = emitInt(out, end, Math.round(d[col + k]! * 16));
        break;
      case FieldKind.Pos:
      case FieldKind.PredictedPos:
      case FieldKind.Vel:
        // Already the grid integer (value × 16).
        end = emitInt(out, end, Math.round(d[col]!));
        break;
      default:
        end = emitInt(out, end, Math.round(d[col]! * 16));
    }
  }
  return end;
}

/** The bytes `mixNumber` (fnv.ts) mixes for `v`, written at `at`; returns the new end (4 at most). For a game's own rules block. */
export const emitNumber = (out: Uint8Array, at: number, v: number): number => emitInt(out, at, Math.round(v * 16));

/** `snapshotChecksum` of the snapshot a view describes (self, then its lists less any left-out id). */
export function viewChecksum(wire: SnapshotWire, v: SnapshotView): number {
  let bound = rowBytes(wire.self as TableCodec<unknown>) + 4 * wire.sections.length + wire.rules.emitBound(v.match);
  for (let i = 0; i < wire.sections.length; i++)
    bound += v.lists[i]!.count * rowBytes(wire.sections[i]!.codec as TableCodec<unknown>);
  const bytes = new Uint8Array(bound);
  let end = emitRow(bytes, 0, wire.self.all, v.selfRows.data, v.selfIndex * v.selfRows.stride);
  for (let i = 0; i < wire.sections.length; i++) {
    const rows = v.lists[i]!;
    const fields = wire.sections[i]!.codec.all;
    let count = rows.count;
    for (let k = 0; k < rows.count; k++) if (omits(v, i, rows.id(k))) count--;
    end = emitWord(bytes, end, count);
    for (let k = 0; k < rows.count; k++)
      if (!omits(v, i, rows.id(k))) end = emitRow(bytes, end, fields, rows.data, k * rows.stride);
  }
  end = wire.rules.emit(bytes, end, v.match);
  return fold(mixBytes(FNV_OFFSET, bytes, 0, end));
}
