/**
 * ClientClock: the client's two timelines (DESIGN §3, §9), driven only by the times passed in.
 *
 *  - stream tick: the server time of the snapshot stream now arriving by the fastest path (fractional
 *    ticks). Modelled as a line (anchor + measured clock rate) placed on the *least* lateness seen
 *    recently (DelayFilter), so queueing jitter does not move it; remote entities are drawn at
 *    `streamTick - interpDelay`. The drawn value slews toward the model (5 %, 25 % after a step) and
 *    jumps only at start-up or on an error over 0.5 s.
 *  - command tick: where the client's own commands are stamped, ahead of the stream by the least
 *    round trip plus a buffer for the round trip's jitter. It runs at the measured clock rate times
 *    (1 + dilation), the dilation (a few percent) steering the server-reported command-buffer depth
 *    to its target. A step of the path delay (a sustained change of the minimum, not a jitter spike)
 *    re-places it at once: forward by a jump (the caller issues every tick it skips), back by a fast
 *    slew (never a jump back, so no tick is issued twice and issuing never stops).
 *  - clock rate: the host's clock against ours (SkewEstimator), folded into both timelines, so a
 *    client whose clock runs up to ±10 % off stays on target without living at the dilation limit.
 *  - rebind (host migration): another server runs the match on, its tick line a little behind or
 *    ahead of the old one's. The stream model is re-anchored on its first snapshot (the drawn stream
 *    slews there fast, jumps only beyond half a second) and the command timeline is re-placed on the
 *    new horizon the same way as after a delay step (forward: a counted jump; back: a slew).
 *
 * Inputs: `noteSent` per command packet (round-trip.ts), `onSnapshot` per newest snapshot, `advance(now)`
 * before reading, `rebind()` when the stream's server changes. Outputs: `streamTick`, `commandTick`, RTT.
 * Invariants: time never goes backwards within a call sequence with non-decreasing `now`; memory is
 * bounded whether snapshots arrive or not; no clock is read here.
 */
import type { Tick } from '../protocol/ids';
import { ClockAdjustments } from './clock-adjustments';
import { DelayFilter } from './delay-filter';
import { RoundTrip, type EchoTiming } from './round-trip';
import { SkewEstimator } from './skew-estimator';
import {
  BACK_SLEW,
  DEFAULT_CLOCK_TUNING,
  FAR_BEHIND_TICKS,
  FAST_SLEW,
  JITTER_MARGIN,
  MAX_SKEW,
  MAX_SKEW_STEP,
  SETTLE_AFTER_PLACEMENT_MS,
  SETTLE_BACK_TICKS,
  SKEW_DEADBAND,
  SLOW_SLEW,
  STALE_MS,
  type ClockTuning,
} from './clock-tuning';

/** What the clock reads off a snapshot: its tick, the echo of our newest command packet, the server's depth report. */
export interface SnapshotTiming extends EchoTiming {
  serverTick: Tick;
  cmdBufferDepth: number;
}

export class ClientClock {
  private readonly tickMs: number;
  private readonly jumpTicks: number;
  private lastNowMs: number | null = null;
  private synced = false;
  /** Model of the stream: tick `anchorTick` at `anchorMs`, advancing `rate` ticks per tick. */
  private anchorMs = 0;
  private anchorTick = 0;
  private rate = 1;
  private stream = 0;
  private streamFast = false;
  private command = 0;
  private commandPlaced = false;
  private placedAtMs = 0;
  private backlog = 0;
  private dilationNow = 0;
  private lastSnapshotMs = 0;
  private depthReported = 0;
  private lastSkewBucketMs = 0;
  /** The next snapshot comes from a new server (rebind): re-anchor the model on it. */
  private reanchor = false;
  private readonly lateness = new DelayFilter();
  private readonly rtt = new RoundTrip();
  private readonly skewFit = new SkewEstimator();
  private readonly adjustments = new ClockAdjustments();
  readonly counters = { steps: 0, jumps: 0, jumpedTicks: 0 };

  constructor(
    readonly tickrate: number,
    private readonly tuning: ClockTuning = DEFAULT_CLOCK_TUNING,
  ) {
    this.tickMs = 1000 / tickrate;
    this.jumpTicks = tickrate / 2;
  }

  get isSynced(): boolean {
    return this.synced;
  }
  get streamTick(): number {
    return this.stream;
  }
  get commandTick(): number {
    return this.command;
  }
  get dilation(): number {
    return this.dilationNow;
  }
  /** Least round trip seen recently (ms): the path's own delay, without queueing. */
  get rttMs(): number {
    return this.rtt.floorMs ?? 0;
  }
  /** One-way jitter of the snapshot stream (ms: 90th percentile of the change between consecutive latenesses). */
  get jitterMs(): number {
    return this.lateness.jitter;
  }
  /** Host clock ticks per client clock tick, minus one (+0.1: the host runs 10 % faster). */
  get skew(): number {
    return this.rate - 1;
  }
  get lastReportedDepth(): number {
    return this.depthReported;
  }
  /**
   * Buffer depth the command clock steers to: a floor plus room for the round trip's jitter (the
   * depth loop steers the *mean* depth, so the room must cover the tail of the arrivals, not the p90).
   */
  get targetBufferTicks(): number {
    return this.tuning.minBufferTicks + (JITTER_MARGIN * this.rtt.jitterMs) / this.tickMs;
  }

  /** Remembers a sent packet's `sendTimeMs` so only genuine echoes count as RTT samples (round-trip.ts). */
  noteSent(sendTimeMs16: number): void {
    this.rtt.noteSent(sendTimeMs16);
  }

  /**
   * The stream now comes from another server running the same match (host migration). Its tick line
   * is learnt again from its first snapshot; the command timeline carries on from where it is (so no
   * tick is issued twice) and is re-placed then. The clock rate is kept (our own clock's error is
   * most of it) and so is the round-trip floor, a first guess for the new path until its echoes
   * replace it (a longer or shorter path is a step, handled as any other). Echoes of commands sent
   * to the old server can never come back: forgotten.
   */
  rebind(): void {
    this.rtt.forgetSent();
    this.reanchor = this.synced;
  }

  advance(nowMs: number): void {
    const last = this.lastNowMs;
    if (last !== null && nowMs <= last) return;
    this.lastNowMs = nowMs;
    if (!this.synced || last === null) return;
    const dtTicks = ((nowMs - last) / this.tickMs) * this.rate;
    this.advanceStream(nowMs, dtTicks);
    // Blind (no snapshots) the depth loop has nothing to steer by: run at the measured rate only.
    if (nowMs - this.lastSnapshotMs > STALE_MS) this.dilationNow = 0;
    const extra = dtTicks * this.dilationNow;
    const back = Math.min(this.backlog, dtTicks * BACK_SLEW);
    this.backlog -= back;
    this.command += dtTicks + extra - back;
    if (extra !== 0 || back !== 0) this.adjustments.add(nowMs, extra - back);
    this.adjustments.forgetBefore(nowMs - this.rttMs - 2 * STALE_MS);
  }

  onSnapshot(s: SnapshotTiming, nowMs: number): void {
    this.advance(nowMs);
    this.lastNowMs = Math.max(this.lastNowMs ?? nowMs, nowMs);
    this.lastSnapshotMs = nowMs;
    this.depthReported = s.cmdBufferDepth;
    if (!this.synced) {
      this.synced = true;
      this.anchorMs = nowMs;
      this.anchorTick = s.serverTick;
      this.stream = s.serverTick;
      this.command = s.serverTick + this.targetBufferTicks;
    }
    const moved = this.reanchor;
    if (moved) this.anchorOn(s.serverTick, nowMs);
    const late = (this.modelTick(nowMs) - s.serverTick) * this.tickMs;
    const stepLate = this.lateness.add(nowMs, late);
    const stepRtt = this.rtt.sample(s, nowMs);
    // Steps stay in the skew history: a drifting clock looks like a run of small steps, and the
    // estimator itself refuses a history that is not a line.
    this.skewFit.add(nowMs, late);
    if (stepLate || stepRtt) {
      this.counters.steps++;
      this.streamFast = true;
    } else if (!moved) {
      this.updateSkew(nowMs);
    }
    this.steerCommand(nowMs, moved || stepLate !== null || stepRtt !== null);
  }

  /**
   * The first snapshot of a new server: the model restarts on it (its lateness history and the
   * skew fit measured the old server's line). The drawn stream is left where it is and slews fast.
   */
  private anchorOn(serverTick: Tick, nowMs: number): void {
    this.reanchor = false;
    this.anchorMs = nowMs;
    this.anchorTick = serverTick;
    this.lateness.reset();
    this.skewFit.reset();
    this.lastSkewBucketMs = nowMs;
    this.streamFast = true;
  }

  /** Server tick the fastest snapshot would carry if it arrived now (the model, before slewing). */
  private streamTarget(nowMs: number): number {
    return this.modelTick(nowMs) - (this.lateness.floor ?? 0) / this.tickMs;
  }

  private modelTick(nowMs: number): number {
    return this.anchorTick + ((nowMs - this.anchorMs) / this.tickMs) * this.rate;
  }

  private updateSkew(nowMs: number): void {
    // One correction per bucket: each halves the residual, so noise never makes the rate ring.
    if (nowMs - this.lastSkewBucketMs < 250) return;
    const slope = this.skewFit.slope();
    // Small slopes are left to the depth loop: a delay change under the step threshold also looks
    // like a slope for a few seconds, and correcting it as skew would overshoot afterwards.
    if (slope === null || Math.abs(slope) < SKEW_DEADBAND) return;
    this.lastSkewBucketMs = nowMs;
    // Half the residual per bucket, and never more than MAX_SKEW_STEP: a wrong line costs little.
    const change = Math.min(MAX_SKEW_STEP, Math.max(-MAX_SKEW_STEP, -0.5 * slope));
    const next = Math.min(1 + MAX_SKEW, Math.max(1 - MAX_SKEW, this.rate + change));
    const delta = next - this.rate;
    if (delta === 0) return;
    // Pivot the model at now so the stream does not move; older samples re-expressed in the new model.
    this.anchorTick = this.modelTick(nowMs);
    this.anchorMs = nowMs;
    this.rate = next;
    const reexpress = (atMs: number, value: number): number => value + delta * (atMs - nowMs);
    this.lateness.shift(reexpress);
    this.skewFit.shift(reexpress);
  }

  private advanceStream(nowMs: number, dtTicks: number): void {
    this.stream += dtTicks;
    const err = this.streamTarget(nowMs) - this.stream;
    if (Math.abs(err) > this.jumpTicks) {
      this.stream += err;
      return;
    }
    if (Math.abs(err) < 0.5) this.streamFast = false;
    // Slew toward the model, never faster than a few percent (25 % just after a step): remotes keep a steady speed.
    const limit = (this.streamFast ? FAST_SLEW : SLOW_SLEW) * dtTicks;
    const step = Math.min(
      Math.abs(err) * this.tuning.streamGain * dtTicks + (this.streamFast ? limit : 0),
      limit,
      Math.abs(err),
    );
    this.stream += Math.sign(err) * step;
  }

  private steerCommand(nowMs: number, stepped: boolean): void {
    const floor = this.rtt.floorMs;
    if (floor === null) return;
    const horizon = this.streamTarget(nowMs) + floor / this.tickMs + this.targetBufferTicks;
    // Where the clock is heading (a step back still being slewed off counts as done).
    const behind = horizon - (this.command - this.backlog);
    // Just after a placement the new floors are still being refined by fresher minima: follow them,
    // forward at once (a late command is input delayed), back only when clearly too far ahead.
    const settling = nowMs - this.placedAtMs < this.rttMs + SETTLE_AFTER_PLACEMENT_MS;
    // Behind by more than FAR_BEHIND_TICKS is input the server will not get in time: jump, whatever the cause.
    const replace =
      (stepped && Math.abs(behind) > 1) ||
      (settling && (behind > 1 || behind < -SETTLE_BACK_TICKS)) ||
      behind > FAR_BEHIND_TICKS;
    if (!this.commandPlaced || replace || Math.abs(behind) > this.jumpTicks) {
      this.place(nowMs, horizon, stepped || !this.commandPlaced);
      return;
    }
    if (settling || this.backlog > 0) return;
    // The report is one round trip old (the least one plus queueing): add what this clock already
    // changed since then, or the loop would correct the same error twice and overshoot.
    const reportAgeMs = this.rttMs + this.rtt.jitterMs;
    const inFlight = this.adjustments.sumSince(nowMs - reportAgeMs);
    const error = this.depthReported + inFlight - this.targetBufferTicks;
    const max = this.tuning.maxDilation;
    this.dilationNow = Math.min(max, Math.max(-max, -error * this.tuning.depthGain));
  }

  /**
   * Re-places the command timeline on the horizon: forward at once (the caller issues the ticks
   * in between, so the server has a command for each), back by a fast slew (no tick twice).
   */
  private place(nowMs: number, horizon: number, restartSettling: boolean): void {
    if (horizon > this.command) {
      if (this.commandPlaced) {
        this.counters.jumps++;
        this.counters.jumpedTicks += horizon - this.command;
      }
      this.command = horizon;
      this.backlog = 0;
    } else {
      this.backlog = this.command - horizon;
    }
    this.commandPlaced = true;
    // Depth reports still reflect commands sent before the placement: wait a round trip and a bit.
    if (restartSettling) this.placedAtMs = nowMs;
    this.adjustments.clear();
    this.dilationNow = 0;
  }
}
