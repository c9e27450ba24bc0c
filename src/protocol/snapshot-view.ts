/**
 * What the snapshot encoder reads: a snapshot's entity lists as packed rows (entity-rows.ts), one
 * per entity *section*, plus the receiver's own state.
 *
 * Sections are the snapshot's entity lists in wire order, as the game's schema declares them
 * (snapshot-schema.ts; the arena's: players, then projectiles). A section says which snapshot
 * field it fills, the table others see, how many bits an id takes, and whether the receiver's own
 * entity belongs to it (then the receiver is left out of that list and travels as `self`, coded
 * with the self table). Every coder below loops over the wire's sections.
 *
 * A view comes either from one client's Snapshot (`viewOfSnapshot`: the lists already leave the
 * receiver out) or from a SnapshotFrame that holds the whole world of a tick (`viewOfFrame`: the
 * receiver is skipped as `omitId`), and both encode to the same bytes.
 * Both also carry the rules block, quantized: it is the same for every receiver.
 * `motionScaleOf` computes the snapshot header's motion scale from two views.
 */
import { EntityRows } from './entity-rows';
import type { AnyEntity, SnapshotWire } from './snapshot-schema';
import { listOf, type AnySnapshot } from './snapshot-types';
import type { Tick } from './ticks';

export type { AnyEntity, EntitySection, IdRange } from './snapshot-schema';

export interface SnapshotView {
  readonly serverTick: Tick;
  /** The section the receiver belongs to (its id is left out of that list only). */
  readonly receiverSection: number;
  /** One per section, each sorted by id. */
  readonly lists: readonly EntityRows<AnyEntity>[];
  /** The receiver's own state (the self table's columns): row `selfIndex` of `selfRows`, -1 when absent. */
  readonly selfRows: EntityRows<AnyEntity>;
  readonly selfIndex: number;
  /** Left out of the lists of the receiver's section; -1 when those lists already leave it out. */
  readonly omitId: number;
  /** The rules block as the wire carries it (quantized by the game's rules codec). */
  readonly match: unknown;
}

/** A client's snapshot as packed rows (allocates; the per-client and test path). */
export function viewOfSnapshot(wire: SnapshotWire, s: AnySnapshot): SnapshotView {
  const selfRows = new EntityRows<AnyEntity>(wire.self, 1).pack([s.self]);
  const lists = wire.sections.map((sec) => {
    const list = listOf(s, sec.name);
    return new EntityRows<AnyEntity>(sec.codec, list.length).pack(list);
  });
  return {
    serverTick: s.serverTick,
    receiverSection: wire.receiverSection,
    lists,
    selfRows,
    selfIndex: 0,
    omitId: -1,
    match: wire.rules.quantize(s.match),
  };
}

/**
 * The world of one tick, packed once for every client: each section's list with every entity
 * (the receiver's section in its full self table). Reused from tick to tick (nothing allocated once
 * the buffers are large enough).
 */
export class SnapshotFrame {
  serverTick: Tick = -1;
  /** How many times the frame was captured: caches of its contents compare it. */
  captures = 0;
  readonly lists: EntityRows<AnyEntity>[];
  match: unknown;

  /**
   * @param memo shared by the frames of one ring, so a block seen at an earlier tick is not
   * quantized again
   */
  constructor(
    readonly wire: SnapshotWire,
    private readonly memo = wire.rules.newMemo(),
  ) {
    this.lists = wire.sections.map((sec) => new EntityRows<AnyEntity>(sec.selfCodec ?? sec.codec));
    this.match = wire.rules.empty;
  }

  /**
   * Packs `lists` (per section, in the wire's order, each sorted by id) and the rules block
   * (absent: a world without rules, the game's empty block) as the state at `serverTick`.
   */
  capture(serverTick: Tick, lists: ReadonlyArray<readonly AnyEntity[]>, match?: unknown): this {
    for (let i = 0; i < this.lists.length; i++) this.lists[i]!.pack(lists[i] ?? []);
    return this.stamp(serverTick, match);
  }

  /**
   * The state at `serverTick` with the rules block `match`, its rows written in place by the caller
   * (a kill-cam composes them from two captured frames' rows, server/kill-cam-cutter.ts).
   */
  stamp(serverTick: Tick, match?: unknown): this {
    this.serverTick = serverTick;
    this.captures++;
    this.match = this.memo.of(match);
    return this;
  }
}

export const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;
function isSorted(list: readonly { id: number }[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i - 1]!.id >= list[i]!.id) return false;
  return true;
}

/**
 * The snapshot with its entity lists in id order, as the wire carries them (ids may wrap, so
 * creation order is not always id order). Returns `s` itself when already sorted.
 */
export function sortedEntities<S extends AnySnapshot>(wire: SnapshotWire, s: S): S {
  if (wire.sections.every((sec) => isSorted(listOf(s, sec.name)))) return s;
  const out: Record<string, unknown> = { ...(s as AnySnapshot) };
  for (const sec of wire.sections) out[sec.name] = [...listOf(s, sec.name)].sort(byId);
  return out as unknown as S;
}

/** The view client `receiverId` gets of a frame (-1: no receiver, every entity in its list). */
export function viewOfFrame(f: SnapshotFrame, receiverId: number): SnapshotView {
  return new FrameView().of(f, receiverId);
}

/**
 * `viewOfFrame` in an object that is pointed at another frame or receiver by each `of` call: the
 * host's encoder takes a few views of every client's frames each tick and keeps none past the call.
 */
export class FrameView implements SnapshotView {
  serverTick: Tick = -1;
  receiverSection = 0;
  lists: readonly EntityRows<AnyEntity>[] = [];
  selfRows!: EntityRows<AnyEntity>;
  selfIndex = -1;
  omitId = -1;
  match: unknown = null;

  of(f: SnapshotFrame, receiverId: number): this {
    const receiverSection = f.wire.receiverSection;
    const selfRows = f.lists[receiverSection]!;
    this.serverTick = f.serverTick;
    this.receiverSection = receiverSection;
    this.lists = f.lists;
    this.selfRows = selfRows;
    this.selfIndex = receiverId < 0 ? -1 : selfRows.indexOfId(receiverId);
    this.omitId = receiverId;
    this.match = f.match;
    return this;
  }
}

/** Whether section `i` of `v` leaves out entity `id`. */
export function omits(v: SnapshotView, i: number, id: number): boolean {
  return v.omitId >= 0 && id === v.omitId && i === v.receiverSection;
}

interface Motion {
  readonly x: number;
  readonly y: number;
  readonly vx: number;
  readonly vy: number;
}

/** Pushes the ratios "displacement / (base velocity + target velocity)" of one entity, both axes. */
function fit(
  out: Float64Array,
  n: number,
  m: Motion,
  t: Float64Array,
  to: number,
  b: Float64Array,
  bo: number,
): number {
  const sx = b[bo + m.vx]! + t[to + m.vx]!;
  // Grid units: below 32 (2 units/s) the ratio is mostly rounding noise.
  if (sx >= 32 || sx <= -32) out[n++] = (t[to + m.x]! - b[bo + m.x]!) / sx;
  const sy = b[bo + m.vy]! + t[to + m.vy]!;
  if (sy >= 32 || sy <= -32) out[n++] = (t[to + m.y]! - b[bo + m.y]!) / sy;
  return n;
}

function fitList(out: Float64Array, n: number, i: number, t: SnapshotView, b: SnapshotView): number {
  const tl = t.lists[i]!;
  const bl = b.lists[i]!;
  const m = tl.codec.motion;
  if (!m) return n;
  let j = 0;
  for (let k = 0; k < tl.count; k++) {
    const id = tl.id(k);
    if (omits(t, i, id)) continue;
    while (j < bl.count && bl.id(j) < id) j++;
    if (j < bl.count && bl.id(j) === id && !omits(b, i, id))
      n = fit(out, n, m, tl.data, k * tl.stride, bl.data, j * bl.stride);
  }
  return n;
}

/** Where `motionScaleOf` puts its ratios: the host keeps one and passes it every tick. */
export interface MotionScratch {
  ratios: Float64Array;
}

/** The k-th smallest of `a[0..n)` (reorders `a`): the median without sorting. */
function select(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const tmp = a[i]!;
        a[i++] = a[j]!;
        a[j--] = tmp;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/**
 * The factor k (in 1/65536) of "displacement = k * (base velocity + target velocity)": the median
 * over every moving entity and axis in both views, so a respawn (a jump) or a player stopped by a
 * wall does not skew it. Roughly (ticks between the two) / (2 * tickrate). Any k decodes
 * correctly; a good one makes position errors small.
 */
export function motionScaleOf(
  t: SnapshotView,
  b: SnapshotView,
  scratch: MotionScratch = { ratios: new Float64Array(0) },
): number {
  let rows = 2;
  for (const l of t.lists) rows += l.count;
  // The host passes the same scratch every tick: a new typed array each time lives off the V8
  // heap, and on some ticks allocating one took ~0.5 ms, not ~1 µs.
  if (scratch.ratios.length < rows * 2) scratch.ratios = new Float64Array(rows * 4);
  const ratios = scratch.ratios;
  let n = 0;
  const sm = t.selfRows.codec.motion;
  if (sm && t.selfIndex >= 0 && b.selfIndex >= 0 && t.selfRows.id(t.selfIndex) === b.selfRows.id(b.selfIndex)) {
    n = fit(
      ratios,
      n,
      sm,
      t.selfRows.data,
      t.selfIndex * t.selfRows.stride,
      b.selfRows.data,
      b.selfIndex * b.selfRows.stride,
    );
  }
  for (let i = 0; i < t.lists.length; i++) n = fitList(ratios, n, i, t, b);
  if (n === 0) return 0;
  const median = select(ratios, n, n >> 1);
  return Math.min(Math.max(Math.round(median * 65536), 0), 65535);
}
