/**
 * EventIds: the ids the clients receive the server's events under (their ack and dedupe key),
 * counted from 0 and wrapping at 16 bits (what the wire carries). A migration carries `next` over
 * so a restored server goes on with the same ids.
 */
import type { TaggedEvent } from '../protocol/snapshot-types';
import type { Tick } from '../protocol/ticks';

/** Event ids wrap here (the wire carries 16 bits). */
const EVENT_ID_MOD = 65536;

export class EventIds {
  /** The id the next event gets. */
  next = 0;

  /** Gives each of a tick's events the next id. */
  tag<E>(events: readonly E[], tick: Tick): TaggedEvent<E>[] {
    return events.map((event) => {
      const id = this.next;
      this.next = (this.next + 1) % EVENT_ID_MOD;
      return { id, tick, event };
    });
  }
}
