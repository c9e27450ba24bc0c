/**
 * Seat keys (src/lobby/seat-key.ts): what a host files seats under, the hash of the tab's seat
 * public key, so that migration checkpoints carry nothing that takes a seat. Same key, same seat
 * key; different keys, different seat keys; "none" for anything that is not an uncompressed point.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seatKeyOf } from '../../../src/lobby/seat-key';

const point = fc.uint8Array({ minLength: 64, maxLength: 64 }).map((b) => Uint8Array.from([4, ...b]));
const NONE = '0'.repeat(32);

describe('seatKeyOf', () => {
  it('is a 32-hex-digit key, stable per public key, distinct across keys', async () => {
    await fc.assert(
      fc.asyncProperty(point, point, async (a, b) => {
        const ka = await seatKeyOf(a, crypto);
        expect(ka).toMatch(/^[0-9a-f]{32}$/);
        expect(await seatKeyOf(a.slice(), crypto)).toBe(ka);
        if (a.some((v, i) => v !== b[i])) expect(await seatKeyOf(b, crypto)).not.toBe(ka);
      }),
      { numRuns: 200 },
    );
  });

  it('is "none" for anything that is not an uncompressed point', async () => {
    for (const bad of [
      new Uint8Array(0),
      new Uint8Array(65),
      Uint8Array.from({ length: 65 }, () => 2),
      Uint8Array.from({ length: 66 }, () => 4),
    ])
      expect(await seatKeyOf(bad, crypto)).toBe(NONE);
  });

  it('matches SHA-256 of the label and the public key, cut to 16 bytes', async () => {
    const key = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
    const digest = new Uint8Array(
      await crypto.subtle.digest(
        'SHA-256',
        Uint8Array.from([...new TextEncoder().encode('rewind-seat-key\0'), ...key]),
      ),
    );
    expect(await seatKeyOf(key, crypto)).toBe(
      [...digest.subarray(0, 16)].map((x) => x.toString(16).padStart(2, '0')).join(''),
    );
  });
});
