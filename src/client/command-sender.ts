/**
 * CommandSender: turns the stream of commands (any game's) into command packets (DESIGN §4): each packet
 * carries the newest (up to) three commands of consecutive ticks, so a command survives the loss
 * of two packets in a row, plus the ack of the newest complete snapshot and a 16-bit send time the
 * server echoes back for the RTT. The ack is independent of the command ticks: a client whose
 * command clock runs behind the snapshot stream still names only snapshots it received.
 *
 * Inputs: `push(cmd)` per new command tick (ascending ticks), `flush(now, cmdrate, ackTick)` per
 * update. Output: at most one encoded packet per call, and none more often than `cmdrate` per
 * second or when no new command exists. Invariants: the commands in a packet are consecutive
 * ticks (the codec writes only the first); the ack is passed through untouched. `resend` packs
 * commands already issued (to a new server after a host migration) the same way, unchanged.
 */
import { encodeCmdPacket } from '../protocol/cmd-packet';
import { CMDS_PER_PACKET } from '../protocol/command-schema';
import type { Tick } from '../protocol/ids';
import type { CommandSchema } from '../protocol/command-schema';

export interface SentPacket {
  bytes: Uint8Array;
  sendTimeMs16: number;
}

/** Commands remembered for a resend: a second at the highest tickrate (the server refuses any further ahead). */
const ISSUED_MEMORY = 128;

export class CommandSender<C extends { tick: Tick }> {
  /** @param commands the game's command schema (the packet's fields) */
  constructor(private readonly commands: CommandSchema<C, { tick: Tick }>) {}

  private recent: C[] = [];
  /** The newest commands pushed, oldest first (what `issuedAfter` answers from). */
  private issued: C[] = [];
  private lastSendMs = Number.NEGATIVE_INFINITY;
  private hasNew = false;

  push(cmd: C): void {
    const last = this.recent[this.recent.length - 1];
    // A gap in ticks (the clock skipped ahead) starts a new run: packets hold consecutive ticks only.
    if (last && cmd.tick !== last.tick + 1) this.recent = [];
    this.recent.push(cmd);
    if (this.recent.length > CMDS_PER_PACKET) this.recent.shift();
    this.issued.push(cmd);
    if (this.issued.length > ISSUED_MEMORY) this.issued.shift();
    this.hasNew = true;
  }

  /** The commands pushed for ticks in (after, upTo], oldest first, as far back as remembered. */
  issuedBetween(after: Tick, upTo: Tick): C[] {
    return this.issued.filter((c) => c.tick > after && c.tick <= upTo);
  }

  flush(nowMs: number, cmdRate: number, ackTick: Tick | null): SentPacket | null {
    const first = this.recent[0];
    if (!this.hasNew || !first) return null;
    // 0.9: frames and ticks are not phase-locked; a strict interval would skip every other tick.
    if (nowMs - this.lastSendMs < (0.9 * 1000) / cmdRate) return null;
    const sendTimeMs16 = Math.floor(nowMs) & 0xffff;
    const bytes = encodeCmdPacket(this.commands, { ackTick, sendTimeMs: sendTimeMs16, cmds: this.recent.slice() });
    this.lastSendMs = nowMs;
    this.hasNew = false;
    return { bytes, sendTimeMs16 };
  }

  /**
   * Packets carrying `cmds` (ascending ticks, already issued: their contents are not changed) in runs
   * of consecutive ticks, CMDS_PER_PACKET at most each, oldest first. Rate and `hasNew` are untouched.
   */
  resend(cmds: readonly C[], nowMs: number, ackTick: Tick | null): SentPacket[] {
    const out: SentPacket[] = [];
    const sendTimeMs16 = Math.floor(nowMs) & 0xffff;
    let run: C[] = [];
    const flushRun = (): void => {
      if (run.length > 0)
        out.push({
          bytes: encodeCmdPacket(this.commands, { ackTick, sendTimeMs: sendTimeMs16, cmds: run }),
          sendTimeMs16,
        });
      run = [];
    };
    for (const cmd of cmds) {
      const last = run[run.length - 1];
      if ((last && cmd.tick !== last.tick + 1) || run.length === CMDS_PER_PACKET) flushRun();
      run.push(cmd);
    }
    flushRun();
    return out;
  }

  reset(): void {
    this.recent = [];
    this.hasNew = false;
  }
}
