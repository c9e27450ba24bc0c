import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BitWriter } from '../../../src/protocol/bits';
import { DatagramArena } from '../../../src/protocol/datagram-arena';

function writerOf(values: number[], bits: number): BitWriter {
  const w = new BitWriter(4);
  for (const v of values) w.writeBits(v, bits);
  return w;
}

describe('DatagramArena', () => {
  it('gives the bytes finish() gives, pending bits zero-padded, as views that do not overlap', () => {
    const arena = new DatagramArena(64);
    const a = writerOf([5, 3, 7], 3); // 9 bits: two bytes, the second padded
    const b = writerOf([0xabcd, 0x1234], 16);
    const va = arena.take(a);
    const vb = arena.take(b);
    expect(Uint8Array.from(va)).toEqual(a.finish());
    expect(Uint8Array.from(vb)).toEqual(b.finish());
    expect(va.buffer).toBe(vb.buffer);
    expect(vb.byteOffset).toBeGreaterThanOrEqual(va.byteOffset + va.byteLength);
  });

  it('keeps the views already handed out intact when a round outgrows the slab', () => {
    const arena = new DatagramArena(64);
    const writers = Array.from({ length: 20 }, (_, i) => writerOf([i, i * 3, 255 - i, i * 7], 8));
    const views = writers.map((w) => arena.take(w));
    // 20 × 4 bytes do not fit 64: a second slab took over and the first views still hold their bytes.
    expect(new Set(views.map((v) => v.buffer)).size).toBeGreaterThan(1);
    views.forEach((v, i) => expect(Uint8Array.from(v)).toEqual(writers[i]!.finish()));
  });

  it('reuses its space after reset: a view from the round before is overwritten', () => {
    const arena = new DatagramArena(64);
    const old = arena.take(writerOf([1, 2, 3], 8));
    arena.reset();
    const fresh = arena.take(writerOf([9, 9, 9], 8));
    expect(fresh.byteOffset).toBe(old.byteOffset);
    expect(Array.from(old)).toEqual([9, 9, 9]);
  });

  it('lend/commit: a message written straight into the slab equals the same message written and copied (any size, any tail)', () => {
    // Each message: some 1..32-bit fields and spliced bit ranges (appendBits), as the broadcast writes.
    const op = fc.oneof(
      fc
        .integer({ min: 1, max: 32 })
        .chain((bits) => fc.tuple(fc.constant(bits), fc.integer({ min: 0, max: 2 ** bits - 1 }))),
      fc.tuple(fc.constant(0), fc.integer({ min: 0, max: 900 })),
    );
    const splice = Uint8Array.from({ length: 130 }, (_, i) => (i * 37 + 11) & 255);
    fc.assert(
      fc.property(
        fc.integer({ min: 64, max: 300 }),
        fc.array(fc.array(op, { maxLength: 30 }), { minLength: 1, maxLength: 12 }),
        (slabBytes, messages) => {
          const arena = new DatagramArena(slabBytes);
          const lent = new BitWriter(4);
          const views: Uint8Array[] = [];
          const plain: Uint8Array[] = [];
          for (const ops of messages) {
            const ref = new BitWriter(4);
            arena.lend(lent);
            for (const w of [lent, ref]) {
              for (const [bits, v] of ops) {
                if (bits > 0) w.writeBits(v, bits);
                else w.appendBits(splice, v % 97, v);
              }
            }
            expect(lent.bitLength).toBe(ref.bitLength);
            views.push(arena.commit(lent));
            plain.push(ref.finish());
          }
          // Every view still holds its message after the whole round (no overlap, no stray zeroing).
          views.forEach((v, i) => expect([...v]).toEqual([...plain[i]!]));
          // The writer is still an ordinary writer afterwards.
          lent.reset();
          lent.writeBits(0x2a5, 11);
          expect([...lent.finish()]).toEqual([0x54, 0xa0]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lend/commit writes in place while the tail has room: consecutive views of one slab', () => {
    const arena = new DatagramArena(256);
    const w = new BitWriter(4);
    arena.lend(w);
    w.writeBits(0xabc, 12);
    const a = arena.commit(w);
    arena.lend(w);
    w.writeBits(7, 3);
    const b = arena.commit(w);
    expect([...a]).toEqual([0xab, 0xc0]);
    expect([...b]).toEqual([0xe0]);
    expect(b.buffer).toBe(a.buffer);
    expect(b.byteOffset).toBe(a.byteOffset + 2);
  });
});
