/**
 * ConnectionBudget: how many RTCPeerConnections a host may build for strangers' offers. Chromium
 * refuses a page's 501st RTCPeerConnection ("Cannot create so many PeerConnections") and counts a
 * closed one until garbage collection, which an idle page may not run for minutes (a probe here:
 * 480 created and closed, 10 s idle, then only 20 more could be built). So closing refused
 * connections is not enough: their creation must be budgeted.
 *
 * Rules: a token bucket (`burst` builds at once, one more every `refillMs`) and a cap on the
 * connections built and not yet collected (`maxUncollected`), counted with a FinalizationRegistry
 * where the runtime has one (else, conservatively, built minus nothing: the bucket alone then).
 * Contract: `canBuild()` is asked *before* building (it takes a token), `built(pc)` told after.
 * Inputs: `now()` in ms. Outputs: decisions and counters. No timers of its own.
 */

export interface BudgetPolicy {
  burst: number;
  refillMs: number;
  /** Far below Chromium's 500, leaving room for the page's own and a successor's links. */
  maxUncollected: number;
}

export const DEFAULT_BUDGET_POLICY: BudgetPolicy = Object.freeze({ burst: 24, refillMs: 1000, maxUncollected: 200 });

export interface BudgetCounters {
  built: number;
  collected: number;
  refusedRate: number;
  refusedUncollected: number;
}

export class ConnectionBudget {
  readonly counters: BudgetCounters = { built: 0, collected: 0, refusedRate: 0, refusedUncollected: 0 };
  private tokens: number;
  private lastRefill: number;
  private readonly registry: FinalizationRegistry<number> | null;

  constructor(
    private readonly now: () => number,
    private readonly policy: BudgetPolicy = DEFAULT_BUDGET_POLICY,
  ) {
    this.tokens = policy.burst;
    this.lastRefill = now();
    this.registry = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry(() => void (this.counters.collected += 1)) : null;
  }

  /** Built and not yet garbage-collected (an upper bound: collection is noticed late, never early). */
  get uncollected(): number {
    return this.counters.built - this.counters.collected;
  }

  private refill(): void {
    const t = this.now();
    const gained = Math.floor((t - this.lastRefill) / this.policy.refillMs);
    if (gained <= 0) return;
    this.tokens = Math.min(this.policy.burst, this.tokens + gained);
    this.lastRefill = this.tokens >= this.policy.burst ? t : this.lastRefill + gained * this.policy.refillMs;
  }

  /** May one more connection be built now? Takes a token when it may. */
  canBuild(): boolean {
    if (this.uncollected >= this.policy.maxUncollected) {
      this.counters.refusedUncollected += 1;
      return false;
    }
    this.refill();
    if (this.tokens < 1) {
      this.counters.refusedRate += 1;
      return false;
    }
    this.tokens -= 1;
    return true;
  }

  /** Tells the budget a connection was built (it watches for its collection). */
  built(pc: object): void {
    this.counters.built += 1;
    this.registry?.register(pc, 0);
  }
}
