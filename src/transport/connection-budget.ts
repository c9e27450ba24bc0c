/**
 * ConnectionBudget: how many RTCPeerConnections a host may build for strangers' offers. Chromium
 * refuses a page's 501st RTCPeerConnection ("Cannot create so many PeerConnections") and counts a
 * closed one until garbage collection, which an idle page may not run for minutes (a probe here:
 * 480 created and closed, 10 s idle, then only 20 more could be built). So closing refused
 * connections is not enough: their creation must be budgeted.
 *
 * Rules: a token bucket per source (`perSource`: what one sender may make us build; friends behind
 * one router share an address, so it holds a whole lobby joining at once), one for everyone
 * (`total`) whose lowest `reserve` tokens only a source that has spent less than half of its own
 * may take (a flood from a few addresses drains the rest, never a newcomer's share), and a cap on
 * the connections built and not yet collected (`maxUncollected`), counted with a
 * FinalizationRegistry where the runtime has one (else the buckets alone bound it).
 * A source is the signaling server's tag of the sender's address when it stamps one
 * (signal-messages.ts `source`), else the sender's peer id.
 * Contract: `canBuild(source)` is asked *before* building (it takes the tokens), `built(pc)` after.
 * Inputs: `now()` in ms. Outputs: decisions and counters. No timers of its own.
 */

export interface BucketPolicy {
  burst: number;
  refillMs: number;
}

export interface BudgetPolicy {
  total: BucketPolicy;
  /** The bottom of `total` kept for sources that have spent less than half of their own bucket. */
  reserve: number;
  perSource: BucketPolicy;
  /** Far below Chromium's 500, leaving room for the page's own and a successor's links. */
  maxUncollected: number;
}

/**
 * Sixteen friends behind one router join at once; four flooding addresses take 4 × 8 at once (half
 * their own), then only what is above the reserve, which everyone's refill (1 a second) keeps up
 * with their own (4 × one per 5 s): at most 4 × (16 + 12) in a minute (test/e2e/door-flood.test.ts
 * measured 92 built, with the signaling server's own limits in front), and a newcomer always finds
 * the reserve.
 */
export const DEFAULT_BUDGET_POLICY: BudgetPolicy = Object.freeze({
  total: Object.freeze({ burst: 48, refillMs: 1000 }),
  reserve: 16,
  perSource: Object.freeze({ burst: 16, refillMs: 5000 }),
  maxUncollected: 200,
});

/** Sources remembered at once; the longest-idle one is forgotten first (it starts full again). */
const MAX_SOURCES = 1024;

/** A token bucket on an injected clock. */
class Bucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly policy: BucketPolicy,
    now: number,
  ) {
    this.tokens = policy.burst;
    this.last = now;
  }

  available(now: number): number {
    const gained = Math.floor((now - this.last) / this.policy.refillMs);
    if (gained > 0) {
      this.tokens = Math.min(this.policy.burst, this.tokens + gained);
      this.last = this.tokens >= this.policy.burst ? now : this.last + gained * this.policy.refillMs;
    }
    return this.tokens;
  }

  take(): void {
    this.tokens -= 1;
  }
}

export interface BudgetCounters {
  built: number;
  collected: number;
  /** Refused because everyone's bucket was empty. */
  refusedRate: number;
  /** Refused because that sender's own bucket was empty. */
  refusedSource: number;
  refusedUncollected: number;
}

export class ConnectionBudget {
  readonly counters: BudgetCounters = {
    built: 0,
    collected: 0,
    refusedRate: 0,
    refusedSource: 0,
    refusedUncollected: 0,
  };
  private readonly total: Bucket;
  /** Insertion order = last use: the first entry is the longest idle. */
  private readonly sources = new Map<string, Bucket>();
  private readonly registry: FinalizationRegistry<number> | null;

  constructor(
    private readonly now: () => number,
    private readonly policy: BudgetPolicy = DEFAULT_BUDGET_POLICY,
  ) {
    this.total = new Bucket(policy.total, now());
    this.registry =
      typeof FinalizationRegistry === 'function'
        ? new FinalizationRegistry(() => void (this.counters.collected += 1))
        : null;
  }

  /** Built and not yet garbage-collected (an upper bound: collection is noticed late, never early). */
  get uncollected(): number {
    return this.counters.built - this.counters.collected;
  }

  private bucketOf(source: string, t: number): Bucket {
    const found = this.sources.get(source);
    if (found) this.sources.delete(source);
    const bucket = found ?? new Bucket(this.policy.perSource, t);
    this.sources.set(source, bucket);
    if (this.sources.size > MAX_SOURCES) this.sources.delete(this.sources.keys().next().value!);
    return bucket;
  }

  /** May one more connection be built now for `source`? Takes its tokens when it may. */
  canBuild(source: string): boolean {
    if (this.uncollected >= this.policy.maxUncollected) {
      this.counters.refusedUncollected += 1;
      return false;
    }
    const t = this.now();
    const own = this.bucketOf(source, t);
    if (own.available(t) < 1) {
      this.counters.refusedSource += 1;
      return false;
    }
    // A source that has spent half of its own bucket may not take the reserve.
    const floor = own.available(t) * 2 >= this.policy.perSource.burst ? 0 : this.policy.reserve;
    if (this.total.available(t) < floor + 1) {
      this.counters.refusedRate += 1;
      return false;
    }
    own.take();
    this.total.take();
    return true;
  }

  /** Tells the budget a connection was built (it watches for its collection). */
  built(pc: object): void {
    this.counters.built += 1;
    this.registry?.register(pc, 0);
  }
}
