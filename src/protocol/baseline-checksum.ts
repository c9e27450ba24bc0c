/**
 * Baseline checksum: 16 bits every delta snapshot carries about the snapshot it was coded against,
 * so a client whose copy of that baseline differs from the host's (a bug, a restarted decoder, a
 * hostile relay) finds out instead of silently decoding wrong state (docs/PROTOCOL.md).
 *
 * Input: a snapshot as either end holds it (quantized: every value on its wire grid), as the
 * client's Snapshot object (`snapshotChecksum`, the decoder) or as packed rows (`viewChecksum`,
 * the encoder: the same numbers, so the same hash; a unit test holds them together).
 * Output: FNV-1a (32-bit) over self, then every entity list (count, then each entity), field by
 * field in table order, folded to 16 bits. Both ends compute it from the values, never from
 * bytes, so it needs no agreement on encoding; events and header timings are not part of a baseline.
 */
import { FieldKind } from './field-codecs';
import { PLAYER_CODEC, type Field, type TableCodec } from './fields';
import type { Snapshot } from './messages';
import { SECTIONS, omits, type SnapshotView } from './snapshot-view';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function mixWord(h: number, word: number): number {
  h = Math.imul(h ^ (word & 0xff), FNV_PRIME);
  return Math.imul(h ^ ((word >>> 8) & 0xff), FNV_PRIME);
}

/** An integer `n` (a value × 16) as two 16-bit words, low first, both taken modulo 65536. */
function mixInt(h: number, n: number): number {
  if (n === (n | 0)) return mixWord(mixWord(h, n & 0xffff), (n >> 16) & 0xffff);
  const low = ((n % 65536) + 65536) % 65536;
  const high = ((Math.floor(n / 65536) % 65536) + 65536) % 65536;
  return mixWord(mixWord(h, low), high);
}

/** A wire value as integers: positions and velocities are on a 1/16 grid, so × 16 is exact. */
function mixNumber(h: number, v: number): number {
  return mixInt(h, Math.round(v * 16));
}

function mixValue(h: number, v: unknown): number {
  if (typeof v === 'number') return mixNumber(h, v);
  if (typeof v === 'boolean') return mixWord(h, v ? 1 : 0);
  if (Array.isArray(v)) {
    let out = mixWord(h, v.length);
    for (const item of v) out = mixValue(out, item);
    return out;
  }
  return mixWord(h, 0xffff);
}

function mixEntity(h: number, codec: TableCodec<unknown>, entity: unknown): number {
  const bag = entity as Record<string, unknown>;
  let out = h;
  for (const f of codec.all) out = mixValue(out, bag[f.key]);
  return out;
}

export function snapshotChecksum(s: Snapshot): number {
  let h = mixEntity(FNV_OFFSET, PLAYER_CODEC, s.self);
  for (const sec of SECTIONS) {
    const list = s[sec.name];
    h = mixWord(h, list.length);
    for (const e of list) h = mixEntity(h, sec.codec, e);
  }
  return ((h >>> 16) ^ h) & 0xffff;
}

/** One packed row, as `mixEntity` mixes the object it came from. */
function mixRow(h: number, fields: readonly Field[], d: Float64Array, off: number): number {
  let out = h;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    const at = off + f.col;
    switch (f.kind) {
      case FieldKind.Bool:
        out = mixWord(out, d[at]!);
        break;
      case FieldKind.Ammo:
        out = mixWord(out, f.width);
        for (let k = 0; k < f.width; k++) out = mixInt(out, Math.round(d[at + k]! * 16));
        break;
      case FieldKind.Pos:
      case FieldKind.PredictedPos:
      case FieldKind.Vel:
        // Already the grid integer (value × 16).
        out = mixInt(out, Math.round(d[at]!));
        break;
      default:
        out = mixInt(out, Math.round(d[at]! * 16));
    }
  }
  return out;
}

/** `snapshotChecksum` of the snapshot a view describes (self, then its lists less any left-out id). */
export function viewChecksum(v: SnapshotView): number {
  let h = mixRow(FNV_OFFSET, PLAYER_CODEC.all, v.selfRows.data, v.selfIndex * v.selfRows.stride);
  for (let i = 0; i < SECTIONS.length; i++) {
    const rows = v.lists[i]!;
    const fields = SECTIONS[i]!.codec.all;
    let count = rows.count;
    for (let k = 0; k < rows.count; k++) if (omits(v, i, rows.id(k))) count--;
    h = mixWord(h, count);
    for (let k = 0; k < rows.count; k++) if (!omits(v, i, rows.id(k))) h = mixRow(h, fields, rows.data, k * rows.stride);
  }
  return ((h >>> 16) ^ h) & 0xffff;
}
