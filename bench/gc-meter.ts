/**
 * GC time while a benchmark runs, as a share of the time measured. Node reports every collection
 * as a 'gc' performance entry (start and duration on the performance.now() clock); this meter
 * counts only collections that start inside the measured spans and divides by the spans' wall
 * time, so both sides are the same kind of time. (Dividing GC wall time by process CPU time, or
 * counting collections set off by untimed work between spans, gave shares above 100 % on a loaded
 * machine.) With no spans marked, the span is start() .. stop().
 * Entries arrive asynchronously (not within one turn of the event loop): stop() waits 50 ms first.
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';

export class GcMeter {
  private readonly collections: Array<{ startMs: number; durationMs: number }> = [];
  private readonly spans: Array<[number, number]> = [];
  private observer: PerformanceObserver | null = null;
  private spanStart = -1;
  private startedAt = 0;

  start(): void {
    this.collections.length = 0;
    this.spans.length = 0;
    this.startedAt = performance.now();
    this.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) this.collections.push({ startMs: e.startTime, durationMs: e.duration });
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** Starts a measured span (e.g. one server tick). */
  beginSpan(): void {
    this.spanStart = performance.now();
  }

  endSpan(): void {
    if (this.spanStart >= 0) this.spans.push([this.spanStart, performance.now()]);
    this.spanStart = -1;
  }

  /** GC's share (0..1) of the measured spans' wall time. */
  async stop(): Promise<number> {
    if (this.spans.length === 0) this.spans.push([this.startedAt, performance.now()]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.observer?.disconnect();
    this.observer = null;
    let spanMs = 0;
    for (const [a, b] of this.spans) spanMs += b - a;
    let gcMs = 0;
    // Spans are in time order: walk both lists once.
    let s = 0;
    const sorted = this.collections.slice().sort((x, y) => x.startMs - y.startMs);
    for (const c of sorted) {
      while (s < this.spans.length && this.spans[s]![1] < c.startMs) s++;
      if (s === this.spans.length) break;
      const [a, b] = this.spans[s]!;
      if (c.startMs >= a && c.startMs <= b) gcMs += Math.min(c.durationMs, b - c.startMs);
    }
    return spanMs > 0 ? gcMs / spanMs : 0;
  }
}

/**
 * CPU milliseconds this process has used (user + system). The benchmarks time with it rather than
 * the wall clock: on a shared machine the wall clock also counts the time other processes ran.
 */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
