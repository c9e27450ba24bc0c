// Types for scripts/token-bucket.mjs.
export class TokenBucket {
  constructor(burst: number, perSecond: number, now: number);
  readonly burst: number;
  tokens: number;
  refill(now: number): void;
  take(now: number): boolean;
  belowHalf(now: number): boolean;
  full(now: number): boolean;
}
