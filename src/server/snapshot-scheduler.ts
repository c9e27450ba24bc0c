/**
 * SnapshotScheduler: when to send the next snapshot to one client (DESIGN §3, Valve footnote 7).
 *
 * Inputs: the server tickrate, the client's `updateRate` (snapshots/s) and `rate` (bytes/s);
 * `due(tick)` every tick, `sent(tick, bytes)` after each snapshot goes out.
 * Outputs: whether a snapshot should be built this tick; counters of sends and held-back ticks.
 * Invariants: at most one snapshot every `interval` ticks, interval = round(tickrate / min(updateRate,
 * tickrate)); a token bucket refilled by rate / tickrate bytes per tick and capped at one interval's
 * worth pays for every byte sent. It may go negative (a snapshot is never cut in half), and while
 * it is negative the snapshot waits, so the average never exceeds `rate`. The next send is counted
 * from the tick the last one actually left: the server picks each client's send times.
 */
import type { ClientNetSettings } from '../protocol/control-messages';

export type { ClientNetSettings } from '../protocol/control-messages';

export const DEFAULT_CLIENT_SETTINGS: Readonly<ClientNetSettings> = Object.freeze({
  updateRate: 30,
  rate: 40000,
  interpMs: 100,
});

/** Bounds from src/config/cvars.ts (cl_updaterate, rate, cl_interp up to its ratio at the lowest update rate). */
const LIMITS = { updateRate: [10, 128], rate: [2500, 1_000_000], interpMs: [0, 500] } as const;

function clampSetting(v: number, [lo, hi]: readonly [number, number], fallback: number): number {
  return Number.isFinite(v) ? Math.min(Math.max(v, lo), hi) : fallback;
}

/** Clamps settings received from a peer to their legal ranges (NaN → default). */
export function clampClientSettings(s: ClientNetSettings): ClientNetSettings {
  return {
    updateRate: Math.round(clampSetting(s.updateRate, LIMITS.updateRate, DEFAULT_CLIENT_SETTINGS.updateRate)),
    rate: Math.round(clampSetting(s.rate, LIMITS.rate, DEFAULT_CLIENT_SETTINGS.rate)),
    interpMs: clampSetting(s.interpMs, LIMITS.interpMs, DEFAULT_CLIENT_SETTINGS.interpMs),
  };
}

export class SnapshotScheduler {
  private intervalTicks = 1;
  private bytesPerTick = 0;
  private bucketCap = 0;
  private tokens = 0;
  /** -1 until the first `due`: then the first tick whose residue mod the interval is the phase. */
  private nextSendTick = -1;
  private readonly phase: number;
  readonly counters = { sent: 0, heldBackTicks: 0, bytes: 0 };

  /**
   * @param phase spreads clients over the ticks of an interval (e.g. the client id), so the server
   * encodes a few snapshots every tick instead of all of them every other tick
   */
  constructor(
    private readonly tickrate: number,
    settings: ClientNetSettings,
    phase = 0,
  ) {
    this.configure(settings);
    this.tokens = this.bucketCap;
    this.phase = Math.max(0, Math.floor(phase));
  }

  configure(settings: ClientNetSettings): void {
    const s = clampClientSettings(settings);
    this.intervalTicks = Math.max(1, Math.round(this.tickrate / Math.min(s.updateRate, this.tickrate)));
    this.bytesPerTick = s.rate / this.tickrate;
    this.bucketCap = this.bytesPerTick * this.intervalTicks;
    this.tokens = Math.min(this.tokens, this.bucketCap);
  }

  get interval(): number {
    return this.intervalTicks;
  }

  /** Called once per server tick (refills the budget); true when a snapshot should go now. */
  due(tick: number): boolean {
    this.tokens = Math.min(this.tokens + this.bytesPerTick, this.bucketCap);
    if (this.nextSendTick < 0)
      this.nextSendTick =
        tick + ((((this.phase - tick) % this.intervalTicks) + this.intervalTicks) % this.intervalTicks);
    if (tick < this.nextSendTick) return false;
    if (this.tokens < 0) {
      this.counters.heldBackTicks++;
      return false;
    }
    return true;
  }

  sent(tick: number, bytes: number): void {
    this.tokens -= bytes;
    this.nextSendTick = tick + this.intervalTicks;
    this.counters.sent++;
    this.counters.bytes += bytes;
  }
}
