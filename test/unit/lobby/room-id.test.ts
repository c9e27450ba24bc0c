import { describe, expect, it } from 'vitest';
import { hostPeerId, isRoomId, newRoomId, ROOM_ID_BITS, ROOM_ID_LENGTH } from '../../../src/lobby/room-id';

/** A deterministic byte source (xorshift32), so failures reproduce. */
function seededBytes(seed: number): (n: number) => Uint8Array {
  let s = seed >>> 0 || 1;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      s ^= s << 13;
      s >>>= 0;
      s ^= s >>> 17;
      s ^= s << 5;
      s >>>= 0;
      out[i] = s & 0xff;
    }
    return out;
  };
}

describe('room ids', () => {
  it('carry at least 60 random bits in 16 base32 characters', () => {
    expect(ROOM_ID_BITS).toBeGreaterThanOrEqual(60);
    const id = newRoomId();
    expect(id).toHaveLength(ROOM_ID_LENGTH);
    expect(isRoomId(id)).toBe(true);
  });

  it('encode every input bit: all-zero and all-one bytes map to the alphabet ends', () => {
    expect(newRoomId((n) => new Uint8Array(n))).toBe('a'.repeat(16));
    expect(newRoomId((n) => new Uint8Array(n).fill(255))).toBe('7'.repeat(16));
    // One flipped bit anywhere changes the id: no input bit is dropped.
    for (let bit = 0; bit < ROOM_ID_BITS; bit++) {
      const bytes = new Uint8Array(ROOM_ID_BITS / 8);
      bytes[bit >> 3] = 0x80 >> (bit & 7);
      expect(newRoomId(() => bytes)).not.toBe('a'.repeat(16));
    }
  });

  it('look uniform: each of the 32 symbols appears about equally often in each position', () => {
    const random = seededBytes(12345);
    const counts = Array.from({ length: ROOM_ID_LENGTH }, () => new Map<string, number>());
    const n = 6400;
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const id = newRoomId(random);
      seen.add(id);
      [...id].forEach((c, pos) => counts[pos]!.set(c, (counts[pos]!.get(c) ?? 0) + 1));
    }
    expect(seen.size).toBe(n);
    for (const m of counts) {
      expect(m.size).toBe(32);
      for (const c of m.values()) expect(Math.abs(c - n / 32)).toBeLessThan(80); // expected 200 ± ~14 σ
    }
  });

  it('reject anything that is not exactly an id', () => {
    for (const bad of [
      '',
      'abc',
      'a'.repeat(15),
      'a'.repeat(17),
      'A'.repeat(16),
      'a'.repeat(15) + '1',
      'a'.repeat(15) + '<',
    ]) {
      expect(isRoomId(bad)).toBe(false);
    }
  });

  it('name the host peer with a fixed prefix', () => {
    expect(hostPeerId('abcdefghijklmnop')).toBe('rewind-abcdefghijklmnop');
  });
});
