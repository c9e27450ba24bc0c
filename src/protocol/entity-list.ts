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
 */
import type { BitReader, BitWriter } from './bits';
import type { FieldContext } from './field-codecs';
import { readDelta, readFull, writeDelta, writeFull, type TableCodec } from './fields';

export interface IdRange {
  lo: number;
  hi: number;
}

export interface EntityKind<T extends { id: number }> {
  codec: TableCodec<T>;
  idBits: number;
  /** Decoding refuses lists longer than this (a hostile count cannot make us loop). */
  maxCount: number;
}

export function inRange(list: readonly { id: number }[], range: IdRange): boolean[] {
  return list.map((e) => e.id >= range.lo && e.id <= range.hi);
}

function sameIds(a: readonly { id: number }[], b: readonly { id: number }[]): boolean {
  return a.length === b.length && a.every((e, i) => e.id === b[i]!.id);
}

/** `base` must already be restricted to the range the target covers. */
export function writeEntityList<T extends { id: number }>(
  w: BitWriter,
  kind: EntityKind<T>,
  target: readonly T[],
  base: readonly T[],
  ctx: FieldContext,
): void {
  const same = sameIds(target, base);
  w.writeBool(same);
  const byId = new Map(base.map((e) => [e.id, e]));
  if (!same) {
    const targetIds = new Set(target.map((e) => e.id));
    for (const b of base) w.writeBool(targetIds.has(b.id));
    const added = target.filter((e) => !byId.has(e.id));
    w.writeVarUint(added.length, 3);
    let ref = base.length ? base[base.length - 1]!.id : 0;
    added.forEach((e, i) => {
      // New ids are usually just above the newest known one (projectiles count up).
      if (i === 0) w.writeVarInt(e.id - ref, 4);
      else w.writeVarUint(e.id - ref - 1, 3);
      ref = e.id;
    });
  }
  for (const e of target) {
    const b = byId.get(e.id);
    if (b) writeDelta(w, kind.codec, e, b, ctx);
    else writeFull(w, kind.codec, e, ctx, true);
  }
}

function readIds<T extends { id: number }>(r: BitReader, kind: EntityKind<T>, base: readonly T[], range: IdRange): number[] {
  if (r.readBool()) return base.map((e) => e.id);
  const kept = base.filter(() => r.readBool()).map((e) => e.id);
  const addedCount = r.readVarUint(3);
  if (kept.length + addedCount > kind.maxCount) r.fail(`${kept.length + addedCount} entities`);
  const ids = new Set(kept);
  let ref = base.length ? base[base.length - 1]!.id : 0;
  for (let i = 0; i < addedCount && r.ok; i++) {
    const id = i === 0 ? ref + r.readVarInt(4) : ref + 1 + r.readVarUint(3);
    if (id < range.lo || id > range.hi || ids.has(id)) r.fail(`bad entity id ${id}`);
    ids.add(id);
    ref = id;
  }
  return [...ids].sort((a, b) => a - b);
}

export function readEntityList<T extends { id: number }>(
  r: BitReader,
  kind: EntityKind<T>,
  base: readonly T[],
  range: IdRange,
  ctx: FieldContext,
): T[] {
  const ids = readIds(r, kind, base, range);
  const byId = new Map(base.map((e) => [e.id, e]));
  const out: T[] = [];
  for (const id of ids) {
    if (!r.ok) break;
    const b = byId.get(id);
    out.push(b ? readDelta(r, kind.codec, b, ctx) : readFull(r, kind.codec, ctx, { id } as Partial<T>));
  }
  return out;
}
