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
 */

export interface GateTicket {
  leave(): void;
}

export interface GateCounters {
  refused: number;
  evicted: number;
}

interface Waiter {
  source: string;
  cancel: () => void;
}

export class PendingGate {
  readonly counters: GateCounters = { refused: 0, evicted: 0 };
  /** Insertion order = age: the first entry is the oldest waiter. */
  private readonly waiters = new Set<Waiter>();

  constructor(
    private readonly perSource: number,
    private readonly total: () => number,
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
    if (this.bySource(source) >= this.perSource) {
      this.counters.refused += 1;
      return null;
    }
    while (this.waiters.size >= Math.max(1, this.total())) {
      const oldest = this.waiters.values().next().value!;
      this.waiters.delete(oldest);
      this.counters.evicted += 1;
      oldest.cancel();
    }
    const waiter: Waiter = { source, cancel };
    this.waiters.add(waiter);
    return { leave: () => void this.waiters.delete(waiter) };
  }
}
