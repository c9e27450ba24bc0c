/**
 * DatagramArena: one reused slab that a tick's finished datagrams are copied into, handed out as
 * views. A datagram of its own (`BitWriter.finish`) costs a new ArrayBuffer, and in V8 that
 * allocation (a backing store outside the JS heap, tracked for the collector) took about a fifth
 * of the host's per-client encode; a view of a slab is a small object and a copy.
 *
 * Contract: views handed out before `reset()` are overwritten after it, so the owner resets once
 * per tick and every consumer sends or copies a view before the next tick (RTCDataChannel.send
 * copies; a MessagePort transfer needs bytes of their own: `slice()` first).
 * Writing in place: `lend(w)` points a BitWriter at the slab's free tail and `commit(w)` hands out
 * what it wrote there as a view, with no copy at all (a message too long for the tail moved to the
 * writer's own buffer: then `commit` copies it as `take` does). Between `lend` and `commit` nothing
 * else may take from the arena (the lent tail is the next view's space).
 * Invariants: a view never overlaps another handed out since the last reset; when the slab is
 * full a bigger one replaces it and the views already out keep the old one, so they stay intact.
 */
import type { BitWriter } from './bits';

export class DatagramArena {
  private slab: Uint8Array;
  private used = 0;

  constructor(initialBytes = 16 * 1024) {
    this.slab = new Uint8Array(Math.max(64, initialBytes));
  }

  /** Starts a new round (a tick): the space of every view handed out so far is reused. */
  reset(): void {
    this.used = 0;
  }

  /** Starts a message in `w` (as `w.reset()` does) that `w` writes straight into the slab's free tail. */
  lend(w: BitWriter): void {
    w.resetInto(this.slab, this.used);
  }

  /** The message `w` wrote since `lend(w)`, as a view of the slab: in place, or copied when it outgrew the tail. */
  commit(w: BitWriter): Uint8Array {
    const at = this.used;
    if (!w.writesAt(this.slab, at)) return this.take(w);
    this.used = at + w.seal();
    return this.slab.subarray(at, this.used);
  }

  /** The writer's finished bytes (the last byte zero-padded, as `finish()` gives them), as a view of the slab. */
  take(w: BitWriter): Uint8Array {
    const length = (w.bitLength + 7) >>> 3;
    const bytes = w.view();
    if (this.used + length > this.slab.length) {
      // The old slab stays with the views already out; this round goes on in a fresh one.
      this.slab = new Uint8Array(Math.max(this.slab.length * 2, length));
      this.used = 0;
    }
    const at = this.used;
    this.slab.set(bytes.subarray(0, length), at);
    this.used = at + length;
    return this.slab.subarray(at, at + length);
  }
}
