/**
 * Generic, table-driven coding of one state object: in full, or as a delta against a base object
 * of the same entity. Tables (fields.ts) name a codec and a group for every field; `compileTable`
 * turns one into flat field descriptors with a column in a packed row each (entity-rows.ts).
 * table-write.ts writes packed rows; table-read.ts builds the sim's plain objects directly.
 *
 * Groups: `key` identifies the entity (never delta-coded); `hot` fields change often and get a
 * change mask; `rare` fields hide behind one shared "something rare changed" bit.
 * Invariants: encoder and decoder walk the same order; a decoded object has the table's
 * `objectOrder` keys (the sim's order) and nothing else; the base is never mutated.
 */
import type { FieldCodec, FieldKind } from './field-codecs';
import { pickEachField, unpackEachField } from './field-read';
import { packEachField } from './field-write';

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

/** Packs every field of `value` into the row at `off` of `d`. */
export function packRow<T extends object>(tc: TableCodec<T>, value: T, d: Float64Array, off: number): void {
  tc.packInto(value, d, off);
}

/** Copies only the table's fields, in `objectOrder` (drops extra properties; arrays are copied). */
export function pickFields<T extends object>(tc: TableCodec<T>, value: T): T {
  return tc.copyOf(value);
}
