/**
 * ClockAdjustments: what the command clock changed by itself (dilation, slewing back) and when.
 * A depth report from the server is a round trip old; the changes made since are still in flight
 * and must be added to it, or the depth loop corrects the same error twice and overshoots.
 * Bounded: older than the caller's horizon is dropped, and never more than 1024 kept.
 */
const MAX_KEPT = 1024;

export class ClockAdjustments {
  private list: { atMs: number; ticks: number }[] = [];

  get size(): number {
    return this.list.length;
  }

  add(atMs: number, ticks: number): void {
    this.list.push({ atMs, ticks });
  }

  /** Ticks the clock moved by itself since `sinceMs`. */
  sumSince(sinceMs: number): number {
    let sum = 0;
    for (const a of this.list) if (a.atMs >= sinceMs) sum += a.ticks;
    return sum;
  }

  forgetBefore(atMs: number): void {
    let drop = 0;
    while (drop < this.list.length && this.list[drop]!.atMs < atMs) drop++;
    if (this.list.length - drop > MAX_KEPT) drop = this.list.length - MAX_KEPT;
    if (drop > 0) this.list.splice(0, drop);
  }

  clear(): void {
    this.list = [];
  }
}
