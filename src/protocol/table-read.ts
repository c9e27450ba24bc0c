/**
 * Reading table-coded state objects: what table-write.ts wrote, in full or as a delta against a
 * base object of the same entity, built straight into the sim's plain objects. Strict: a raw mask
 * that has a pattern code, or a field marked changed that did not change, is refused.
 * Invariants: a decoded object has the table's `objectOrder` keys (the sim's order) and nothing
 * else; the base is never mutated.
 */
import type { BitReader } from './bits';
import type { FieldContext } from './field-codecs';
import { readFieldDelta, readFieldFull } from './field-read';
import { pickFields, type Field, type TableCodec } from './table-codec';

type Bag = Record<string, unknown>;
const bag = (o: object): Bag => o as Bag;

/** Reads what `writeFull` wrote; `keys` supplies key fields when they were skipped. */
export function readFull<T extends object>(r: BitReader, tc: TableCodec<T>, ctx: FieldContext, keys?: Partial<T>): T {
  return readFullInto(r, tc, ctx, emptyObject(tc) as T, keys);
}

/** `readFull` into an object the caller reuses (every field of the table is overwritten). */
export function readFullInto<T extends object>(
  r: BitReader,
  tc: TableCodec<T>,
  ctx: FieldContext,
  target: T,
  keys?: Partial<T>,
): T {
  const out = bag(target);
  const all = tc.all;
  for (let i = 0; i < all.length; i++) {
    const f = all[i]!;
    out[f.key] = keys && f.group === 'key' ? bag(keys)[f.key] : readFieldFull(r, f, ctx);
  }
  return target;
}

function readMask(r: BitReader, patterns: readonly number[], width: number): number {
  let code = 0;
  while (code < patterns.length && r.readBits(1) === 1) code++;
  if (code < patterns.length) return patterns[code]!;
  const raw = r.readBits(width);
  // Strict: a mask that has a pattern code is never sent raw.
  if (patterns.includes(raw)) r.fail('raw mask equals a pattern');
  return raw;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

function readChanged(
  r: BitReader,
  fields: readonly Field[],
  mask: number,
  out: Bag,
  base: Bag,
  ctx: FieldContext,
): void {
  for (let i = 0; i < fields.length; i++) {
    if ((mask & (1 << (fields.length - 1 - i))) === 0) continue;
    const f = fields[i]!;
    const key = f.key;
    const before = out[key];
    // The value in a local: one keyed (megamorphic) load and one store per field, not two loads.
    const value = readFieldDelta(r, f, before, ctx, out, base);
    out[key] = value;
    // Strict: the change mask names only fields that changed (a viewTick delta that lost its set bit, say).
    if (r.ok && (value === before || sameValue(value, before))) r.fail(`${key} marked changed but unchanged`);
  }
}

/** Reads what `writeDelta` wrote; returns a new value. */
export function readDelta<T extends object>(r: BitReader, tc: TableCodec<T>, base: T, ctx: FieldContext): T {
  return readDeltaInto(r, tc, pickFields(tc, base), base, ctx);
}

/**
 * `readDelta` into an object the caller reuses: `target` must already hold `base`'s fields (a
 * copy the caller made); the changed ones are overwritten.
 */
export function readDeltaInto<T extends object>(
  r: BitReader,
  tc: TableCodec<T>,
  target: T,
  base: T,
  ctx: FieldContext,
): T {
  const out = bag(target);
  const hot = readMask(r, tc.hotPatterns, tc.hot.length);
  const rare = readMask(r, tc.rarePatterns, tc.rare.length);
  if (hot !== 0) readChanged(r, tc.hot, hot, out, bag(base), ctx);
  if (rare !== 0) readChanged(r, tc.rare, rare, out, bag(base), ctx);
  return target;
}

function emptyObject<T>(tc: TableCodec<T>): Bag {
  return { ...tc.template };
}
