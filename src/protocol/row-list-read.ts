/**
 * One entity list (entity-list.ts's layout) read into packed rows the caller reuses: the list
 * header's ids against the baseline's rows in range, then each entity as a delta against its
 * baseline row (copied first, then the changed fields overwritten) or every field but the id.
 * A "same ids" list's rows go through the fast path (row-fast-read.ts) as a run, each row it
 * leaves through the general reader.
 *
 * Inputs: the baseline's rows (sorted by id) and the slice [from, to) of them inside the part's id
 * range; `out` is reset and filled in id order. Same bits, checks and refusal messages as
 * `readEntityList` (entity-list.ts); never throws. Nothing is allocated once `out` and the
 * scratch are large enough (a hostile count is refused before anything grows).
 */
import type { BitReader } from './bits';
import { EntityRows } from './entity-rows';
import type { FieldContext } from './field-codecs';
import { readRowsFast } from './row-fast-read';
import { readDeltaGeneral, readDeltaRow, readFullRow, type RowCodec } from './row-read';
import type { TableCodec } from './table-codec';
import type { AnyEntity, IdRange } from './snapshot-view';

/**
 * Per output row, the baseline row it was read against, or -1 for an added entity, and whether
 * the delta changed it (grown on demand).
 */
export class ListScratch {
  src = new Int32Array(16);
  kept = new Int32Array(16);
  changed = new Uint8Array(16);
  /** The last list was sent as "same ids": row k was read against baseline row `from + k`. */
  sameIds = false;

  /** Room for `n` rows; `kept` keeps what it holds (it is filled before the list's length is known). */
  reserve(n: number): void {
    if (n <= this.src.length) return;
    const kept = new Int32Array(n * 2);
    kept.set(this.kept);
    this.kept = kept;
    this.src = new Int32Array(n * 2);
    this.changed = new Uint8Array(n * 2);
  }
}

/** The baseline's rows with ids in `range`, as [from, to) (rows are sorted by id). */
export function rowsInRange(rows: EntityRows<AnyEntity>, range: IdRange): { from: number; to: number } {
  const n = rows.count;
  // Most messages cover every id (one part): no search then.
  if (n === 0 || (rows.id(0) >= range.lo && rows.id(n - 1) <= range.hi)) return { from: 0, to: n };
  const from = rows.lowerBound(range.lo);
  return { from, to: Math.max(from, rows.lowerBound(range.hi + 1)) };
}

/**
 * `n` numbers of `b` from `from` into `d` at `at`. A loop: for one row it is several times
 * faster than `d.set(b.subarray(…))`, which makes a view object per call (a whole list still
 * takes `set`, whose copy wins past a few hundred numbers).
 */
export function copyRow(d: Float64Array, at: number, b: Float64Array, from: number, n: number): void {
  for (let k = 0; k < n; k++) d[at + k] = b[from + k]!;
}

/**
 * Reads the list header into `out` (ids only) and `s.src`; returns the entity count. Refuses
 * as `readIds` does: too many entities, an unchanged list not sent as "same ids", an added id
 * outside the range, equal to a kept one or repeated.
 */
function readIds(
  r: BitReader,
  maxCount: number,
  base: EntityRows<AnyEntity>,
  from: number,
  to: number,
  range: IdRange,
  out: EntityRows<AnyEntity>,
  s: ListScratch,
): number {
  const n = to - from;
  s.reserve(n);
  const kept = s.kept;
  let keptCount = 0;
  for (let j = from; j < to; j++) if (r.readBits(1) === 1) kept[keptCount++] = j;
  const addedCount = r.readVarUint(3);
  if (keptCount + addedCount > maxCount) r.fail(`${keptCount + addedCount} entities`);
  // Strict: the same ids as the baseline are always sent as the one "same ids" bit.
  if (keptCount === n && addedCount === 0) r.fail('unchanged id list not sent as "same ids"');
  if (!r.ok) return 0;
  const total = keptCount + addedCount;
  out.reserve(total);
  s.reserve(total);
  const src = s.src;
  const d = out.data;
  const stride = out.stride;
  const keyCol = out.codec.keyCol;
  let m = 0;
  let k = 0;
  // A cursor over every baseline row: an added id that is a baseline id (whose kept bit was 0)
  // is read as a delta against it, as `readEntityList` matches ids against the whole baseline.
  let j = from;
  let ref = n > 0 ? base.id(to - 1) : 0;
  for (let i = 0; i < addedCount && r.ok; i++) {
    const id = i === 0 ? ref + r.readVarInt(4) : ref + 1 + r.readVarUint(3);
    // Added ids rise, so merging them into the kept ones keeps the list sorted.
    for (; k < keptCount && base.id(kept[k]!) < id; k++, m++) {
      src[m] = kept[k]!;
      d[m * stride + keyCol] = base.id(kept[k]!);
    }
    if (
      id < range.lo ||
      id > range.hi ||
      (k < keptCount && base.id(kept[k]!) === id) ||
      (m > 0 && d[(m - 1) * stride + keyCol] === id)
    )
      r.fail(`bad entity id ${id}`);
    while (j < to && base.id(j) < id) j++;
    src[m] = j < to && base.id(j) === id ? j : -1;
    d[m++ * stride + keyCol] = id;
    ref = id;
  }
  for (; k < keptCount; k++, m++) {
    src[m] = kept[k]!;
    d[m * stride + keyCol] = base.id(kept[k]!);
  }
  return m;
}

/**
 * The list at the reader's position into `out`, against rows [from, to) of `base` (an empty
 * slice for a full snapshot). `out.count` is the number of entities read before any refusal;
 * `s.src[k]` is the baseline row that row k was read against, -1 for an added entity.
 */
export function readListRows(
  r: BitReader,
  rc: RowCodec,
  maxCount: number,
  base: EntityRows<AnyEntity>,
  from: number,
  to: number,
  range: IdRange,
  ctx: FieldContext,
  out: EntityRows<AnyEntity>,
  s: ListScratch,
): void {
  const stride = rc.stride;
  const b = base.data;
  out.count = 0;
  if (r.readBits(1) === 1) {
    // Same ids: every baseline row in range, each followed by its delta.
    const n = to - from;
    out.reserve(n);
    s.reserve(n);
    const d = out.data;
    // `set` of the whole buffer when the slice starts it and the buffer is about its size: the
    // view `subarray` makes cost as much as the copy itself at 16 players.
    // No copy of an empty list (most snapshots' projectiles): `set` is a call into the runtime.
    if (n > 0 && from === 0 && b.length <= d.length && b.length <= (2 * n + 8) * stride) d.set(b);
    else if (n > 0) d.set(b.subarray(from * stride, to * stride));
    const changed = s.changed;
    for (let k = 0; k < n; k++) s.src[k] = from + k;
    const scale = ctx.motionScale ?? 0;
    // The fast path takes every row it can; each row it leaves goes through the general reader.
    for (let k = 0; k < n && r.ok; k++) {
      if (rc.plan)
        k += readRowsFast(r, rc.plan, d, k * stride, b, (from + k) * stride, n - k, changed, k, scale, ctx.serverTick);
      if (k < n && r.ok) changed[k] = readDeltaGeneral(r, rc, d, k * stride, b, (from + k) * stride, ctx) ? 1 : 0;
    }
    out.count = n;
    s.sameIds = true;
    return;
  }
  s.sameIds = false;
  const count = readIds(r, maxCount, base, from, to, range, out, s);
  const d = out.data;
  const src = s.src;
  const changed = s.changed;
  for (let k = 0; k < count && r.ok; k++) {
    const j = src[k]!;
    if (j < 0) {
      readFullRow(r, rc, d, k * stride, ctx, true);
    } else {
      copyRow(d, k * stride, b, j * stride, stride);
      changed[k] = readDeltaRow(r, rc, d, k * stride, b, j * stride, ctx) ? 1 : 0;
    }
  }
  out.count = count;
}

/** Whether rows `a` of `d` and `b` of `e` hold the same numbers. */
function sameRow(d: Float64Array, a: number, e: Float64Array, b: number, stride: number): boolean {
  for (let k = 0; k < stride; k++) if (d[a + k] !== e[b + k]) return false;
  return true;
}

/** A list a RowListReader returned or packed, and its rows. */
interface HeldList<T> {
  list: readonly T[] | null;
  readonly rows: EntityRows<AnyEntity>;
}

/**
 * Lists remembered by identity: the decoder codes against a baseline up to 16 snapshots back
 * (decoded-ring.ts), and a changed block's list is the next baselines' list until it changes.
 */
const HELD_LISTS = 17;

/**
 * `readEntityList` (entity-list.ts) through rows: the baseline's objects packed, the list read
 * into rows, the rows made objects, except that an entity whose row did not change is the
 * baseline's own object (for baselines that are never changed: the match block's players, as
 * `quantizeMatch` returns them). Same values and refusals as `readEntityList`. The rows of the
 * lists it returned (and packed) are kept, so a baseline list it made is not packed again.
 */
export class RowListReader<T extends AnyEntity> {
  private readonly held: HeldList<T>[] = [];
  private next = 0;
  private readonly scratch = new ListScratch();

  /** `rc` is `codec` compiled (`compileRowCodec`, once per table, at module load). */
  constructor(
    private readonly codec: TableCodec<T>,
    private readonly rc: RowCodec,
    private readonly maxCount: number,
    private readonly range: IdRange,
  ) {}

  /** The list at the reader's position against `base` (sorted by id, never changed). */
  read(r: BitReader, base: readonly T[], ctx: FieldContext): T[] {
    const from = this.rowsOf(base);
    const b = from.rows;
    const to = this.claim(from);
    const out = to.rows;
    const s = this.scratch;
    readListRows(r, this.rc, this.maxCount, b, 0, base.length, this.range, ctx, out, s);
    const list = s.sameIds && r.ok ? this.patched(base, out) : this.made(base, b, out);
    // A refused read's rows may stop short of its list: only a whole one is remembered.
    if (r.ok) to.list = list;
    return list;
  }

  /** A "same ids" list: the baseline's objects (one copy of the array), the changed rows made anew. */
  private patched(base: readonly T[], out: EntityRows<AnyEntity>): T[] {
    const list = base.slice();
    const changed = this.scratch.changed;
    for (let k = 0; k < list.length; k++) if (changed[k] === 1) list[k] = out.unpack(k) as unknown as T;
    return list;
  }

  /** Rows and their sources: `src` says which baseline row each was read against (-1: added). */
  private made(base: readonly T[], b: EntityRows<AnyEntity>, out: EntityRows<AnyEntity>): T[] {
    const stride = this.rc.stride;
    const src = this.scratch.src;
    const list: T[] = [];
    for (let k = 0; k < out.count; k++) {
      const j = src[k]!;
      list.push(
        j >= 0 && sameRow(out.data, k * stride, b.data, j * stride, stride)
          ? base[j]!
          : (out.unpack(k) as unknown as T),
      );
    }
    return list;
  }

  /** The held rows of `list`, else `list` packed into the oldest slot. */
  private rowsOf(list: readonly T[]): HeldList<T> {
    for (const h of this.held) if (h.list === list) return h;
    const slot = this.claim(null);
    slot.rows.pack(list as unknown as readonly AnyEntity[]);
    slot.list = list;
    return slot;
  }

  /** The oldest slot but `keep`, emptied (its list forgotten). */
  private claim(keep: HeldList<T> | null): HeldList<T> {
    let slot = this.take();
    if (slot === keep) slot = this.take();
    slot.list = null;
    return slot;
  }

  private take(): HeldList<T> {
    const at = this.next;
    this.next = (at + 1) % HELD_LISTS;
    // A new slot as large as the one before it (the lists are about the same size): one
    // allocation each, not one and a growth.
    if (at === this.held.length) {
      const like = this.held[at - 1]?.rows;
      const rows = like ? like.data.length / like.stride : 1;
      this.held.push({
        list: null,
        rows: new EntityRows<AnyEntity>(this.codec as unknown as TableCodec<AnyEntity>, rows),
      });
    }
    return this.held[at]!;
  }
}
