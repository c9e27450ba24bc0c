/**
 * SnapshotFrames: the world of each recent tick a snapshot was sent at, packed once for every
 * client (protocol/snapshot-view.ts SnapshotFrame). The frame of tick T is the target of every
 * snapshot sent at T, and later the baseline of every client that acked one of them: a client's
 * snapshot is its view of the frame (its own player as `self`, everyone else in the lists).
 *
 * Inputs: `capture(world)` on a tick when at least one snapshot is sent; `get(tick)`.
 * Outputs: the frame of that tick, or null when none was captured or its slot was reused.
 * Invariants: a power-of-two ring indexed by tick, as long as each client's SentSnapshots, so a
 * baseline a client may still name is still here; a slot answers only for the tick it holds.
 * Frames and their buffers are reused: capturing allocates nothing once the ring is warm.
 */
import type { AnyEntity, SnapshotWire } from '../protocol/snapshot-schema';
import { SnapshotFrame } from '../protocol/snapshot-view';
import type { Tick } from '../protocol/ticks';
import { ringMask } from './pow2';

const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;

/** `list` in id order (ids may wrap, so creation order is not always id order): itself when already sorted. */
export function sortedById<T extends { id: number }>(list: readonly T[]): readonly T[] {
  for (let i = 1; i < list.length; i++) if (list[i - 1]!.id >= list[i]!.id) return [...list].sort(byId);
  return list;
}

/** A tick's entity lists, one per section of the game's wire (ServerGame.snapshotLists). */
export type EntityListsOf = readonly (readonly AnyEntity[])[];

export class SnapshotFrames {
  private readonly ring: Array<SnapshotFrame | null>;
  private readonly mask: number;
  private readonly matchMemo: { of(value: unknown): unknown };
  /** The lists as the frame takes them, sorted (reused). */
  private readonly sorted: (readonly AnyEntity[])[] = [];

  /** @param sizePow2 ring size in ticks, a power of two */
  constructor(
    sizePow2: number,
    private readonly wire: SnapshotWire,
  ) {
    this.mask = ringMask(sizePow2);
    this.ring = new Array<SnapshotFrame | null>(sizePow2).fill(null);
    this.matchMemo = wire.rules.newMemo();
  }

  /**
   * Packs the world of `tick`: its entity lists (wire section order; ids may wrap, so a list out
   * of id order is sorted) and its rules block.
   */
  capture(tick: Tick, lists: EntityListsOf, match?: unknown): SnapshotFrame {
    const slot = tick & this.mask;
    const frame = this.ring[slot] ?? (this.ring[slot] = new SnapshotFrame(this.wire, this.matchMemo));
    const sorted = this.sorted;
    sorted.length = lists.length;
    for (let i = 0; i < lists.length; i++) sorted[i] = sortedById(lists[i]!);
    return frame.capture(tick, sorted, match);
  }

  get(tick: Tick): SnapshotFrame | null {
    if (!Number.isInteger(tick) || tick < 0) return null;
    const f = this.ring[tick & this.mask];
    return f && f.serverTick === tick ? f : null;
  }
}
