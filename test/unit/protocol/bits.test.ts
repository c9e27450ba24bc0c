import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { BitReader, BitWriter, bitLength, unzigzag, zigzag } from '../../../src/protocol/bits';

describe('BitWriter / BitReader', () => {
  it('round-trips any sequence of fixed-width, signed and varint fields', () => {
    const field = fc.oneof(
      fc.integer({ min: 1, max: 32 }).chain((bits) =>
        fc.record({
          kind: fc.constant('u' as const),
          bits: fc.constant(bits),
          v: fc.integer({ min: 0, max: 2 ** bits - 1 }),
        }),
      ),
      fc.integer({ min: 2, max: 32 }).chain((bits) =>
        fc.record({
          kind: fc.constant('s' as const),
          bits: fc.constant(bits),
          v: fc.integer({ min: -(2 ** (bits - 1)), max: 2 ** (bits - 1) - 1 }),
        }),
      ),
      fc.record({
        kind: fc.constant('v' as const),
        bits: fc.integer({ min: 1, max: 8 }),
        v: fc.integer({ min: -(2 ** 34), max: 2 ** 34 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(field, { maxLength: 40 }), (fields) => {
        const w = new BitWriter(1);
        for (const f of fields) {
          if (f.kind === 'u') w.writeBits(f.v, f.bits);
          else if (f.kind === 's') w.writeSigned(f.v, f.bits);
          else w.writeVarInt(f.v, f.bits);
        }
        const r = new BitReader(w.finish());
        const back = fields.map((f) =>
          f.kind === 'u' ? r.readBits(f.bits) : f.kind === 's' ? r.readSigned(f.bits) : r.readVarInt(f.bits),
        );
        r.expectEnd();
        expect(r.ok).toBe(true);
        expect(back).toEqual(fields.map((f) => f.v));
      }),
    );
  });

  it('packs bits MSB first without padding between fields', () => {
    const w = new BitWriter();
    w.writeBits(0b101, 3);
    w.writeBits(0b11111, 5);
    w.writeBits(1, 1);
    expect([...w.finish()]).toEqual([0b10111111, 0b10000000]);
  });

  it('reports reading past the end instead of returning garbage, and yields 0 afterwards', () => {
    const r = new BitReader(new Uint8Array([0xff]));
    expect(r.readBits(6)).toBe(63);
    expect(r.readBits(6)).toBe(0);
    expect(r.ok).toBe(false);
    expect(r.error).toBe('truncated');
    expect(r.readBits(1)).toBe(0);
  });

  it('refuses an endless varint and trailing bytes', () => {
    const endless = new BitReader(new Uint8Array(16).fill(0xff));
    endless.readVarUint(7);
    expect(endless.error).toBe('varint too long');
    const trailing = new BitReader(new Uint8Array([1, 0]));
    trailing.readBits(8);
    trailing.expectEnd();
    expect(trailing.error).toBe('trailing bytes');
    const padded = new BitReader(new Uint8Array([0b10000001]));
    padded.readBits(1);
    padded.expectEnd();
    expect(padded.error).toBe('non-zero padding');
  });

  it('throws on encoder bugs (value does not fit)', () => {
    expect(() => new BitWriter().writeBits(256, 8)).toThrow(RangeError);
    expect(() => new BitWriter().writeSigned(-129, 8)).toThrow(RangeError);
    expect(() => new BitWriter().writeBits(1.5, 8)).toThrow(RangeError);
  });

  it('zigzag interleaves signs and bitLength counts bits', () => {
    expect([0, -1, 1, -2, 2].map(zigzag)).toEqual([0, 1, 2, 3, 4]);
    fc.assert(fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (v) => unzigzag(zigzag(v)) === v));
    expect([0, 1, 2, 255, 256, 2 ** 32].map(bitLength)).toEqual([0, 1, 2, 8, 9, 33]);
  });
});

describe('BitReader over a view into a larger buffer (it reads the message in place, without a padded copy)', () => {
  it('never sees the bytes after the view, and reads the last bytes as exactly what they are', () => {
    const buffer = new Uint8Array([0x00, 0xab, 0xcd, 0xef, 0xff, 0xff, 0xff, 0xff]);
    const r = new BitReader(buffer.subarray(1, 4));
    expect(r.readBits(4)).toBe(0xa);
    expect(r.readBits(16)).toBe(0xbcde);
    expect(r.readBits(4)).toBe(0xf);
    expect(r.ok).toBe(true);
    expect(r.readBits(1)).toBe(0);
    expect(r.error).toBe('truncated');
  });

  it('round-trips random fields ending at every alignment of a short message', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 24 }), fc.nat()), { minLength: 1, maxLength: 6 }),
        fc.nat({ max: 7 }),
        (fields, pad) => {
          const w = new BitWriter(4);
          for (const [bits, v] of fields) w.writeBits(v % 2 ** bits, bits);
          const bytes = w.finish();
          // The message sits inside a larger buffer full of ones, at an odd offset.
          const host = new Uint8Array(bytes.length + pad + 8).fill(0xff);
          host.set(bytes, pad);
          const r = new BitReader(host.subarray(pad, pad + bytes.length));
          for (const [bits, v] of fields) expect(r.readBits(bits)).toBe(v % 2 ** bits);
          r.expectEnd();
          expect(r.ok).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('appendBits splices any bit range at any alignment, as writing those bits one by one would (and grows the buffer)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 7 }),
        (src, a, b, lead) => {
          const total = src.length * 8;
          const from = a % total;
          const count = b % (total - from + 1);
          const bit = (k: number): number => (src[k >> 3]! >> (7 - (k & 7))) & 1;
          const spliced = new BitWriter(1);
          const oneByOne = new BitWriter(1);
          for (const w of [spliced, oneByOne]) w.writeBits(lead > 0 ? 1 : 0, lead);
          // Slack past the end, as appendBits may read a whole 32-bit window.
          const padded = new Uint8Array(src.length + 4);
          padded.set(src);
          spliced.appendBits(padded, from, count);
          for (let k = from; k < from + count; k++) oneByOne.writeBits(bit(k), 1);
          spliced.writeBits(5, 3);
          oneByOne.writeBits(5, 3);
          expect(spliced.bitLength).toBe(oneByOne.bitLength);
          expect([...spliced.finish()]).toEqual([...oneByOne.finish()]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('appendBits: chains of splices, many with source and destination offsets equal modulo 8 (the byte-copy path), equal bit-by-bit writing', () => {
    const splice = fc.record({
      from: fc.nat({ max: 2000 }),
      count: fc.nat({ max: 600 }),
      aligned: fc.boolean(),
      lead: fc.integer({ min: 0, max: 7 }),
    });
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 200 }),
        fc.array(splice, { minLength: 1, maxLength: 8 }),
        (src, splices) => {
          const total = src.length * 8;
          const bit = (k: number): number => (src[k >> 3]! >> (7 - (k & 7))) & 1;
          const spliced = new BitWriter(1);
          const oneByOne = new BitWriter(1);
          for (const sp of splices) {
            for (const w of [spliced, oneByOne]) w.writeBits(sp.lead > 0 ? 0x55 & ((1 << sp.lead) - 1) : 0, sp.lead);
            // Aligned: move `from` to the writer's bit offset modulo 8, so whole bytes are copied.
            let from = sp.from % total;
            if (sp.aligned) from -= (((from - spliced.bitLength) % 8) + 8) % 8;
            if (from < 0) from += 8;
            if (from >= total) continue;
            // Unpadded source, up to its very end: the last bytes have no full window after them.
            const count = sp.count % (total - from + 1);
            spliced.appendBits(src, from, count);
            for (let k = from; k < from + count; k++) oneByOne.writeBits(bit(k), 1);
          }
          expect(spliced.bitLength).toBe(oneByOne.bitLength);
          expect([...spliced.finish()]).toEqual([...oneByOne.finish()]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('writeSigned and wide writeBits (integer-op paths) write what the plain definitions give, and refuse what they refuse', () => {
    // Plain definitions: two's complement as an unsigned field; a wide field as its bits one by one.
    const plainBits = (w: BitWriter, v: number, bits: number): void => {
      for (let k = bits - 1; k >= 0; k--) w.writeBits(Math.floor(v / 2 ** k) % 2, 1);
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 32 }),
        fc.double({ min: -(2 ** 33), max: 2 ** 33, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 0, max: 7 }),
        (bits, raw, integral, lead) => {
          const v = integral ? Math.trunc(raw) % 2 ** bits : raw;
          const fast = new BitWriter(1);
          const plain = new BitWriter(1);
          for (const w of [fast, plain]) w.writeBits(0, lead);
          const signedOk = Number.isInteger(v) && v >= -(2 ** (bits - 1)) && v < 2 ** (bits - 1);
          if (signedOk) {
            fast.writeSigned(v, bits);
            plainBits(plain, v < 0 ? v + 2 ** bits : v, bits);
            expect([...fast.finish()]).toEqual([...plain.finish()]);
          } else expect(() => fast.writeSigned(v, bits)).toThrow(RangeError);
          const unsignedOk = Number.isInteger(v) && v >= 0 && v < 2 ** bits;
          const wide = new BitWriter(1);
          const wideRef = new BitWriter(1);
          if (unsignedOk) {
            wide.writeBits(v, bits);
            plainBits(wideRef, v, bits);
            expect([...wide.finish()]).toEqual([...wideRef.finish()]);
          } else expect(() => wide.writeBits(v, bits)).toThrow(RangeError);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
