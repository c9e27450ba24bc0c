import { describe, expect, it } from 'vitest';
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
});
