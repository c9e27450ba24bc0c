/**
 * The baseline checksum's fixed-width mixers (fnv.ts `mixNumber1` … `mixNumber4`): each must give
 * `mixNumber`'s hash for every number, in its bound (the steps without a branch) and outside it
 * (the fallback), so a field whose value leaves its table's range still hashes as the protocol says.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FNV_OFFSET, mixNumber, mixNumber1, mixNumber2, mixNumber3, mixNumber4 } from '../../../src/protocol/fnv';

const MIXERS = { mixNumber1, mixNumber2, mixNumber3, mixNumber4 };

/** Values either side of every bound, on and off the 1/16 grid, and the odd ones. */
const EDGES = [
  0,
  -0,
  1,
  -1,
  15,
  16,
  255,
  256,
  4095,
  4096,
  65535,
  65536,
  2 ** 20 - 1,
  2 ** 20,
  2 ** 27 - 1,
  2 ** 27,
  2 ** 31,
  2 ** 32 + 5,
  -(2 ** 31),
  -(2 ** 40),
  2 ** 53,
  0.5,
  1 / 16,
  -1 / 16,
  4095.9375,
  1 / 32,
  0.03,
  -7.3,
  NaN,
  Infinity,
  -Infinity,
].flatMap((v) => [v, v / 16, v * 16]);

describe('fixed-width FNV mixers', () => {
  it.each(Object.entries(MIXERS))('%s equals mixNumber on the bounds and odd values', (_, mix) => {
    for (const h of [FNV_OFFSET, 0, 0x7fffffff | 0, -1])
      for (const v of EDGES) expect(mix(h, v), `h=${h} v=${v}`).toBe(mixNumber(h, v));
  });

  it.each(Object.entries(MIXERS))('%s equals mixNumber on random numbers (property)', (_, mix) => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.oneof(
          fc.integer({ min: -(2 ** 24), max: 2 ** 24 }).map((n) => n / 16),
          fc.integer(),
          fc.double({ noNaN: false }),
        ),
        (h, v) => mix(h, v) === mixNumber(h, v),
      ),
      { numRuns: 3000 },
    );
  });
});
