/**
 * HostPlausibility: a joiner's guard against a host that sends impossible snapshots. A host runs
 * its tick on a real clock, so its snapshots' server ticks cannot run ahead of ours: from the first
 * snapshot accepted (the anchor), a snapshot's tick may be at most
 *   anchorTick + tickrate × (elapsed × (1 + MAX_RATE_EXCESS) + MAX_LEAD_S)
 * (elapsed in our seconds; MAX_LEAD_S covers an anchor that was itself delayed). A snapshot beyond
 * that is dropped before it can become a baseline or the ack (one snapshot 1,000,000 ticks ahead
 * would otherwise freeze the netcode for good: docs/PROTOCOL.md "Plausibility").
 *
 * A host that keeps doing it (ABANDON_AFTER_CONSECUTIVE in a row, or ABANDON_AFTER_TOTAL in all) is
 * given up on: `abandoned` turns true and the page leaves with a clear message. Pure (times passed in).
 * A new host (migration, `rebind`) gets a new anchor from its first snapshot and a clean record;
 * `dropped` keeps counting across hosts.
 */
import type { Tick } from '../protocol/ids';

/** A joiner's clock may run slow (test/integration/client-timelines.test.ts runs one 10 % slow): generous. */
export const MAX_RATE_EXCESS = 0.25;
export const MAX_LEAD_S = 5;
export const ABANDON_AFTER_CONSECUTIVE = 30;
export const ABANDON_AFTER_TOTAL = 300;

export class HostPlausibility {
  private anchor: { tick: Tick; ms: number } | null = null;
  private consecutive = 0;
  private total = 0;
  /** Drops charged to earlier hosts (the total before the last rebind). */
  private totalBefore = 0;

  constructor(private readonly tickrate: number) {}

  /** Snapshots dropped as implausible so far. */
  get dropped(): number {
    return this.total;
  }

  get abandoned(): boolean {
    return this.consecutive >= ABANDON_AFTER_CONSECUTIVE || this.total - this.totalBefore >= ABANDON_AFTER_TOTAL;
  }

  /** Another host now sends the stream (host migration): its ticks are judged from its own first snapshot. */
  rebind(): void {
    this.anchor = null;
    this.consecutive = 0;
    this.totalBefore = this.total;
  }

  /** The highest server tick a snapshot arriving at `nowMs` may carry (Infinity before the first). */
  limit(nowMs: number): number {
    if (!this.anchor) return Infinity;
    const elapsedS = Math.max(0, nowMs - this.anchor.ms) / 1000;
    return this.anchor.tick + Math.ceil(this.tickrate * (elapsedS * (1 + MAX_RATE_EXCESS) + MAX_LEAD_S));
  }

  /** Whether a snapshot of `serverTick` arriving at `nowMs` is believable; counts the ones that are not. */
  check(serverTick: Tick, nowMs: number): boolean {
    if (!Number.isFinite(serverTick) || serverTick < 0 || serverTick > this.limit(nowMs)) {
      this.consecutive += 1;
      this.total += 1;
      return false;
    }
    this.anchor ??= { tick: serverTick, ms: nowMs };
    this.consecutive = 0;
    return true;
  }
}
