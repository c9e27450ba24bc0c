/**
 * EventOutbox: one client's events that it has not yet acknowledged (DESIGN §4: a lost snapshot
 * loses no event).
 *
 * Inputs: `add(events)` each tick; `pending()` when building a snapshot; `sentIn()` returns the
 * sequence mark to store with that snapshot; `acked(mark)` when the client acks that snapshot.
 * Outputs: the events to put in the next snapshot, oldest first.
 * Invariants: every event stays in every snapshot until the client acknowledges a snapshot that
 * carried it. At most `cap` events are pending: beyond that the oldest are dropped (counted), so a
 * client that stops acking cannot grow the snapshots without bound (the wire holds at most 255).
 * A drop is never silent: `takeOverflow()` reports it once, and the session answers with a full
 * snapshot (a resync), which carries the truth the lost events were about (health, alive, score).
 * `E` is whatever the server queues per event: the server queues each event already encoded
 * (EncodedEvent), once for every client.
 */
import type { NetEvent } from '../protocol/messages';

interface Pending<E> {
  /** Local, never-wrapping sequence number (the wire id wraps at 65536). */
  seq: number;
  event: E;
}

export class EventOutbox<E = NetEvent> {
  private readonly queue: Pending<E>[] = [];
  private nextSeq = 1;
  readonly counters = { added: 0, dropped: 0 };
  private overflowed = false;

  constructor(private readonly cap: number) {}

  add(events: readonly E[]): void {
    for (const event of events) this.queue.push({ seq: this.nextSeq++, event });
    this.counters.added += events.length;
    const excess = this.queue.length - this.cap;
    if (excess > 0) {
      this.queue.splice(0, excess);
      this.counters.dropped += excess;
      this.overflowed = true;
    }
  }

  /** True once after events were dropped: the client must be resynchronised. */
  takeOverflow(): boolean {
    const was = this.overflowed;
    this.overflowed = false;
    return was;
  }

  pending(): E[] {
    return this.queue.map((p) => p.event);
  }

  get size(): number {
    return this.queue.length;
  }

  /** The mark of a snapshot built now: it carries every pending event up to this sequence. */
  sentIn(): number {
    return this.nextSeq - 1;
  }

  /** The client holds a snapshot with this mark: everything it carried is delivered. */
  acked(mark: number): void {
    let n = 0;
    while (n < this.queue.length && (this.queue[n] as Pending<E>).seq <= mark) n++;
    if (n) this.queue.splice(0, n);
  }
}
