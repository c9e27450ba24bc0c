/**
 * EventDeduper: the server repeats every event until a snapshot holding it is acked, so the same
 * id arrives many times; each must be shown once (DESIGN §4).
 *
 * Inputs: event ids (u16, wrapping). Output: `firstTime(id)` true exactly once per id within the
 * window. Invariants: remembers the last `window` distinct ids (FIFO), so ids reused after wrapping
 * 65536 are accepted again once far enough in the past.
 */
export const DEFAULT_DEDUPE_WINDOW = 4096;

export class EventDeduper {
  private readonly seen = new Set<number>();
  private readonly order: number[] = [];
  private head = 0;

  constructor(private readonly window: number = DEFAULT_DEDUPE_WINDOW) {}

  firstTime(id: number): boolean {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    if (this.order.length < this.window) {
      this.order.push(id);
    } else {
      // Ring: overwrite (and forget) the oldest remembered id.
      this.seen.delete(this.order[this.head]!);
      this.order[this.head] = id;
      this.head = (this.head + 1) % this.window;
    }
    return true;
  }
}
