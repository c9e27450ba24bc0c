/**
 * Writing table-coded state objects (table-codec.ts): a packed row in full, or as a delta against a
 * base row of the same entity. Delta layout: [hot mask][rare mask][hot deltas][rare deltas]. Each
 * mask is coded as the index of one of the table's common masks (unary: 0, 10, 110, …) or, after
 * all ones, the raw mask: most moving players change all their hot fields, idle ones only their
 * aim, and rare fields change together (a respawn: health, alive, teleportSeq), so a mask usually
 * costs 1-3 bits. Works on packed rows (numbers in typed arrays, no per-field objects or closures).
 * Invariant: walks the fields in the order the readers (table-read.ts) do.
 */
import type { BitWriter } from './bits';
import type { FieldContext } from './field-codecs';
import { fieldChanged, writeFieldDelta, writeFieldFull } from './field-write';
import { packRow, type Field, type TableCodec } from './table-codec';

/** Every field of the row in full, key fields included unless `skipKeys`. */
export function writeFullRow(
  w: BitWriter,
  tc: TableCodec<unknown>,
  d: Float64Array,
  off: number,
  ctx: FieldContext,
  skipKeys = false,
): void {
  const all = tc.all;
  for (let i = 0; i < all.length; i++) {
    const f = all[i]!;
    if (skipKeys && f.group === 'key') continue;
    writeFieldFull(w, f, d, off, ctx);
  }
}

function writeMask(w: BitWriter, patterns: readonly number[], mask: number, width: number): void {
  let code = 0;
  while (code < patterns.length && patterns[code] !== mask) code++;
  // Unary index: `code` ones, then a zero unless the raw mask follows.
  if (code > 0) w.writeBits((1 << code) - 1, code);
  if (code < patterns.length) w.writeBits(0, 1);
  else w.writeBits(mask, width);
}

function changeMask(fields: readonly Field[], d: Float64Array, off: number, b: Float64Array, boff: number): number {
  let mask = 0;
  for (let i = 0; i < fields.length; i++) mask = mask * 2 + (fieldChanged(fields[i]!, d, off, b, boff) ? 1 : 0);
  return mask;
}

function writeChanged(
  w: BitWriter,
  fields: readonly Field[],
  mask: number,
  d: Float64Array,
  off: number,
  b: Float64Array,
  boff: number,
  ctx: FieldContext,
): void {
  for (let i = 0; i < fields.length; i++) {
    if ((mask & (1 << (fields.length - 1 - i))) !== 0) writeFieldDelta(w, fields[i]!, d, off, b, boff, ctx);
  }
}

/** Delta of the row at `off` against the row at `boff` (same entity: key fields equal and not written). */
export function writeDeltaRow(
  w: BitWriter,
  tc: TableCodec<unknown>,
  d: Float64Array,
  off: number,
  b: Float64Array,
  boff: number,
  ctx: FieldContext,
): void {
  const hot = changeMask(tc.hot, d, off, b, boff);
  const rare = changeMask(tc.rare, d, off, b, boff);
  writeMask(w, tc.hotPatterns, hot, tc.hot.length);
  writeMask(w, tc.rarePatterns, rare, tc.rare.length);
  if (hot !== 0) writeChanged(w, tc.hot, hot, d, off, b, boff, ctx);
  if (rare !== 0) writeChanged(w, tc.rare, rare, d, off, b, boff, ctx);
}

/** Every field of `value` in full (packs it first: for small messages, not per-entity loops). */
export function writeFull<T extends object>(
  w: BitWriter,
  tc: TableCodec<T>,
  value: T,
  ctx: FieldContext,
  skipKeys = false,
): void {
  const row = new Float64Array(tc.stride);
  packRow(tc, value, row, 0);
  writeFullRow(w, tc, row, 0, ctx, skipKeys);
}

/** Delta of `value` against `base` (same entity), packing both first. */
export function writeDelta<T extends object>(
  w: BitWriter,
  tc: TableCodec<T>,
  value: T,
  base: T,
  ctx: FieldContext,
): void {
  const rows = new Float64Array(tc.stride * 2);
  packRow(tc, value, rows, 0);
  packRow(tc, base, rows, tc.stride);
  writeDeltaRow(w, tc, rows, 0, rows, tc.stride, ctx);
}
