/**
 * The checkpoint stream (issue 13, host migration): keeps every successor supplied with a
 * migration checkpoint, about once a second (`periodic`, called by the listen server's 1 s timer)
 * and at once when the roster or the successor list changes (`soon`), and sends the final one of a
 * graceful handover (`sendFinal`).
 *
 * Inputs: a source of encoded checkpoints (the server worker, with the host layer's lobby data),
 * a sender to one player's reliable channel, the current successor list, `now()`.
 * Outputs: 'checkpoint' control messages to successors only (they hold the lobby's secrets);
 * counters for the debug API: checkpointsSent (checkpoints that reached at least one successor),
 * checkpointBytes (the last one's size), checkpointIntervalMs (time between the last two: the most
 * progress a migration loses), checkpointFailures (the worker had none to give, or it was too big).
 * Invariants: one checkpoint in flight at a time (a change meanwhile gets one more right after);
 * nothing is sent after `stop` (a handover's final checkpoint is the last word).
 */
import { encodeControl } from '../protocol/control';
import { MAX_CHECKPOINT_MESSAGE_BYTES } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';

/** Periodic checkpoints come at least this far apart (the listen server's timer ticks every 1000 ms). */
export const CHECKPOINT_MIN_INTERVAL_MS = 900;

export interface CheckpointSenderDeps {
  /** An encoded checkpoint with `rewindTicks` of hitbox history, or null when none can be had. */
  take(rewindTicks: number): Promise<Uint8Array | null>;
  /** Puts control bytes on this player's reliable channel; false when it is not open. */
  send(id: PlayerId, bytes: Uint8Array): boolean;
  successors(): readonly PlayerId[];
  now(): number;
}

export interface CheckpointCounters {
  checkpointsSent: number;
  checkpointBytes: number;
  checkpointIntervalMs: number;
  checkpointFailures: number;
}

export class CheckpointSender {
  readonly counters: CheckpointCounters = {
    checkpointsSent: 0,
    checkpointBytes: 0,
    checkpointIntervalMs: 0,
    checkpointFailures: 0,
  };
  private lastSentMs: number | null = null;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** A handover's final checkpoint is being made: no periodic one meanwhile (and none after it, once sent). */
  private handingOver = false;

  constructor(private readonly deps: CheckpointSenderDeps) {}

  /** The 1 s timer: a checkpoint unless one went out less than CHECKPOINT_MIN_INTERVAL_MS ago. */
  periodic(): Promise<void> {
    if (this.lastSentMs !== null && this.deps.now() - this.lastSentMs < CHECKPOINT_MIN_INTERVAL_MS)
      return Promise.resolve();
    return this.soon();
  }

  /** The roster or the successor list changed: a checkpoint now (after the one in flight, if any). */
  soon(): Promise<void> {
    if (this.stopped || this.handingOver || this.deps.successors().length === 0) return Promise.resolve();
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    const run = async (): Promise<void> => {
      do {
        this.again = false;
        await this.round();
      } while (this.again && !this.stopped && !this.handingOver);
      this.inFlight = null;
    };
    this.inFlight = run();
    return this.inFlight;
  }

  /**
   * A handover: the final checkpoint, with `rewindTicks` of history (halved until it fits a
   * message), to `to` alone. True when it went out: then no checkpoint follows it; when it could
   * not be sent, the periodic ones go on (the match stays here).
   */
  async sendFinal(to: PlayerId, rewindTicks: number): Promise<boolean> {
    this.handingOver = true;
    await this.inFlight;
    const sent = await this.finalRound(to, rewindTicks);
    this.handingOver = false;
    if (sent) this.stopped = true;
    else this.counters.checkpointFailures += 1;
    return sent;
  }

  /** No more checkpoints (the lobby closes, or the match was handed over). */
  stop(): void {
    this.stopped = true;
  }

  private async finalRound(to: PlayerId, rewindTicks: number): Promise<boolean> {
    for (let ticks = Math.max(0, Math.floor(rewindTicks)); !this.stopped; ticks = Math.floor(ticks / 2)) {
      const bytes = await this.deps.take(ticks);
      if (bytes && bytes.length <= MAX_CHECKPOINT_MESSAGE_BYTES) return this.deliver([to], bytes, true);
      if (!bytes || ticks === 0) return false;
    }
    return false;
  }

  private async round(): Promise<void> {
    const bytes = await this.deps.take(0);
    if (this.stopped || this.handingOver) return;
    if (!bytes || bytes.length > MAX_CHECKPOINT_MESSAGE_BYTES) {
      this.counters.checkpointFailures += 1;
      return;
    }
    // The list as it is now, not as it was when the worker was asked: a successor named meanwhile gets it too.
    this.deliver(this.deps.successors(), bytes, false);
  }

  private deliver(to: readonly PlayerId[], bytes: Uint8Array, final: boolean): boolean {
    const message = encodeControl({ type: 'checkpoint', final, bytes });
    let reached = false;
    for (const id of to) reached = this.deps.send(id, message) || reached;
    if (!reached) return false;
    const now = this.deps.now();
    if (this.lastSentMs !== null) this.counters.checkpointIntervalMs = Math.round(now - this.lastSentMs);
    this.lastSentMs = now;
    this.counters.checkpointsSent += 1;
    this.counters.checkpointBytes = bytes.length;
    return true;
  }
}
