/**
 * The net graph's data (pure): a fixed-size ring of samples for the live plots, the mapping of a
 * ring to plot coordinates, an fps meter, and the text lines (DESIGN §5.6).
 *
 * Inputs: NetStats each frame, frame durations in seconds. Outputs: strings and coordinates.
 * Invariants: a ring never grows (fixed Float64Array, oldest overwritten); plot coordinates stay
 * inside the given rectangle whatever the samples (negative or non-finite ones count as 0).
 */
import type { NetStats } from '../arena/client/view-model';

export class SampleRing {
  private readonly data: Float64Array;
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    this.data = new Float64Array(Math.max(1, Math.floor(capacity)));
  }

  push(v: number): void {
    this.data[this.next] = Number.isFinite(v) ? v : 0;
    this.next = (this.next + 1) % this.data.length;
    this.count = Math.min(this.count + 1, this.data.length);
  }

  get size(): number {
    return this.count;
  }

  /** i = 0 is the oldest sample kept. */
  at(i: number): number {
    const start = (this.next - this.count + this.data.length) % this.data.length;
    return this.data[(start + i) % this.data.length] ?? 0;
  }

  max(): number {
    let m = 0;
    for (let i = 0; i < this.count; i++) m = Math.max(m, this.at(i));
    return m;
  }
}

/** Rounds up to 1, 2 or 5 × 10^n so the plot's scale changes in readable steps. */
export function niceCeiling(v: number): number {
  if (!(v > 0) || !Number.isFinite(v)) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of [1, 2, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

export interface PlotRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Writes the ring as points (x0, y0, x1, y1, …) into `out`, newest at the right edge, value
 * `top` at the top of the rectangle; returns how many points were written.
 */
export function plotCoords(ring: SampleRing, rect: PlotRect, top: number, out: Float64Array): number {
  const n = Math.min(ring.size, Math.floor(out.length / 2));
  const step = ring.capacity > 1 ? rect.w / (ring.capacity - 1) : 0;
  const first = ring.size - n;
  for (let i = 0; i < n; i++) {
    const v = Math.max(0, ring.at(first + i));
    const t = top > 0 ? Math.min(v / top, 1) : 0;
    out[2 * i] = rect.x + rect.w - (n - 1 - i) * step;
    out[2 * i + 1] = rect.y + rect.h - t * rect.h;
  }
  return n;
}

/** Frames per second from an exponential average of frame durations. */
export class FpsMeter {
  private avg = 0;

  tick(dtSeconds: number): void {
    if (!(dtSeconds > 0) || !Number.isFinite(dtSeconds)) return;
    this.avg = this.avg === 0 ? dtSeconds : this.avg * 0.9 + dtSeconds * 0.1;
  }

  get fps(): number {
    return this.avg > 0 ? 1 / this.avg : 0;
  }
}

const pct = (f: number): string => `${(Math.min(Math.max(f, 0), 1) * 100).toFixed(1)}%`;
const kb = (b: number): string => (b >= 1000 ? `${(b / 1000).toFixed(1)} kB/s` : `${Math.round(b)} B/s`);

/** Host migration's line (issue 13): how old the newest checkpoint is (a successor's most progress lost) and how often they come. */
export interface CheckpointInfo {
  ageMs: number | null;
  intervalMs: number | null;
}

const seconds = (ms: number | null): string => (ms === null ? '-' : `${(Math.max(0, ms) / 1000).toFixed(1)} s`);

/** The text block of the net graph, one metric per line (and the migration line when `checkpoint` is given). */
export function netGraphLines(s: NetStats, fps: number, checkpoint: CheckpointInfo | null = null): string[] {
  const migration = checkpoint
    ? [`checkpoint age ${seconds(checkpoint.ageMs)}   every ${seconds(checkpoint.intervalMs)}`]
    : [];
  return [
    `fps ${Math.round(fps)}   ping ${Math.round(s.pingMs)} ms   jitter ${s.jitterMs.toFixed(1)} ms`,
    `loss in ${pct(s.lossIn)}   out ${pct(s.lossOut)}`,
    `snapshots ${s.snapshotsPerSec.toFixed(0)}/s   interp ${Math.round(s.interpDelayMs)} ms   extrap ${s.extrapolatingEntities}`,
    `in ${kb(s.bytesInPerSec)}   out ${kb(s.bytesOutPerSec)}`,
    `pred errors ${s.predictionErrorsPerSec.toFixed(1)}/s   cmd buffer ${s.cmdBufferDepth}`,
    `tick sv ${s.serverTick}  cmd ${s.commandTick}  render ${s.renderTick.toFixed(2)}`,
    ...migration,
  ];
}
