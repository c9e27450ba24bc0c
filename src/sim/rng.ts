/**
 * The sim's only source of randomness: a seeded mulberry32 step as a pure function.
 *
 * Input: a uint32 state. Output: a value in [0, 1) and the next uint32 state.
 * Invariant: the same state always gives the same value and next state, on every JS engine
 * (only 32-bit integer operations and one exact division).
 */
export function nextRandom(state: number): { value: number; state: number } {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = Math.imul(next ^ (next >>> 15), next | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const value = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return { value, state: next };
}

/** A whole number in [0, count) drawn from the PRNG (count >= 1). */
export function nextIndex(state: number, count: number): { index: number; state: number } {
  const r = nextRandom(state);
  return { index: Math.min(count - 1, Math.floor(r.value * count)), state: r.state };
}
