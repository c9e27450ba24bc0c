/**
 * SentSnapshots: the snapshots recently sent to one client, by server tick, so that when the
 * client acks one it can serve as the delta baseline (and release the events it carried). The
 * snapshot's contents are the world of that tick, kept once for every client (SnapshotFrames).
 *
 * Inputs: `put(tick, sentMs, eventMark)` for every snapshot sent; `get(tick)`.
 * Outputs: the entry sent at that tick, or null when it was never sent or has been overwritten.
 * Invariants: a power-of-two ring indexed by tick & mask (Quake's habit); a slot answers only for
 * the exact tick it holds, so an ack older than the ring's reach finds nothing and the server
 * falls back to a full snapshot.
 */
import type { Tick } from '../protocol/ids';
import { ringMask } from './pow2';

export interface SentSnapshot {
  tick: Tick;
  sentMs: number;
  /** EventOutbox mark: every event up to it rode in this snapshot. */
  eventMark: number;
}

export class SentSnapshots {
  private readonly ring: Array<SentSnapshot | null>;
  private readonly mask: number;

  /** @param sizePow2 ring size, a power of two */
  constructor(sizePow2: number) {
    this.mask = ringMask(sizePow2);
    this.ring = new Array<SentSnapshot | null>(sizePow2).fill(null);
  }

  /**
   * Records a snapshot sent at `tick`, in the slot's own entry (written in place once the ring has
   * gone round: entries live for the ring's 512 ticks, long enough for the collector to move every
   * new one to the old generation). An entry from `get` is valid until the next `put`.
   */
  put(tick: Tick, sentMs: number, eventMark: number): void {
    const slot = tick & this.mask;
    const e = this.ring[slot];
    if (!e) {
      this.ring[slot] = { tick, sentMs, eventMark };
      return;
    }
    e.tick = tick;
    e.sentMs = sentMs;
    e.eventMark = eventMark;
  }

  get(tick: Tick): SentSnapshot | null {
    if (!Number.isInteger(tick) || tick < 0) return null;
    const e = this.ring[tick & this.mask];
    return e && e.tick === tick ? e : null;
  }
}
