/**
 * DelayFilter: a delay measured through a changing network, NTP-style (DESIGN §9 "Timelines").
 *
 * Inputs: `add(atMs, delayMs)` for every sample (a one-way lateness or a round trip), `shift(fn)`
 * when the caller re-expresses its samples (a new clock-rate estimate).
 * Outputs: `floor` (the windowed minimum: the path's own delay, what queueing never lowers),
 * `jitter` (a high percentile of the change between consecutive samples: a step, large or small,
 * is one change among many, so it does not inflate the estimate as a spread around a mean would) and, from `add`, whether the sample completed a step.
 * Invariants: a sample below the floor by more than the step threshold is a step down at once
 * (nothing arrives faster than the path); samples above it count as a step up only when
 * STEP_SAMPLES in a row (STEP_SAMPLES_NEAR_SPREAD when the rise is not far above the spread) sit
 * high at a steady level (within the threshold of each other) over at least STEP_SPAN_MS, so a jitter spike, a reordered packet or the decreasing lateness of a host
 * catching up after a stall is never taken for one. Memory is bounded (MAX_SAMPLES); no clock is read.
 */

interface Sample {
  atMs: number;
  value: number;
}

/** Samples kept: 4 s at 60 per second is more than the window ever holds. */
const MAX_SAMPLES = 256;
const STEP_SAMPLES = 3;
const STEP_SAMPLES_NEAR_SPREAD = 8;
const STEP_SPAN_MS = 40;
/** Fewest samples the jitter estimate is computed from. */
const MIN_JITTER_SAMPLES = 10;
/** The share of samples the jitter estimate covers. */
const JITTER_PERCENTILE = 0.9;

export type DelayStep = 'up' | 'down' | null;

export class DelayFilter {
  private samples: Sample[] = [];
  private high: Sample[] = [];
  private floorValue: number | null = null;
  private jitterValue = 0;
  private stepsSeen = 0;

  /**
   * @param windowMs how long a minimum is remembered: a slow rise of the path delay is followed
   *   within this time even when it stays under the step threshold.
   * @param minThresholdMs the least rise that can count as a step (above the jitter-based one).
   */
  constructor(
    private readonly windowMs: number = 2000,
    private readonly minThresholdMs: number = 20,
  ) {}

  get floor(): number | null {
    return this.floorValue;
  }
  get jitter(): number {
    return this.jitterValue;
  }
  get steps(): number {
    return this.stepsSeen;
  }
  /** How far above the floor a sample must sit to hint at a step. */
  get threshold(): number {
    // 3 × the p90 change: a rise that jitter alone makes once in thousands of samples, never 3 in a row.
    return Math.max(this.minThresholdMs, 3 * this.jitterValue);
  }

  add(atMs: number, value: number): DelayStep {
    const floor = this.floorValue;
    if (floor === null) {
      this.restart({ atMs, value });
      return null;
    }
    if (value < floor - this.threshold) {
      this.restart({ atMs, value });
      this.stepsSeen++;
      return 'down';
    }
    if (value > floor + this.threshold) return this.addHigh({ atMs, value });
    // The high run was jitter after all: it joins the window, in order.
    for (const h of this.high) this.push(h);
    this.high = [];
    this.push({ atMs, value });
    return null;
  }

  /** Re-expresses every stored sample (after the caller changed the frame they are measured in). */
  shift(fn: (atMs: number, value: number) => number): void {
    for (const s of this.samples) s.value = fn(s.atMs, s.value);
    for (const s of this.high) s.value = fn(s.atMs, s.value);
    this.recompute();
  }

  /** Forgets everything: the next sample starts a new floor (a reconnect, a long outage). */
  reset(): void {
    this.samples = [];
    this.high = [];
    this.floorValue = null;
    this.jitterValue = 0;
  }

  private addHigh(s: Sample): DelayStep {
    const run = this.high;
    // A steady new level: every sample of the run within the threshold of the run's lowest.
    const lowest = Math.min(s.value, ...run.map((h) => h.value));
    const steady = run.every((h) => h.value - lowest <= this.threshold) && s.value - lowest <= this.threshold;
    if (!steady) for (const h of run) this.push(h);
    this.high = steady ? [...run, s] : [s];
    // Held out of the window until the run is decided: a level change is not a spread.
    const first = this.high[0]!;
    // A rise far above the spread is confirmed by 3 samples; one near the spread needs a longer run.
    const needed = lowest > this.floorValue! + 2 * this.threshold ? STEP_SAMPLES : STEP_SAMPLES_NEAR_SPREAD;
    if (this.high.length < needed || s.atMs - first.atMs < STEP_SPAN_MS) return null;
    const level = this.high;
    this.samples = [];
    this.high = [];
    for (const h of level) this.push(h);
    this.stepsSeen++;
    return 'up';
  }

  private restart(s: Sample): void {
    this.samples = [];
    this.high = [];
    this.push(s);
  }

  private push(s: Sample): void {
    this.samples.push(s);
    const oldest = s.atMs - this.windowMs;
    let drop = 0;
    while (drop < this.samples.length - 1 && this.samples[drop]!.atMs < oldest) drop++;
    if (this.samples.length - drop > MAX_SAMPLES) drop = this.samples.length - MAX_SAMPLES;
    if (drop > 0) this.samples.splice(0, drop);
    this.recompute();
  }

  private recompute(): void {
    let floor = Infinity;
    for (const s of this.samples) floor = Math.min(floor, s.value);
    this.floorValue = Number.isFinite(floor) ? floor : null;
    // Too few samples since a restart say nothing about the spread: keep the estimate from before.
    if (this.floorValue === null || this.samples.length < MIN_JITTER_SAMPLES) return;
    const changes: number[] = [];
    for (let i = 1; i < this.samples.length; i++)
      changes.push(Math.abs(this.samples[i]!.value - this.samples[i - 1]!.value));
    changes.sort((a, b) => a - b);
    this.jitterValue = changes[Math.min(changes.length - 1, Math.floor(JITTER_PERCENTILE * changes.length))]!;
  }
}
