/**
 * PendingEvents: the view events (predicted effects and confirmed server events) waiting for the
 * next frame's view, which takes them all. Bounded: if frames stop being built for long, the
 * oldest go first rather than growing without end.
 */
import type { ViewEvent } from './view-model';

/** Events kept for the next frame; older ones go first if nobody takes them. */
const MAX_PENDING_EVENTS = 256;

export class PendingEvents {
  private events: ViewEvent[] = [];

  push(e: ViewEvent): void {
    this.events.push(e);
    if (this.events.length > MAX_PENDING_EVENTS) this.events.shift();
  }

  /** Every event since the last take, oldest first; the queue is empty afterwards. */
  take(): ViewEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }
}
