/**
 * PendingGate: how many connections may wait at one stage of the lobby's door (a link being set
 * up, a handshake running) at once, in total and per source. Anyone holding the lobby link can
 * open connections; without a bound, half-open peers would pile up on the main thread that also
 * relays every player's bytes, and without a per-source bound one sender could take every place.
 *
 * Contract: `enter(source, cancel)` refuses (null) when `source` already holds `perSource` places;
 * when every place is taken it evicts the *oldest* waiter (calls its `cancel`) to make room, so a
 * flood of connections that never finish cannot keep out an honest joiner whose setup is quicker
 * than the flood's rate; every ticket must be `leave()`d once (idempotent).
 * `enterOrWait` is `enter` for a source over its share that may wait: friends behind one NAT who
 * click Join together queue (at most `queuePerSource` of them, each at most `maxWaitMs`) for a place
 * their own address frees, instead of being dropped; a flood from one address still holds only its
 * own places and its own short queue. Only a source holding all its places can queue, so the queue
 * never holds more than `queuePerSource × total / perSource` entries, however many sources there are.
 */

export interface GateTicket {
  leave(): void;
}

export interface GateCounters {
  refused: number;
  evicted: number;
  /** Entries that waited in a source's queue (`enterOrWait`), whether or not a place came. */
  queued: number;
}

interface Waiter {
  source: string;
  cancel: () => void;
}

interface Queued extends Waiter {
  grant: (ticket: GateTicket | null) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class PendingGate {
  readonly counters: GateCounters = { refused: 0, evicted: 0, queued: 0 };
  /** Insertion order = age: the first entry is the oldest waiter. */
  private readonly waiters = new Set<Waiter>();
  /** Waiting for a place of their source, first come first served. */
  private readonly queue: Queued[] = [];

  constructor(
    private readonly perSource: number,
    private readonly total: () => number,
    private readonly queuePerSource = perSource,
  ) {}

  get running(): number {
    return this.waiters.size;
  }

  bySource(source: string): number {
    let n = 0;
    for (const w of this.waiters) if (w.source === source) n++;
    return n;
  }

  enter(source: string, cancel: () => void): GateTicket | null {
    const ticket = this.tryEnter(source, cancel);
    if (!ticket) this.counters.refused += 1;
    return ticket;
  }

  /**
   * A place now (returned as is, so a caller that has one goes on without a turn of the event
   * loop), null when `source`'s queue is full too, else a promise of a place once one of `source`'s
   * own places frees within `maxWaitMs` (null if none does). Every null is counted as a refusal.
   */
  enterOrWait(source: string, cancel: () => void, maxWaitMs: number): GateTicket | null | Promise<GateTicket | null> {
    const now = this.tryEnter(source, cancel);
    if (now) return now;
    if (this.queue.filter((q) => q.source === source).length >= this.queuePerSource) {
      this.counters.refused += 1;
      return null;
    }
    this.counters.queued += 1;
    return new Promise((grant) => {
      const queued: Queued = { source, cancel, grant, timer: setTimeout(() => this.giveUp(queued), maxWaitMs) };
      this.queue.push(queued);
    });
  }

  private giveUp(queued: Queued): void {
    const i = this.queue.indexOf(queued);
    if (i < 0) return;
    this.queue.splice(i, 1);
    this.counters.refused += 1;
    queued.grant(null);
  }

  /** Hands a place `source` has free to the first of its queue. */
  private release(source: string): void {
    const i = this.queue.findIndex((q) => q.source === source);
    if (i < 0 || this.bySource(source) >= this.perSource) return;
    const [next] = this.queue.splice(i, 1) as [Queued];
    clearTimeout(next.timer);
    next.grant(this.tryEnter(source, next.cancel));
  }

  private tryEnter(source: string, cancel: () => void): GateTicket | null {
    if (this.bySource(source) >= this.perSource) return null;
    while (this.waiters.size >= Math.max(1, this.total())) {
      const oldest = this.waiters.values().next().value!;
      this.waiters.delete(oldest);
      this.counters.evicted += 1;
      oldest.cancel();
    }
    const waiter: Waiter = { source, cancel };
    this.waiters.add(waiter);
    return {
      leave: () => {
        // Also after an eviction (the waiter is gone already): the source may have a place now.
        this.waiters.delete(waiter);
        this.release(source);
      },
    };
  }
}
