/**
 * GC time while a benchmark runs: Node reports every collection as a 'gc' performance entry, and
 * this sums their durations between `start()` and `stop()`, so a table can show GC as a share of
 * the time measured. Entries arrive asynchronously (not within one turn of the event loop): `stop()`
 * waits 50 ms for them first.
 */
import { PerformanceObserver } from 'node:perf_hooks';

export class GcMeter {
  private gcMs = 0;
  private observer: PerformanceObserver | null = null;

  start(): void {
    this.gcMs = 0;
    this.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) this.gcMs += e.duration;
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** Milliseconds spent in GC since `start()`. */
  async stop(): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.observer?.disconnect();
    this.observer = null;
    return this.gcMs;
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
