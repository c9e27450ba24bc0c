/**
 * What each tick of the server loop cost, over the last COST_WINDOW ticks (the runtime's stats:
 * last, median, 99th percentile and worst, in microseconds). Inputs: one duration in ms per tick.
 * Invariant: bounded memory (a sliding window); an empty window reports zeros.
 */
export interface TickCost {
  lastUs: number;
  medianUs: number;
  p99Us: number;
  maxUs: number;
}

const COST_WINDOW = 256;

export class TickCostMeter {
  private readonly costs: number[] = [];

  record(ms: number): void {
    this.costs.push(ms * 1000);
    if (this.costs.length > COST_WINDOW) this.costs.shift();
  }

  summary(): TickCost {
    if (this.costs.length === 0) return { lastUs: 0, medianUs: 0, p99Us: 0, maxUs: 0 };
    const sorted = [...this.costs].sort((a, b) => a - b);
    const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
    return {
      lastUs: this.costs[this.costs.length - 1] as number,
      medianUs: at(0.5),
      p99Us: at(0.99),
      maxUs: sorted[sorted.length - 1] as number,
    };
  }
}
