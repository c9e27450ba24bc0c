/**
 * FNV-1a (32-bit) as the baseline checksum feeds it (docs/PROTOCOL.md "Baseline checksum"): a
 * number v as the four bytes of n = round(v × 16) modulo 2^32, low first; a word as two bytes.
 * The primitives of baseline-checksum.ts (which re-exports them) and the arena's src/arena/protocol/checksum-objects.ts.
 *
 * Why the fixed-width mixers (`mixNumber1` … `mixNumber4`): FNV-1a of a zero byte is a multiply
 * by the prime, so a number whose high bytes are zero is fewer multiplies; branching on each
 * number's size (`mixInt32`) mispredicts on values whose size varies (a velocity's sign, an id
 * either side of 16). A field whose table bounds it (an id × 16 is below 2^16) takes its bound's
 * steps every time, behind one always-true guard; any other value goes through `mixNumber`, so
 * each mixer gives `mixNumber`'s result for every input. A unit test holds them to it.
 */

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

export function mixWord(h: number, word: number): number {
  h = Math.imul(h ^ (word & 0xff), FNV_PRIME);
  return Math.imul(h ^ ((word >>> 8) & 0xff), FNV_PRIME);
}

/** An integer `n` (a value × 16) as two 16-bit words, low first, both taken modulo 65536. */
export function mixInt(h: number, n: number): number {
  if (n === (n | 0)) return mixWord(mixWord(h, n & 0xffff), (n >> 16) & 0xffff);
  const low = ((n % 65536) + 65536) % 65536;
  const high = ((Math.floor(n / 65536) % 65536) + 65536) % 65536;
  return mixWord(mixWord(h, low), high);
}

// A byte followed by z zero bytes is one multiply by the prime to the power 1 + z (exact:
// multiplying mod 2^32 is associative), as the host's frame checksums do (frame-checksums.ts).
export const P2 = Math.imul(FNV_PRIME, FNV_PRIME);
export const P3 = Math.imul(P2, FNV_PRIME);
export const P4 = Math.imul(P3, FNV_PRIME);

/**
 * `mixInt` of an int32 as its four bytes, low first: the same bytes `mixWord` takes from its two
 * 16-bit halves, in one straight line, the zero bytes above the highest non-zero one as one multiply.
 */
export function mixInt32(h: number, n: number): number {
  if (n >>> 8 === 0) return Math.imul(h ^ n, P4);
  h = Math.imul(h ^ (n & 0xff), FNV_PRIME);
  if (n >>> 16 === 0) return Math.imul(h ^ (n >>> 8), P3);
  h = Math.imul(h ^ ((n >>> 8) & 0xff), FNV_PRIME);
  if (n >>> 24 === 0) return Math.imul(h ^ (n >>> 16), P2);
  h = Math.imul(h ^ ((n >>> 16) & 0xff), FNV_PRIME);
  return Math.imul(h ^ (n >>> 24), FNV_PRIME);
}

/**
 * A wire value as integers: positions and velocities are on a 1/16 grid, so × 16 is exact.
 * The int32 case (nearly every value) in one straight line, the rest through `mixInt`.
 */
export function mixNumber(h: number, v: number): number {
  const n = Math.round(v * 16);
  return n === (n | 0) ? mixInt32(h, n) : mixInt(h, n);
}

/** `mixNumber` for a value whose n is below 2^8 (flags, a weapon, a team): one multiply. */
export function mixNumber1(h: number, v: number): number {
  const n = Math.round(v * 16);
  return n >= 0 && n < 256 ? Math.imul(h ^ n, P4) : mixNumber(h, v);
}

/** `mixNumber` for a value whose n is below 2^16 (ids, positions on the grid, u8s, small counters). */
export function mixNumber2(h: number, v: number): number {
  const n = Math.round(v * 16);
  return n >= 0 && n < 65536 ? Math.imul(Math.imul(h ^ (n & 0xff), FNV_PRIME) ^ (n >>> 8), P3) : mixNumber(h, v);
}

/** `mixNumber` for a value whose n is below 2^24 (an angle, a projectile id). */
export function mixNumber3(h: number, v: number): number {
  const n = Math.round(v * 16);
  if (!(n >= 0 && n < 16777216)) return mixNumber(h, v);
  h = Math.imul(Math.imul(h ^ (n & 0xff), FNV_PRIME) ^ ((n >>> 8) & 0xff), FNV_PRIME);
  return Math.imul(h ^ (n >>> 16), P2);
}

/** `mixNumber` for any int32 n (velocities, either sign; ticks): all four bytes, no branch on their values. */
export function mixNumber4(h: number, v: number): number {
  const n = Math.round(v * 16);
  if (n !== (n | 0)) return mixInt(h, n);
  h = Math.imul(Math.imul(h ^ (n & 0xff), FNV_PRIME) ^ ((n >>> 8) & 0xff), FNV_PRIME);
  return Math.imul(Math.imul(h ^ ((n >>> 16) & 0xff), FNV_PRIME) ^ (n >>> 24), FNV_PRIME);
}

/** `mixValue` of a boolean: the word 1 or 0 (a byte and a zero byte: one multiply by the prime squared). */
export const mixBool = (h: number, b: boolean): number => Math.imul(h ^ (b ? 1 : 0), P2);

export function mixBytes(h: number, bytes: Uint8Array, from: number, to: number): number {
  let out = h;
  for (let i = from; i < to; i++) out = Math.imul(out ^ bytes[i]!, FNV_PRIME);
  return out;
}

export const fold = (h: number): number => ((h >>> 16) ^ h) & 0xffff;
