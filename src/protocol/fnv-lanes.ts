/**
 * Four FNV-1a chains hashed at once (frame-checksums.ts): FNV-1a is one dependent multiply per
 * byte, so one chain waits on each multiply, while four independent chains in one loop keep the
 * multiplier busy. The chains hash *steps* (frame-checksums.ts: a byte and the prime to the power
 * 1 + the zero bytes after it) or plain bytes (a receiver's own row).
 *
 * Inputs: step arrays (`xs` bytes, `ms` multipliers), row starts, lane rows. Output: `h`, the four
 * hash states. Nothing is allocated per call.
 */
import { FNV_OFFSET, FNV_PRIME, mixWord } from './baseline-checksum';

/** Chains hashed at once. */
export const LANES = 4;

export class FnvLanes {
  /** The four chains' hash states. */
  readonly h = new Int32Array(LANES);

  /** Every chain back to the FNV offset basis. */
  reset(): void {
    this.h.fill(FNV_OFFSET);
  }

  /** One 16-bit word (`mixWord`) into every chain. */
  mixWordAll(word: number): void {
    for (let j = 0; j < LANES; j++) this.h[j] = mixWord(this.h[j]!, word);
  }

  /** The same steps into every lane: four independent multiply chains in one loop. */
  mixSame(xs: Int32Array, ms: Int32Array, from: number, to: number): void {
    const h = this.h;
    let h0 = h[0]!;
    let h1 = h[1]!;
    let h2 = h[2]!;
    let h3 = h[3]!;
    for (let i = from; i < to; i++) {
      const x = xs[i]!;
      const m = ms[i]!;
      h0 = Math.imul(h0 ^ x, m);
      h1 = Math.imul(h1 ^ x, m);
      h2 = Math.imul(h2 ^ x, m);
      h3 = Math.imul(h3 ^ x, m);
    }
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
    h[3] = h3;
  }

  /** Lane j mixes the self row `rows[j]`: four chains in one loop over bytes (every self row has as many). */
  mixSelfRows(b: Uint8Array, len: number, rows: Int32Array): void {
    const h = this.h;
    const a0 = rows[0]! * len;
    const a1 = rows[1]! * len;
    const a2 = rows[2]! * len;
    const a3 = rows[3]! * len;
    let h0 = h[0]!;
    let h1 = h[1]!;
    let h2 = h[2]!;
    let h3 = h[3]!;
    for (let i = 0; i < len; i++) {
      h0 = Math.imul(h0 ^ b[a0 + i]!, FNV_PRIME);
      h1 = Math.imul(h1 ^ b[a1 + i]!, FNV_PRIME);
      h2 = Math.imul(h2 ^ b[a2 + i]!, FNV_PRIME);
      h3 = Math.imul(h3 ^ b[a3 + i]!, FNV_PRIME);
    }
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
    h[3] = h3;
  }

  /** One lane's chain over steps [from, to). */
  private mixOne(xs: Int32Array, ms: Int32Array, h: number, from: number, to: number): number {
    let out = h;
    for (let i = from; i < to; i++) out = Math.imul(out ^ xs[i]!, ms[i]!);
    return out;
  }

  /**
   * Lane j mixes row `laneRows[j]` of a list whose rows start at `starts` (a row ends where the next
   * begins): four chains in one loop when the rows have as many steps (zero runs differ from row
   * to row), else each lane alone.
   */
  mixLanes(xs: Int32Array, ms: Int32Array, laneRows: Int32Array, starts: Int32Array): void {
    const h = this.h;
    const a0 = starts[laneRows[0]!]!;
    const a1 = starts[laneRows[1]!]!;
    const a2 = starts[laneRows[2]!]!;
    const a3 = starts[laneRows[3]!]!;
    const len = starts[laneRows[0]! + 1]! - a0;
    if (
      starts[laneRows[1]! + 1]! - a1 !== len ||
      starts[laneRows[2]! + 1]! - a2 !== len ||
      starts[laneRows[3]! + 1]! - a3 !== len
    ) {
      for (let j = 0; j < LANES; j++)
        h[j] = this.mixOne(xs, ms, h[j]!, starts[laneRows[j]!]!, starts[laneRows[j]! + 1]!);
      return;
    }
    let h0 = h[0]!;
    let h1 = h[1]!;
    let h2 = h[2]!;
    let h3 = h[3]!;
    for (let i = 0; i < len; i++) {
      h0 = Math.imul(h0 ^ xs[a0 + i]!, ms[a0 + i]!);
      h1 = Math.imul(h1 ^ xs[a1 + i]!, ms[a1 + i]!);
      h2 = Math.imul(h2 ^ xs[a2 + i]!, ms[a2 + i]!);
      h3 = Math.imul(h3 ^ xs[a3 + i]!, ms[a3 + i]!);
    }
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
    h[3] = h3;
  }
}
