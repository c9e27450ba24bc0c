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
import { QuantizedMatchMemo } from '../protocol/match-value';
import { SnapshotFrame } from '../protocol/snapshot-view';
import type { PublicMatchState } from '../sim/match-types';
import type { ProjectileState, Tick, WorldState } from '../sim/types';
import { ringMask } from './pow2';

const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;

function sortedById<T extends { id: number }>(list: readonly T[]): readonly T[] {
  for (let i = 1; i < list.length; i++) if (list[i - 1]!.id >= list[i]!.id) return [...list].sort(byId);
  return list;
}

export class SnapshotFrames {
  private readonly ring: Array<SnapshotFrame | null>;
  private readonly mask: number;
  private readonly matchMemo = new QuantizedMatchMemo();

  /** @param sizePow2 ring size in ticks, a power of two */
  constructor(sizePow2: number) {
    this.mask = ringMask(sizePow2);
    this.ring = new Array<SnapshotFrame | null>(sizePow2).fill(null);
  }

  /** Packs `world` and its match block (players are kept in id order by the sim; projectile ids may wrap, so they are sorted). */
  capture(world: Readonly<WorldState>, match?: PublicMatchState): SnapshotFrame {
    const slot = world.tick & this.mask;
    const frame = this.ring[slot] ?? (this.ring[slot] = new SnapshotFrame(this.matchMemo));
    const projectiles: readonly ProjectileState[] = sortedById(world.projectiles);
    return frame.capture(world.tick, [sortedById(world.players), projectiles], match);
  }

  get(tick: Tick): SnapshotFrame | null {
    if (!Number.isInteger(tick) || tick < 0) return null;
    const f = this.ring[tick & this.mask];
    return f && f.serverTick === tick ? f : null;
  }
}
