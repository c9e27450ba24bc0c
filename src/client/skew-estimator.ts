/**
 * SkewEstimator: how fast the host's clock runs against ours, measured rather than left to the
 * command clock's few percent of dilation (a client clock 10 % off would otherwise live at the limit).
 *
 * Inputs: `add(atMs, latenessMs)` with the one-way lateness of each snapshot measured against the
 * caller's current model of server time.
 * Output: `slope()`, the residual rate error of that model (ms of lateness gained per ms), or null
 * while too little is known or the history is not a line (a delay step inside the window is not a
 * slope: its minima sit far off any line, while a drifting clock's sit close to one). The caller
 * folds it into its rate and re-expresses its samples.
 * Invariants: the fit uses the least lateness of each BUCKET_MS bucket (queueing only adds delay,
 * so the minima follow the clock and not the load); memory is bounded (BUCKETS); no clock is read.
 */

interface Bucket {
  atMs: number;
  least: number;
}

const BUCKET_MS = 250;
const BUCKETS = 16;
/** A slope is trusted only over a full window (about 4 s): a delay ramp of a second or two is not skew. */
const MIN_BUCKETS = BUCKETS - 1;
/** The two halves' slopes may differ by this share of the larger one. */
const HALVES_AGREE = 0.3;
/** Least distance (ms) of a bucket minimum from the fitted line that still reads as noise. */
const LINE_MS = 8;

export class SkewEstimator {
  private buckets: Bucket[] = [];

  add(atMs: number, latenessMs: number): void {
    const last = this.buckets[this.buckets.length - 1];
    if (last && atMs - last.atMs < BUCKET_MS) {
      last.least = Math.min(last.least, latenessMs);
      return;
    }
    this.buckets.push({ atMs, least: latenessMs });
    if (this.buckets.length > BUCKETS) this.buckets.shift();
  }

  /**
   * Least-squares slope of the bucket minima (closed buckets only), or null unless the whole window
   * is one line: every minimum close to it, and both halves of the window agreeing on the slope. A
   * delay that ramps for a while (a host page busy loading) draws a line over part of the window only.
   */
  slope(): number | null {
    const closed = this.buckets.slice(0, -1);
    if (closed.length < MIN_BUCKETS) return null;
    const whole = fit(closed);
    const half = Math.floor(closed.length / 2);
    const early = fit(closed.slice(0, half));
    const late = fit(closed.slice(half));
    if (whole === null || early === null || late === null) return null;
    const agree =
      Math.sign(early) === Math.sign(late) &&
      Math.abs(early - late) <= HALVES_AGREE * Math.max(Math.abs(early), Math.abs(late));
    if (!agree) return null;
    // A line only: every minimum within a tenth of the line's rise over the window (at least LINE_MS).
    const n = closed.length;
    const mx = closed.reduce((a, b) => a + b.atMs, 0) / n;
    const my = closed.reduce((a, b) => a + b.least, 0) / n;
    const span = closed[n - 1]!.atMs - closed[0]!.atMs;
    const tolerance = Math.max(LINE_MS, 0.1 * Math.abs(whole) * span);
    for (const b of closed) if (Math.abs(b.least - (my + whole * (b.atMs - mx))) > tolerance) return null;
    return whole;
  }

  /** Re-expresses the stored minima after the caller changed its model. */
  shift(fn: (atMs: number, value: number) => number): void {
    for (const b of this.buckets) b.least = fn(b.atMs, b.least);
  }

  reset(): void {
    this.buckets = [];
  }
}

function fit(buckets: readonly Bucket[]): number | null {
  const n = buckets.length;
  if (n < 3) return null;
  const mx = buckets.reduce((a, b) => a + b.atMs, 0) / n;
  const my = buckets.reduce((a, b) => a + b.least, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const b of buckets) {
    sxy += (b.atMs - mx) * (b.least - my);
    sxx += (b.atMs - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : null;
}
