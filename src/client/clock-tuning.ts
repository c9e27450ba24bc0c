/**
 * The ClientClock's numbers (client-clock.ts): the tuning a test may change, and the constants of
 * its two timelines, each with why it has its value. Times in ms, depths and slews in ticks.
 */
export interface ClockTuning {
  /** Least command-buffer depth aimed for, ticks (jitter adds to it). */
  minBufferTicks: number;
  /** Largest rate change of the command clock from the depth loop, as a fraction (0.05 = ±5 %). */
  maxDilation: number;
  /** Dilation per tick of buffer-depth error. */
  depthGain: number;
  /** Slew of the drawn stream per tick of error, per tick elapsed. */
  streamGain: number;
}

export const DEFAULT_CLOCK_TUNING: ClockTuning = {
  minBufferTicks: 2,
  maxDilation: 0.05,
  depthGain: 0.02,
  streamGain: 0.03,
};

export const ECHO_MEMORY = 128;
export const MAX_RTT_MS = 5000;
export const SETTLE_AFTER_PLACEMENT_MS = 150;
/** Behind the horizon by more than this (ticks), the command clock jumps forward even without a step. */
export const FAR_BEHIND_TICKS = 8;
/** While settling, a step back smaller than this is left to the depth loop (the floors are still moving). */
export const SETTLE_BACK_TICKS = 3;
/** Fastest slew of the drawn stream and of a command clock stepping back after a step down. */
export const FAST_SLEW = 0.25;
export const SLOW_SLEW = 0.05;
/** A command clock too far ahead (the path got shorter) runs at half speed until it is back. */
export const BACK_SLEW = 0.5;
/** Clock-rate errors below this (1 %) are the depth loop's (±5 %) to absorb. */
export const SKEW_DEADBAND = 0.01;
/** Largest change of the rate estimate per 250 ms bucket (4 % per second). */
export const MAX_SKEW_STEP = 0.01;
/** Largest clock-rate error believed (a clock this far off is broken, not skewed). */
export const MAX_SKEW = 0.2;
/** Buffer room per ms of round-trip jitter (90th percentile). */
export const JITTER_MARGIN = 1.5;
/** Without snapshots for this long, the depth loop stops steering (it would steer blind). */
export const STALE_MS = 500;
