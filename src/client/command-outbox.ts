/**
 * CommandOutbox: the client's side of the command stream between issuing and the wire (DESIGN §4):
 * which command ticks are owed, the packets made of them (CommandSender), and the resends to a new
 * server after a host migration.
 *
 * Inputs: `owed(target)` each update (the ticks to issue up to the command clock's tick);
 * `issue(cmd)` per new tick; `flush(now, cmdrate, ack)` per update; `resend(after, upTo, now, ack)`
 * for the issued ticks a new server still needs. Output: `take()`, the packets to send now; every
 * packet made is reported to `onSent` (RTT echo bookkeeping, stats).
 * Invariants: issued ticks strictly increase (`issue` of an older tick is the caller's bug and never
 * happens: `owed` starts after the newest); at most a second of ticks is owed at once (a tab frozen
 * longer would only send commands the server drops as stale); resends go out before new packets.
 */
import type { Tick } from '../protocol/ids';
import type { CommandSchema } from '../protocol/command-schema';
import { CommandSender, type SentPacket } from './command-sender';

/** Most command ticks issued in one update, in seconds of play (a forward re-placement issues every tick it skips). */
const MAX_CATCH_UP_S = 1;
/** Packets kept for the next take() when updates ran without one (each carries the newest commands). */
const MAX_QUEUED_PACKETS = 4;

export class CommandOutbox<C extends { tick: Tick }> {
  private readonly sender: CommandSender<C>;
  private queued: Uint8Array[] = [];
  private resent: Uint8Array[] = [];
  private issued: Tick = -1;

  constructor(
    private readonly tickrate: number,
    private readonly onSent: (packet: SentPacket, nowMs: number) => void,
    commands: CommandSchema<C, { tick: Tick }>,
  ) {
    this.sender = new CommandSender(commands);
  }

  /** The newest command tick issued (-1 before any). */
  get lastIssuedTick(): Tick {
    return this.issued;
  }

  /** The ticks to issue now, `from` to `to` inclusive (none when from > to). */
  owed(target: Tick): { from: Tick; to: Tick } {
    const cap = Math.ceil(MAX_CATCH_UP_S * this.tickrate);
    if (this.issued < 0 || target - this.issued > cap) this.issued = Math.max(this.issued, target - 1);
    return { from: this.issued + 1, to: target };
  }

  issue(cmd: C): void {
    this.sender.push(cmd);
    this.issued = Math.max(this.issued, cmd.tick);
  }

  flush(nowMs: number, cmdRate: number, ackTick: Tick | null): void {
    const packet = this.sender.flush(nowMs, cmdRate, ackTick);
    if (!packet) return;
    this.onSent(packet, nowMs);
    this.queued.push(packet.bytes);
    if (this.queued.length > MAX_QUEUED_PACKETS) this.queued.shift();
  }

  /** Sends the issued commands of ticks in (after, upTo] again, unchanged (a new server never got them). */
  resend(after: Tick, upTo: Tick, nowMs: number, ackTick: Tick | null): void {
    for (const packet of this.sender.resend(this.sender.issuedBetween(after, upTo), nowMs, ackTick)) {
      this.onSent(packet, nowMs);
      this.resent.push(packet.bytes);
    }
  }

  take(): Uint8Array[] {
    const out = this.resent.length > 0 ? [...this.resent, ...this.queued] : this.queued;
    this.queued = [];
    this.resent = [];
    return out;
  }
}
