/**
 * One list of entities (players or projectiles), sorted by id, written against the baseline's
 * entities in the same id range. A full snapshot is simply a delta against an empty list.
 *
 * Layout: [same ids as baseline:1] and, if not,
 *           [kept:1 per baseline entity][added count varint][added ids: first vs the last
 *           baseline id, then gaps]
 *         then per target entity in id order: delta vs its baseline entity, or all fields in full.
 * Removed ids are the baseline ids whose kept bit is 0: removal is never inferred outside the
 * range, so a part of a split snapshot cannot delete entities another part carries.
 *
 * The writer works on packed rows: a `ListSlice` is rows [from, to) of an EntityRows, less one id
 * that the list leaves out (the receiver, who travels as `self`), or -1. The header and the
 * entities are written by separate functions, because an entity's bytes do not depend on who
 * receives them: the host writes them once per baseline and splices them (snapshot-broadcast.ts).
 * The reader builds the sim's objects; it walks both id lists in order (no maps, no sorting).
 */
import type { BitReader, BitWriter } from './bits';
import type { EntityRows } from './entity-rows';
import type { FieldContext } from './field-codecs';
import type { TableCodec } from './table-codec';
import { readDelta, readFull } from './table-read';
import { writeDeltaRow, writeFullRow } from './table-write';
import type { AnyEntity, IdRange } from './snapshot-view';

export interface ListSlice {
  rows: EntityRows<AnyEntity>;
  from: number;
  to: number;
  /** An id left out of the list, or -1. */
  omit: number;
}

/** Rows of `rows` with ids in `range`, less `omit`. */
export function sliceOf(rows: EntityRows<AnyEntity>, range: IdRange, omit: number): ListSlice {
  const from = rows.lowerBound(range.lo);
  return { rows, from, to: Math.max(from, rows.lowerBound(range.hi + 1)), omit };
}

/** Next row at or after `i` that the slice does not leave out. */
function next(s: ListSlice, i: number): number {
  return i < s.to && s.rows.id(i) === s.omit ? i + 1 : i;
}

/** Whether the two slices hold the same ids (the list header's "same ids" case). */
export function sameIds(t: ListSlice, b: ListSlice): boolean {
  let i = next(t, t.from);
  let j = next(b, b.from);
  while (i < t.to && j < b.to) {
    if (t.rows.id(i) !== b.rows.id(j)) return false;
    i = next(t, i + 1);
    j = next(b, j + 1);
  }
  return i >= t.to && j >= b.to;
}

/** Whether the baseline slice holds `id`, advancing its cursor `j` (ids arrive in order). */
function seek(b: ListSlice, j: number, id: number): number {
  let k = j;
  while (k < b.to && (b.rows.id(k) < id || b.rows.id(k) === b.omit)) k++;
  return k;
}

/** The list header of a list whose ids are the baseline's: one bit. */
export function writeSameIdsHeader(w: BitWriter): void {
  w.writeBits(1, 1);
}

/** The list header: "same ids", or the kept bits and the added ids. `base` null = empty baseline. */
export function writeListHeader(w: BitWriter, t: ListSlice, b: ListSlice | null): void {
  if (b === null ? next(t, t.from) >= t.to : sameIds(t, b)) return writeSameIdsHeader(w);
  w.writeBits(0, 1);
  let lastBase = 0;
  if (b) {
    // Kept bits: one per baseline entity, walking the target alongside.
    let i = next(t, t.from);
    for (let j = next(b, b.from); j < b.to; j = next(b, j + 1)) {
      const id = b.rows.id(j);
      while (i < t.to && t.rows.id(i) < id) i = next(t, i + 1);
      w.writeBits(i < t.to && t.rows.id(i) === id ? 1 : 0, 1);
      lastBase = id;
    }
  }
  let added = 0;
  for (let i = next(t, t.from), j = b ? b.from : 0; i < t.to; i = next(t, i + 1)) {
    if (b) j = seek(b, j, t.rows.id(i));
    if (!b || j >= b.to || b.rows.id(j) !== t.rows.id(i)) added++;
  }
  w.writeVarUint(added, 3);
  // New ids are usually just above the newest known one (projectiles count up).
  let ref = lastBase;
  let first = true;
  for (let i = next(t, t.from), j = b ? b.from : 0; i < t.to; i = next(t, i + 1)) {
    const id = t.rows.id(i);
    if (b) j = seek(b, j, id);
    if (b && j < b.to && b.rows.id(j) === id) continue;
    if (first) w.writeVarInt(id - ref, 4);
    else w.writeVarUint(id - ref - 1, 3);
    first = false;
    ref = id;
  }
}

/**
 * Every entity of the target slice in id order: a delta against the baseline entity of the same
 * id, or every field but the id. `starts`, when given, receives the bit offset where each row's
 * entity begins (indexed by row; left-out rows get none), and `starts[to]` where the last ends.
 */
export function writeListEntities(
  w: BitWriter,
  codec: TableCodec<unknown>,
  t: ListSlice,
  b: ListSlice | null,
  ctx: FieldContext,
  starts?: Float64Array,
): void {
  const stride = codec.stride;
  const td = t.rows.data;
  let j = b ? b.from : 0;
  for (let i = next(t, t.from); i < t.to; i = next(t, i + 1)) {
    if (starts) starts[i] = w.bitLength;
    const id = t.rows.id(i);
    if (b) j = seek(b, j, id);
    if (b && j < b.to && b.rows.id(j) === id) writeDeltaRow(w, codec, td, i * stride, b.rows.data, j * stride, ctx);
    else writeFullRow(w, codec, td, i * stride, ctx, true);
  }
  if (starts) starts[t.to] = w.bitLength;
}

/** The ids the list header names, in order (kept baseline ids and added ones, merged). */
function readIds(r: BitReader, maxCount: number, base: readonly AnyEntity[], range: IdRange): number[] {
  if (r.readBits(1) === 1) return base.map((e) => e.id);
  const kept: number[] = [];
  for (const e of base) if (r.readBits(1) === 1) kept.push(e.id);
  const addedCount = r.readVarUint(3);
  if (kept.length + addedCount > maxCount) r.fail(`${kept.length + addedCount} entities`);
  // Strict: the same ids as the baseline are always sent as the one "same ids" bit.
  if (kept.length === base.length && addedCount === 0) r.fail('unchanged id list not sent as "same ids"');
  const ids: number[] = [];
  let k = 0;
  let ref = base.length ? base[base.length - 1]!.id : 0;
  for (let i = 0; i < addedCount && r.ok; i++) {
    const id = i === 0 ? ref + r.readVarInt(4) : ref + 1 + r.readVarUint(3);
    // Added ids rise, so merging them into the kept ones keeps the list sorted.
    while (k < kept.length && kept[k]! < id) ids.push(kept[k++]!);
    if (
      id < range.lo ||
      id > range.hi ||
      (k < kept.length && kept[k] === id) ||
      (ids.length > 0 && ids[ids.length - 1] === id)
    )
      r.fail(`bad entity id ${id}`);
    ids.push(id);
    ref = id;
  }
  while (k < kept.length) ids.push(kept[k++]!);
  return ids;
}

export function readEntityList<T extends AnyEntity>(
  r: BitReader,
  codec: TableCodec<T>,
  maxCount: number,
  base: readonly T[],
  range: IdRange,
  ctx: FieldContext,
): T[] {
  const ids = readIds(r, maxCount, base, range);
  const out: T[] = [];
  let j = 0;
  for (let i = 0; i < ids.length && r.ok; i++) {
    const id = ids[i]!;
    while (j < base.length && base[j]!.id < id) j++;
    const b = j < base.length && base[j]!.id === id ? base[j]! : undefined;
    out.push(b ? readDelta(r, codec, b, ctx) : readFull(r, codec, ctx, { id } as Partial<T>));
  }
  return out;
}
