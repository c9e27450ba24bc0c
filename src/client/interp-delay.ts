/**
 * InterpDelay: how far in the past remote entities are drawn (DESIGN §3 "render time"), adapted to
 * the snapshot arrivals actually seen (cl_interp_adaptive) instead of a fixed cl_interp.
 *
 * Inputs: `arrival(nowMs, lagTicks)` on each newest snapshot, with how far the stream had run past
 * the previous newest snapshot just before this one arrived (the longest wait of that gap);
 * `advance(nowMs, floorTicks, capTicks, adaptive, lagNowTicks)` each frame, with how far the stream
 * is past the newest snapshot now (a gap still open counts at once: the delay grows during an
 * outage, so remotes slow down and keep moving instead of running out of history).
 * Output: `ticks`, the delay in use: enough for the 95th percentile of the recent waits (or the
 * gap still open), never below the configured floor nor above the cap; grows quickly (at GROW of
 * real time: remotes slow to half speed, never jump back), shrinks slowly (SHRINK); memory bounded
 * by the window.
 */

import { RollingWindow } from './rolling-window';

/** Gaps remembered: a burst every few seconds keeps the delay up. */
const WINDOW_MS = 5000;
/** Rate of change of the delay, as a fraction of elapsed time. */
const GROW = 0.5;
const SHRINK = 0.02;
/** Share of recent gaps the delay covers without slowing remotes down. */
const GAP_PERCENTILE = 0.95;
/** Room above the recent waits, ticks. */
const MARGIN_TICKS = 1;

export class InterpDelay {
  private readonly gaps = new RollingWindow(WINDOW_MS);
  private current: number | null = null;
  private lastMs: number | null = null;

  constructor(private readonly msPerTick: number) {}

  get ticks(): number {
    return this.current ?? 0;
  }

  arrival(nowMs: number, lagTicks: number): void {
    this.gaps.add(nowMs, lagTicks);
  }

  /** The delay the recent arrivals ask for (before the floor and the cap). */
  wanted(nowMs: number): number {
    const gaps = this.gaps.values(nowMs).sort((a, b) => a - b);
    if (gaps.length === 0) return MARGIN_TICKS;
    // A high percentile, not the longest: one rare long burst should not hold the delay at its cap
    // (a gap still open is covered separately, by growing while it lasts).
    return gaps[Math.min(gaps.length - 1, Math.floor(GAP_PERCENTILE * gaps.length))]! + MARGIN_TICKS;
  }

  advance(nowMs: number, floorTicks: number, capTicks: number, adaptive: boolean, lagNowTicks = 0): number {
    const cap = Math.max(floorTicks, capTicks);
    const wanted = Math.max(this.wanted(nowMs), lagNowTicks + MARGIN_TICKS);
    const target = adaptive ? Math.min(cap, Math.max(floorTicks, wanted)) : floorTicks;
    const dt = this.lastMs === null ? 0 : Math.max(0, nowMs - this.lastMs);
    this.lastMs = nowMs;
    if (this.current === null || !adaptive) {
      this.current = target;
      return this.current;
    }
    // The change is a share of the elapsed time, so the render timeline dilates instead of jumping.
    const elapsedTicks = dt / this.msPerTick;
    const err = target - this.current;
    const step = err > 0 ? Math.min(err, GROW * elapsedTicks) : Math.max(err, -SHRINK * elapsedTicks);
    // A settings change moves the floor or the cap at once: the player asked for it.
    this.current = Math.min(cap, Math.max(floorTicks, this.current + step));
    return this.current;
  }
}
