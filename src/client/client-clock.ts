/**
 * ClientClock: the client's two timelines (DESIGN §3), driven only by the times passed in.
 *
 *  - stream tick: the server time of the snapshot stream now arriving (fractional ticks), filtered
 *    against jitter and slewed by at most a few percent, so remote entities drawn at
 *    `streamTick - interpDelay` move smoothly; it jumps only at start-up or on an error > 0.5 s.
 *  - command tick: where the client's own commands are stamped, ahead of the server by RTT/2 plus a
 *    small buffer. It advances at the tick rate times (1 + dilation), the dilation (a few percent)
 *    steering the server-reported command-buffer depth to its target; it jumps only at start-up
 *    (once the first RTT is known, and only forward) or when the error exceeds 0.5 s.
 *
 * Inputs: `noteSent` for every command packet (so echoes can be validated), `onSnapshot` for each
 * newest snapshot, `advance(now)` before reading. Outputs: `streamTick`, `commandTick`, RTT/jitter.
 * Invariants: time never goes backwards within a call sequence with non-decreasing `now`; no clock
 * is read here.
 */
import type { Tick } from '../sim/types';

export interface SnapshotTiming {
  serverTick: Tick;
  echoTimeMs: number;
  echoHoldMs: number;
  cmdBufferDepth: number;
}

export interface ClockTuning {
  /** Least command-buffer depth aimed for, ticks (jitter adds to it). */
  minBufferTicks: number;
  /** Largest rate change of either clock, as a fraction (0.05 = ±5 %). */
  maxDilation: number;
  /** Dilation per tick of buffer-depth error. */
  depthGain: number;
  /** Slew per tick of stream-time error, per tick elapsed. */
  streamGain: number;
  /** EWMA weight of a new stream-offset sample. */
  offsetAlpha: number;
}

export const DEFAULT_CLOCK_TUNING: ClockTuning = {
  minBufferTicks: 2,
  maxDilation: 0.05,
  depthGain: 0.02,
  streamGain: 0.03,
  offsetAlpha: 0.08,
};

const ECHO_MEMORY = 128;
const MAX_RTT_MS = 5000;
const SETTLE_AFTER_PLACEMENT_MS = 750;
/** Buffer room per ms of RTT mean deviation: one-way jitter spreads wider than the RTT's deviation shows. */
const JITTER_MARGIN = 4;

export class ClientClock {
  private readonly tickMs: number;
  private readonly jumpTicks: number;
  private lastNowMs: number | null = null;
  private synced = false;
  private stream = 0;
  private streamOffset = 0;
  private command = 0;
  private commandPlaced = false;
  private placedAtMs = 0;
  private dilationNow = 0;
  private rttEstimate: number | null = null;
  private jitterEstimate = 0;
  private depthReported = 0;
  private readonly adjustments: { atMs: number; ticks: number }[] = [];
  private readonly sentTimes: number[] = [];

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
  get rttMs(): number {
    return this.rttEstimate ?? 0;
  }
  get jitterMs(): number {
    return this.jitterEstimate;
  }
  get lastReportedDepth(): number {
    return this.depthReported;
  }
  /** Buffer depth the command clock steers to: a floor plus room for the measured jitter. */
  get targetBufferTicks(): number {
    return this.tuning.minBufferTicks + (JITTER_MARGIN * this.jitterEstimate) / this.tickMs;
  }

  /** Remembers a sent packet's `sendTimeMs` (mod 65536) so only genuine echoes count as RTT samples. */
  noteSent(sendTimeMs16: number): void {
    this.sentTimes.push(sendTimeMs16);
    if (this.sentTimes.length > ECHO_MEMORY) this.sentTimes.shift();
  }

  advance(nowMs: number): void {
    const last = this.lastNowMs;
    if (last !== null && nowMs <= last) return;
    this.lastNowMs = nowMs;
    if (!this.synced || last === null) return;
    const dtTicks = (nowMs - last) / this.tickMs;
    this.advanceStream(nowMs, dtTicks);
    const extra = dtTicks * this.dilationNow;
    this.command += dtTicks + extra;
    if (extra !== 0) this.adjustments.push({ atMs: nowMs, ticks: extra });
  }

  onSnapshot(s: SnapshotTiming, nowMs: number): void {
    this.advance(nowMs);
    this.lastNowMs = Math.max(this.lastNowMs ?? nowMs, nowMs);
    this.sampleRtt(s, nowMs);
    this.depthReported = s.cmdBufferDepth;
    const offsetSample = s.serverTick - nowMs / this.tickMs;
    if (!this.synced) {
      this.synced = true;
      this.streamOffset = offsetSample;
      this.stream = s.serverTick;
      this.command = s.serverTick + this.targetBufferTicks;
      return;
    }
    const err = offsetSample - this.streamOffset;
    this.streamOffset = Math.abs(err) > this.jumpTicks ? offsetSample : this.streamOffset + this.tuning.offsetAlpha * err;
    this.steerCommand(nowMs);
  }

  private advanceStream(nowMs: number, dtTicks: number): void {
    this.stream += dtTicks;
    const err = nowMs / this.tickMs + this.streamOffset - this.stream;
    if (Math.abs(err) > this.jumpTicks) {
      this.stream += err;
      return;
    }
    // Slew toward the filtered estimate, never faster than maxDilation: remotes keep a steady speed.
    const limit = this.tuning.maxDilation * dtTicks;
    const step = Math.min(Math.abs(err) * this.tuning.streamGain * dtTicks, limit, Math.abs(err));
    this.stream += Math.sign(err) * step;
  }

  private sampleRtt(s: SnapshotTiming, nowMs: number): void {
    if (!this.sentTimes.includes(s.echoTimeMs)) return;
    const sample = ((Math.floor(nowMs) - s.echoTimeMs) & 0xffff) - s.echoHoldMs;
    if (sample < 0 || sample > MAX_RTT_MS) return;
    if (this.rttEstimate === null) {
      this.rttEstimate = sample;
      this.jitterEstimate = 0;
      return;
    }
    // TCP-style smoothed RTT and mean deviation.
    this.jitterEstimate += 0.25 * (Math.abs(sample - this.rttEstimate) - this.jitterEstimate);
    this.rttEstimate += 0.125 * (sample - this.rttEstimate);
  }

  private steerCommand(nowMs: number): void {
    if (this.rttEstimate === null) return;
    const horizon = this.stream + this.rttEstimate / this.tickMs + this.targetBufferTicks;
    if (!this.commandPlaced || this.command < horizon - this.jumpTicks) {
      // Start-up, or far behind (e.g. after a stall): run as far ahead as the round trip needs.
      // Only ever forward, so command ticks stay unique.
      this.command = Math.max(this.command, horizon);
      this.commandPlaced = true;
      this.placedAtMs = nowMs;
      this.adjustments.length = 0;
      this.dilationNow = 0;
      return;
    }
    if (this.command > horizon + this.jumpTicks) {
      // Far ahead of what the round trip needs, whatever the depth reports say (a starved host
      // skips ticks, and a server rejecting our commands as too far ahead cannot report honestly):
      // step back. Issuing pauses until the clock passes the last issued tick, so ticks stay unique.
      this.command = horizon;
      this.placedAtMs = nowMs;
      this.adjustments.length = 0;
      this.dilationNow = 0;
      return;
    }
    // Reports still reflect commands sent before placement, and the server lowers the depth for
    // the repeats it made in the last ~0.5 s: wait a round trip plus that window.
    if (nowMs - this.placedAtMs < this.rttEstimate + SETTLE_AFTER_PLACEMENT_MS) return;
    const windowStart = nowMs - this.rttEstimate;
    while (this.adjustments.length > 0 && this.adjustments[0]!.atMs < windowStart) this.adjustments.shift();
    // The report is one round trip old: add what this clock already changed since then.
    const inFlight = this.adjustments.reduce((sum, a) => sum + a.ticks, 0);
    const error = this.depthReported + inFlight - this.targetBufferTicks;
    if (error > this.jumpTicks) {
      // Far ahead: step back (issuing simply pauses until the clock passes the last issued tick).
      this.command -= error;
      this.adjustments.length = 0;
      this.dilationNow = 0;
      return;
    }
    const max = this.tuning.maxDilation;
    this.dilationNow = Math.min(max, Math.max(-max, -error * this.tuning.depthGain));
  }
}
