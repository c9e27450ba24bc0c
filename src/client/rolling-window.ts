/**
 * RollingWindow: sums and counts of timestamped samples over the last `spanMs` (the net graph's
 * "per second" numbers). Inputs: `add(nowMs, value)`, `sum(nowMs)`. Invariants: samples older than
 * the span are dropped on every call; time is passed in, never read.
 */
export class RollingWindow {
  private readonly samples: { atMs: number; value: number }[] = [];

  constructor(private readonly spanMs: number = 1000) {}

  add(nowMs: number, value: number): void {
    this.samples.push({ atMs: nowMs, value });
    this.expire(nowMs);
  }

  sum(nowMs: number): number {
    this.expire(nowMs);
    let total = 0;
    for (const s of this.samples) total += s.value;
    return total;
  }

  count(nowMs: number): number {
    this.expire(nowMs);
    return this.samples.length;
  }

  values(nowMs: number): number[] {
    this.expire(nowMs);
    return this.samples.map((s) => s.value);
  }

  private expire(nowMs: number): void {
    let drop = 0;
    while (drop < this.samples.length && this.samples[drop]!.atMs <= nowMs - this.spanMs) drop++;
    if (drop > 0) this.samples.splice(0, drop);
  }
}
