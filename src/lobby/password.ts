/**
 * Lobby password comparison that does not stop at the first differing character, so the time a
 * refusal takes says nothing about how much of a guess was right. Both sides are compared as UTF-8
 * over a fixed number of bytes (the longest password the wire carries), every byte every time.
 *
 * JavaScript gives no hard constant-time guarantee (the JIT may optimize), but no data-dependent
 * branch or early exit is left in this loop; the attempt limits (host/password-guard.ts) make
 * guessing slow anyway.
 */
import { PASSWORD_RULE } from '../protocol/text';

/** Bytes compared every time: the longest password a hello can carry (64 code points × 4 bytes). */
const COMPARED_BYTES = PASSWORD_RULE.maxChars * 4;

export function passwordsMatch(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let diff = (a.length ^ b.length) | (a.length > COMPARED_BYTES ? 1 : 0);
  for (let i = 0; i < COMPARED_BYTES; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
