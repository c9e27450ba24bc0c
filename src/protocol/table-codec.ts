/**
 * Generic, table-driven coding of one state object: in full, or as a delta against a base object
 * of the same entity. Tables (fields.ts) name a codec and a group for every field.
 *
 * Groups: `key` identifies the entity (never delta-coded); `hot` fields change often and get a
 * change mask; `rare` fields hide behind one shared "something rare changed" bit.
 * Delta layout: [hot mask][rare mask][hot deltas][rare deltas]. Each mask is coded as the index
 * of one of the table's common masks (unary: 0, 10, 110, …) or, after all ones, the raw mask:
 * most moving players change all their hot fields, idle ones only their aim, and rare fields
 * change together (a respawn: health, alive, teleportSeq), so a mask usually costs 1-3 bits.
 * Invariants: encoder and decoder walk the same order; a decoded object has the table's
 * `objectOrder` keys (the sim's order) and nothing else; the base is never mutated.
 */
import type { BitReader, BitWriter } from './bits';
import type { FieldCodec, FieldContext } from './field-codecs';

export type FieldGroup = 'key' | 'hot' | 'rare';
export interface FieldSpec<V> {
  codec: FieldCodec<V>;
  group: FieldGroup;
}
export type FieldTable<T> = { readonly [K in keyof T]-?: FieldSpec<T[K]> };

interface Field {
  key: string;
  codec: FieldCodec<unknown>;
  group: FieldGroup;
}

/** A table prepared once for the hot loops. */
export interface TableCodec<T> {
  readonly table: FieldTable<T>;
  readonly all: readonly Field[];
  readonly hot: readonly Field[];
  readonly rare: readonly Field[];
  /** Key order of decoded objects: the sim's own, so JSON of a decoded state equals the server's. */
  readonly objectOrder: readonly string[];
  /** Common masks, most frequent first (bit set = field changed; the first field is the top bit). */
  readonly hotPatterns: readonly number[];
  readonly rarePatterns: readonly number[];
}

export interface TableOptions<T> {
  /** Must list every key once (a unit test checks it); default: wire order. */
  objectOrder?: readonly (keyof T & string)[];
  /** Hot field sets that usually change together; default: all of them, then none. */
  hotPatterns?: ReadonlyArray<readonly (keyof T & string)[]>;
  /** Rare field sets that usually change together; default: none. */
  rarePatterns?: ReadonlyArray<readonly (keyof T & string)[]>;
}

export function compileTable<T>(table: FieldTable<T>, opts: TableOptions<T> = {}): TableCodec<T> {
  const all = (Object.entries(table) as Array<[string, FieldSpec<unknown>]>).map(([key, spec]) => ({ key, codec: spec.codec, group: spec.group }));
  const hot = all.filter((f) => f.group === 'hot');
  const rare = all.filter((f) => f.group === 'rare');
  const maskOf = (fields: readonly Field[]) => (keys: readonly string[]): number =>
    fields.reduce((m, f, i) => (keys.includes(f.key) ? m | (1 << (fields.length - 1 - i)) : m), 0);
  return Object.freeze({
    table,
    all,
    hot,
    rare,
    objectOrder: opts.objectOrder ?? all.map((f) => f.key),
    hotPatterns: (opts.hotPatterns ?? [hot.map((f) => f.key), []]).map(maskOf(hot)),
    rarePatterns: (opts.rarePatterns ?? [[]]).map(maskOf(rare)),
  });
}

type Bag = Record<string, unknown>;
const bag = (o: object): Bag => o as Bag;

/** Every field of `value` in full, key fields included unless `skipKeys`. */
export function writeFull<T extends object>(w: BitWriter, tc: TableCodec<T>, value: T, ctx: FieldContext, skipKeys = false): void {
  const v = bag(value);
  for (const f of tc.all) {
    if (skipKeys && f.group === 'key') continue;
    f.codec.write(w, v[f.key], ctx);
  }
}

/** Reads what `writeFull` wrote; `keys` supplies key fields when they were skipped. */
export function readFull<T extends object>(r: BitReader, tc: TableCodec<T>, ctx: FieldContext, keys?: Partial<T>): T {
  const out = emptyObject(tc);
  for (const f of tc.all) out[f.key] = keys && f.group === 'key' ? bag(keys)[f.key] : f.codec.read(r, ctx);
  return out as T;
}

function writeMask(w: BitWriter, patterns: readonly number[], mask: number, width: number): void {
  const index = patterns.indexOf(mask);
  const code = index < 0 ? patterns.length : index;
  for (let i = 0; i < code; i++) w.writeBool(true);
  if (code < patterns.length) w.writeBool(false);
  else w.writeBits(mask, width);
}

function readMask(r: BitReader, patterns: readonly number[], width: number): number {
  let code = 0;
  while (code < patterns.length && r.readBool()) code++;
  return code < patterns.length ? patterns[code]! : r.readBits(width);
}

function changeMask(fields: readonly Field[], value: Bag, base: Bag): number {
  let mask = 0;
  for (const f of fields) mask = mask * 2 + (f.codec.equal(value[f.key], base[f.key]) ? 0 : 1);
  return mask;
}

const isSet = (mask: number, fields: readonly Field[], i: number): boolean => (mask & (1 << (fields.length - 1 - i))) !== 0;

/** Delta of `value` against `base` (same entity: key fields equal and not written). */
export function writeDelta<T extends object>(w: BitWriter, tc: TableCodec<T>, value: T, base: T, ctx: FieldContext): void {
  const v = bag(value);
  const b = bag(base);
  const rows = { value: v, base: b };
  const hot = changeMask(tc.hot, v, b);
  const rare = changeMask(tc.rare, v, b);
  writeMask(w, tc.hotPatterns, hot, tc.hot.length);
  writeMask(w, tc.rarePatterns, rare, tc.rare.length);
  tc.hot.forEach((f, i) => isSet(hot, tc.hot, i) && f.codec.writeDelta(w, v[f.key], b[f.key], ctx, rows));
  tc.rare.forEach((f, i) => isSet(rare, tc.rare, i) && f.codec.writeDelta(w, v[f.key], b[f.key], ctx, rows));
}

/** Reads what `writeDelta` wrote; returns a new value. */
export function readDelta<T extends object>(r: BitReader, tc: TableCodec<T>, base: T, ctx: FieldContext): T {
  const out = bag(pickFields(tc, base));
  const rows = { value: out, base: bag(base) };
  const hot = readMask(r, tc.hotPatterns, tc.hot.length);
  const rare = readMask(r, tc.rarePatterns, tc.rare.length);
  tc.hot.forEach((f, i) => {
    if (isSet(hot, tc.hot, i)) out[f.key] = f.codec.readDelta(r, out[f.key], ctx, rows);
  });
  tc.rare.forEach((f, i) => {
    if (isSet(rare, tc.rare, i)) out[f.key] = f.codec.readDelta(r, out[f.key], ctx, rows);
  });
  return out as T;
}

function cloneField(v: unknown): unknown {
  return Array.isArray(v) ? [...(v as unknown[])] : v;
}

/** Copies only the table's fields, in `objectOrder` (drops extra properties). */
export function pickFields<T extends object>(tc: TableCodec<T>, value: T): T {
  const out: Bag = {};
  const v = bag(value);
  for (const key of tc.objectOrder) out[key] = cloneField(v[key]);
  return out as T;
}

function emptyObject<T>(tc: TableCodec<T>): Bag {
  const out: Bag = {};
  for (const key of tc.objectOrder) out[key] = undefined;
  return out;
}
