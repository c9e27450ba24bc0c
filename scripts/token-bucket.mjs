/**
 * A token bucket: `burst` tokens at most, refilled at `perSecond`; each admitted event takes one.
 * Used per client address for new sockets and for signaling messages (scripts/address-limits.mjs).
 *
 * Inputs: the current time in ms (passed in, so tests drive a virtual clock).
 * Outputs: `take(now)` → true when a token was available (and taken).
 * Invariant: 0 <= tokens <= burst; time running backwards never adds tokens.
 */
export class TokenBucket {
  /** @param {number} burst @param {number} perSecond @param {number} now */
  constructor(burst, perSecond, now) {
    this.burst = burst;
    this.perMs = perSecond / 1000;
    this.tokens = burst;
    this.at = now;
  }

  /** @param {number} now */
  refill(now) {
    if (now > this.at) this.tokens = Math.min(this.burst, this.tokens + (now - this.at) * this.perMs);
    this.at = Math.max(this.at, now);
  }

  /** @param {number} now */
  take(now) {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** True when less than half the burst is left (refilled to `now`). @param {number} now */
  belowHalf(now) {
    this.refill(now);
    return this.tokens < this.burst / 2;
  }

  /** True when the bucket is full again (nothing to remember about this client). @param {number} now */
  full(now) {
    this.refill(now);
    return this.tokens >= this.burst;
  }
}
