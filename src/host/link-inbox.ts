/**
 * The lobby door's reader of a joiner's handshake: the control messages of one link in arrival
 * order, read one at a time with a deadline. It listens from the moment it is built (a joiner's
 * first message may already be on its way while the door awaits something else) until `stop()`.
 */
import type { PeerLink } from '../transport/peer-link';

/** Control messages of one link in arrival order, read one at a time with a deadline. */
export class Inbox {
  private readonly queue: Uint8Array[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  private readonly offMessage: () => void;
  private readonly offClose: () => void;

  constructor(link: PeerLink) {
    this.offMessage = link.reliable.onMessage((b) => (this.queue.push(b.slice()), this.wake?.()));
    this.offClose = link.reliable.onClose(() => ((this.ended = true), this.wake?.()));
  }

  /** The next message, or 'closed' / 'timeout' once `deadlineMs` (on `now`) has passed. */
  next(deadlineMs: number, now: () => number): Promise<Uint8Array | 'closed' | 'timeout'> {
    return new Promise((resolve) => {
      const attempt = (): boolean => {
        const m = this.queue.shift();
        if (m) return (resolve(m), true);
        if (this.ended) return (resolve('closed'), true);
        return false;
      };
      if (attempt()) return;
      const timer = setTimeout(() => ((this.wake = null), resolve('timeout')), Math.max(0, deadlineMs - now()));
      this.wake = () => {
        if (!attempt()) return;
        clearTimeout(timer);
        this.wake = null;
      };
    });
  }

  stop(): void {
    this.offMessage();
    this.offClose();
  }
}
