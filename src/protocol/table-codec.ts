/**
 * Generic, table-driven coding of one state object: in full, or as a delta against a base object
 * of the same entity. Tables (fields.ts) name a codec and a group for every field; `compileTable`
 * turns one into flat field descriptors with a column in a packed row each (entity-rows.ts).
 *
 * Groups: `key` identifies the entity (never delta-coded); `hot` fields change often and get a
 * change mask; `rare` fields hide behind one shared "something rare changed" bit.
 * Delta layout: [hot mask][rare mask][hot deltas][rare deltas]. Each mask is coded as the index
 * of one of the table's common masks (unary: 0, 10, 110, …) or, after all ones, the raw mask:
 * most moving players change all their hot fields, idle ones only their aim, and rare fields
 * change together (a respawn: health, alive, teleportSeq), so a mask usually costs 1-3 bits.
 * The encoder works on packed rows (numbers in typed arrays, no per-field objects or closures);
 * the decoder builds the sim's plain objects directly.
 * Invariants: encoder and decoder walk the same order; a decoded object has the table's
 * `objectOrder` keys (the sim's order) and nothing else; the base is never mutated.
 */
import type { BitReader, BitWriter } from './bits';
import type { FieldCodec, FieldContext, FieldKind } from './field-codecs';
import { pickEachField, readFieldDelta, readFieldFull, unpackEachField } from './field-read';

export { pickEachField };
import { fieldChanged, packEachField, writeFieldDelta, writeFieldFull } from './field-write';

export type FieldGroup = 'key' | 'hot' | 'rare';
export interface FieldSpec<V> {
  codec: FieldCodec<V>;
  group: FieldGroup;
}
export type FieldTable<T> = { readonly [K in keyof T]-?: FieldSpec<T[K]> };

/** One field, compiled: its codec's parameters and where it lives in a packed row. */
export interface Field {
  readonly key: string;
  readonly kind: FieldKind;
  readonly group: FieldGroup;
  readonly bits: number;
  readonly max: number;
  readonly width: number;
  /** First column of the field in a packed row. */
  readonly col: number;
  /** PredictedPos: the velocity field's key and column ('' and -1 otherwise). */
  readonly velKey: string;
  readonly velCol: number;
}

/** A table prepared once for the hot loops. */
export interface TableCodec<T> {
  readonly table: FieldTable<T>;
  readonly all: readonly Field[];
  readonly hot: readonly Field[];
  readonly rare: readonly Field[];
  /** Key order of decoded objects: the sim's own, so JSON of a decoded state equals the server's. */
  readonly objectOrder: readonly string[];
  /**
   * Every key of `objectOrder`, undefined: decoded objects start as a spread of it, so V8 builds
   * each in one allocation with all its keys, instead of growing it key by key (the decoders'
   * main garbage). Never changed.
   */
  readonly template: Readonly<Record<string, undefined>>;
  /**
   * `pickFields` of this table: the hand-written `TableOptions.copy`, else `pickEachField`. A method, so a
   * codec of some entity type still passes where `TableCodec<unknown>` is expected.
   */
  copyOf(value: T): T;
  /** `packRow` of this table: the hand-written `TableOptions.pack`, else `packEachField`. */
  packInto(value: T, d: Float64Array, off: number): void;
  /** A packed row as the object it holds: the hand-written `TableOptions.unpack`, else `unpackEachField`. */
  unpackRow(d: Float64Array, off: number): T;
  /** Common masks, most frequent first (bit set = field changed; the first field is the top bit). */
  readonly hotPatterns: readonly number[];
  readonly rarePatterns: readonly number[];
  /** Columns of a packed row. */
  readonly stride: number;
  /** Column of the `key` field (the entity id), -1 when the table has none. */
  readonly keyCol: number;
  /** Position prediction columns (x, y, vx, vy) when the table has predicted positions, else null. */
  readonly motion: { readonly x: number; readonly y: number; readonly vx: number; readonly vy: number } | null;
}

export interface TableOptions<T> {
  /** Must list every key once (a unit test checks it); default: wire order. */
  objectOrder?: readonly (keyof T & string)[];
  /** Hot field sets that usually change together; default: all of them, then none. */
  hotPatterns?: ReadonlyArray<readonly (keyof T & string)[]>;
  /** Rare field sets that usually change together; default: none. */
  rarePatterns?: ReadonlyArray<readonly (keyof T & string)[]>;
  /**
   * Take the columns from this wider table (same key, same codec) instead of numbering them anew,
   * so rows packed for it serve this table too (a public view of the same entities).
   */
  layout?: TableCodec<unknown>;
  /**
   * `pickFields` written out for this table: an object literal of named reads, which V8 builds
   * from one map with no keyed (megamorphic) loads and stores; the generic walk over `objectOrder`
   * was a third of a snapshot's decode time. Must equal `pickEachField` (same keys, same order,
   * arrays copied): a unit test checks every table that has one.
   */
  copy?: (value: T) => T;
  /**
   * `packRow` written out for this table, made from each key's column: named reads instead of a
   * keyed (megamorphic) load per field, for the host packing every player of every tick. Must
   * equal `packEachField` (same columns, same values, same refusals): a unit test checks.
   */
  pack?: (col: (key: keyof T & string) => number) => (value: T, d: Float64Array, off: number) => void;
  /** The reverse of `pack`, for the snapshot decoder (one object literal per row); must equal `unpackEachField`. */
  unpack?: (col: (key: keyof T & string) => number) => (d: Float64Array, off: number) => T;
}

function compileFields<T>(
  table: FieldTable<T>,
  layout: TableCodec<unknown> | undefined,
): { fields: Field[]; stride: number } {
  const specs = Object.entries(table) as Array<[string, FieldSpec<unknown>]>;
  let next = 0;
  const cols = new Map<string, number>();
  for (const [key, spec] of specs) {
    const wide = layout?.all.find((f) => f.key === key);
    if (layout && (!wide || wide.kind !== spec.codec.kind)) throw new Error(`layout has no matching field ${key}`);
    cols.set(key, wide ? wide.col : next);
    next += spec.codec.width;
  }
  const fields = specs.map(([key, { codec, group }]): Field => {
    const velKey = codec.velKey ?? '';
    const velCol = velKey ? (cols.get(velKey) ?? -1) : -1;
    if (velKey && velCol < 0) throw new Error(`field ${key} predicts from a missing field ${velKey}`);
    return Object.freeze({
      key,
      kind: codec.kind,
      group,
      bits: codec.bits,
      max: codec.max,
      width: codec.width,
      col: cols.get(key)!,
      velKey,
      velCol,
    });
  });
  return { fields, stride: layout ? layout.stride : next };
}

function motionOf(fields: readonly Field[]): TableCodec<unknown>['motion'] {
  const predicted = fields.filter((f) => f.velCol >= 0);
  const [x, y] = predicted;
  return x && y ? Object.freeze({ x: x.col, y: y.col, vx: x.velCol, vy: y.velCol }) : null;
}

export function compileTable<T>(table: FieldTable<T>, opts: TableOptions<T> = {}): TableCodec<T> {
  const { fields: all, stride } = compileFields(table, opts.layout);
  const hot = all.filter((f) => f.group === 'hot');
  const rare = all.filter((f) => f.group === 'rare');
  const maskOf =
    (fields: readonly Field[]) =>
    (keys: readonly string[]): number =>
      fields.reduce((m, f, i) => (keys.includes(f.key) ? m | (1 << (fields.length - 1 - i)) : m), 0);
  const objectOrder = opts.objectOrder ?? all.map((f) => f.key);
  const template: Record<string, undefined> = {};
  for (const key of objectOrder) template[key] = undefined;
  // `pack`'s keys are the table's own (typed), so every lookup finds its field.
  const colOf = (key: string): number => all.find((f) => f.key === key)!.col;
  const pack = opts.pack?.(colOf);
  const unpack = opts.unpack?.(colOf);
  const tc: TableCodec<T> = Object.freeze({
    table,
    all,
    hot,
    rare,
    objectOrder,
    template,
    copyOf: opts.copy ?? ((value: T): T => pickEachField(tc as TableCodec<object>, value as object) as T),
    packInto:
      pack ??
      ((value: T, d: Float64Array, off: number): void =>
        packEachField(tc as TableCodec<object>, value as object, d, off)),
    unpackRow: unpack ?? ((d: Float64Array, off: number): T => unpackEachField(tc, d, off)),
    hotPatterns: (opts.hotPatterns ?? [hot.map((f) => f.key), []]).map(maskOf(hot)),
    rarePatterns: (opts.rarePatterns ?? [[]]).map(maskOf(rare)),
    stride,
    keyCol: all.find((f) => f.group === 'key')?.col ?? -1,
    motion: motionOf(all),
  });
  return tc;
}

type Bag = Record<string, unknown>;
const bag = (o: object): Bag => o as Bag;

/** Packs every field of `value` into the row at `off` of `d`. */
export function packRow<T extends object>(tc: TableCodec<T>, value: T, d: Float64Array, off: number): void {
  tc.packInto(value, d, off);
}

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

/** Copies only the table's fields, in `objectOrder` (drops extra properties; arrays are copied). */
export function pickFields<T extends object>(tc: TableCodec<T>, value: T): T {
  return tc.copyOf(value);
}

function emptyObject<T>(tc: TableCodec<T>): Bag {
  return { ...tc.template };
}
