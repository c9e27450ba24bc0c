/**
 * Seat keys (src/lobby/seat-key.ts): what a host files seats under, so that migration checkpoints
 * never carry a seat token. Same token, same key; different tokens, different keys; the key is not
 * the token; "none" stays "none"; anything that is not a token is "none".
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seatKeyOf } from '../../../src/lobby/seat-key';

const hex32 = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => [...b].map((x) => x.toString(16).padStart(2, '0')).join(''));

describe('seatKeyOf', () => {
  it('is a 32-hex-digit key, stable per token, distinct across tokens, never the token itself', async () => {
    await fc.assert(
      fc.asyncProperty(hex32, hex32, async (a, b) => {
        fc.pre(a !== '0'.repeat(32) && b !== '0'.repeat(32));
        const ka = await seatKeyOf(a, crypto);
        expect(ka).toMatch(/^[0-9a-f]{32}$/);
        expect(ka).not.toBe(a);
        expect(await seatKeyOf(a, crypto)).toBe(ka);
        if (a !== b) expect(await seatKeyOf(b, crypto)).not.toBe(ka);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps "none" as none and turns anything that is not a token into none', async () => {
    const none = '0'.repeat(32);
    for (const bad of [none, '', 'AB'.repeat(16), 'g'.repeat(32), '0'.repeat(31), '1'.repeat(33)]) expect(await seatKeyOf(bad, crypto)).toBe(none);
  });

  it('matches SHA-256 of the label and the token bytes, cut to 16 bytes', async () => {
    const token = '0123456789abcdef0123456789abcdef';
    const bytes = new Uint8Array([...new TextEncoder().encode('rewind-seat\0'), ...token.match(/../g)!.map((h) => parseInt(h, 16))]);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    expect(await seatKeyOf(token, crypto)).toBe([...digest.subarray(0, 16)].map((x) => x.toString(16).padStart(2, '0')).join(''));
  });
});
