/**
 * AbuseMonitor: decides when a peer is hostile enough to kick (bad packets, floods).
 *
 * Inputs: `packet(nowMs, decodedOk, commandCount)` for every datagram the client sends.
 * Outputs: a `KickReason` the first time a limit is crossed inside one window, else null.
 * Invariants: counts reset every `windowMs` (fixed windows from the first packet); an honest
 * client (one packet per tick, three commands each, the odd corrupted datagram) stays far below
 * every limit; once a verdict is given it sticks.
 */
import type { KickReason } from '../protocol/control-messages';

export interface AbuseLimits {
  windowMs: number;
  /** Packets that fail to decode, per window. */
  maxDecodeFailures: number;
  /** Datagrams per window. */
  maxPackets: number;
  /** Commands carried per window (whatever their fate in the buffer). */
  maxCommands: number;
}

/** Limits for a server at `tickrate`: four times the most an honest client sends in a second. */
export function defaultAbuseLimits(tickrate: number): AbuseLimits {
  return {
    windowMs: 1000,
    maxDecodeFailures: 20,
    maxPackets: 4 * Math.max(tickrate, 128),
    maxCommands: 12 * Math.max(tickrate, 128),
  };
}

export interface AbuseVerdict {
  reason: KickReason;
  text: string;
}

export class AbuseMonitor {
  private windowStartMs: number | null = null;
  private failures = 0;
  private packets = 0;
  private commands = 0;
  private verdict: AbuseVerdict | null = null;

  constructor(private readonly limits: AbuseLimits) {}

  get kicked(): AbuseVerdict | null {
    return this.verdict;
  }

  packet(nowMs: number, decodedOk: boolean, commandCount: number): AbuseVerdict | null {
    if (this.verdict) return null;
    if (
      this.windowStartMs === null ||
      nowMs - this.windowStartMs >= this.limits.windowMs ||
      nowMs < this.windowStartMs
    ) {
      this.windowStartMs = nowMs;
      this.failures = 0;
      this.packets = 0;
      this.commands = 0;
    }
    this.packets++;
    this.commands += commandCount;
    if (!decodedOk) this.failures++;
    const l = this.limits;
    if (this.failures > l.maxDecodeFailures) {
      this.verdict = {
        reason: 'malformed',
        text: `more than ${l.maxDecodeFailures} undecodable packets in ${l.windowMs} ms`,
      };
    } else if (this.packets > l.maxPackets) {
      this.verdict = { reason: 'flood', text: `more than ${l.maxPackets} packets in ${l.windowMs} ms` };
    } else if (this.commands > l.maxCommands) {
      this.verdict = { reason: 'flood', text: `more than ${l.maxCommands} commands in ${l.windowMs} ms` };
    }
    return this.verdict;
  }
}
