/**
 * PendingEvents: the view events (predicted effects and confirmed server events) waiting for the
 * next frame's view, which takes them all. Bounded: if frames stop being built for long, the
 * oldest go first rather than growing without end.
 */
import type { ShownEvent } from './client-game';

/** Events kept for the next frame; older ones go first if nobody takes them. */
const MAX_PENDING_EVENTS = 256;

export class PendingEvents<E> {
  private events: ShownEvent<E>[] = [];

  push(e: ShownEvent<E>): void {
    this.events.push(e);
    if (this.events.length > MAX_PENDING_EVENTS) this.events.shift();
  }

  /** Every event since the last take, oldest first; the queue is empty afterwards. */
  take(): ShownEvent<E>[] {
    const out = this.events;
    this.events = [];
    return out;
  }
}
