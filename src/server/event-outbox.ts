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
export class EventOutbox<E> {
  /**
   * A ring of `cap` slots, oldest at `head`: events are added and released in order, so their
   * sequence numbers are consecutive and only the oldest one's is kept. Nothing is allocated per
   * event or per tick (every client queues every event of every tick).
   */
  private readonly ring: Array<E | undefined>;
  private head = 0;
  private count = 0;
  /** Local, never-wrapping sequence number of the event at `head` (the wire id wraps at 65536). */
  private headSeq = 1;
  /** What `pending()` returns, refilled by each call. */
  private readonly view: E[] = [];
  readonly counters = { added: 0, dropped: 0 };
  private overflowed = false;

  constructor(private readonly cap: number) {
    this.ring = new Array<E | undefined>(cap).fill(undefined);
  }

  add(events: readonly E[]): void {
    for (let i = 0; i < events.length; i++) {
      if (this.count === this.cap) {
        this.release(1);
        this.counters.dropped++;
        this.overflowed = true;
      }
      this.ring[(this.head + this.count) % this.cap] = events[i];
      this.count++;
    }
    this.counters.added += events.length;
  }

  /** True once after events were dropped: the client must be resynchronised. */
  takeOverflow(): boolean {
    const was = this.overflowed;
    this.overflowed = false;
    return was;
  }

  /** The pending events, oldest first, in an array this outbox reuses: valid until the next call. */
  pending(): readonly E[] {
    const view = this.view;
    view.length = this.count;
    for (let k = 0; k < this.count; k++) view[k] = this.ring[(this.head + k) % this.cap]!;
    return view;
  }

  get size(): number {
    return this.count;
  }

  /** The mark of a snapshot built now: it carries every pending event up to this sequence. */
  sentIn(): number {
    return this.headSeq + this.count - 1;
  }

  /** The client holds a snapshot with this mark: everything it carried is delivered. */
  acked(mark: number): void {
    this.release(Math.min(Math.max(mark - this.headSeq + 1, 0), this.count));
  }

  /** Drops the `n` oldest events. */
  private release(n: number): void {
    for (let k = 0; k < n; k++) this.ring[(this.head + k) % this.cap] = undefined;
    this.head = (this.head + n) % this.cap;
    this.count -= n;
    this.headSeq += n;
  }
}
