/**
 * A labelled hash: SHA-256(label ‖ parts…) cut to 16 bytes, as 32 lowercase hex digits (the shape of
 * a browser or seat token). The lobby files seats, bans and per-lobby browser tokens under such
 * hashes, each with its own label so that one can never stand for another (seat-key.ts,
 * ban-key.ts, browser-token.ts). Pure apart from WebCrypto's digest.
 */
import { tokenFromBytes } from '../protocol/handshake-codec';
import { ownBytes, type CryptoLike } from './host-key';

export async function labelledHash(label: string, parts: readonly Uint8Array[], c: CryptoLike): Promise<string> {
  const head = new TextEncoder().encode(`${label}\0`);
  const input = new Uint8Array(head.length + parts.reduce((n, p) => n + p.length, 0));
  input.set(head);
  let at = head.length;
  for (const p of parts) {
    input.set(p, at);
    at += p.length;
  }
  const digest = new Uint8Array(await c.subtle.digest('SHA-256', ownBytes(input)));
  return tokenFromBytes(digest.subarray(0, 16));
}
