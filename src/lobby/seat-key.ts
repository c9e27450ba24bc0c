/**
 * The seat key: what a host files a seat under (issue 13, rejoin; issue 21, seat proofs). A seat
 * belongs to the tab's per-lobby seat key pair (seat-key-pair.ts): the host files it under
 * SHA-256("rewind-seat-key\0" ‖ the 65-byte public key) cut to 16 bytes, and gives it back only to
 * a hello whose seat proof (seat-proof.ts) verifies with that public key over this connection.
 * Migration checkpoints carry these keys: a successor learns whose seat is whose, never anything
 * that would let it take one (it has no private key, and a proof made for it does not verify
 * for anyone else's connection).
 *
 * Inputs: a public key (an uncompressed P-256 point), a CryptoLike. Output: 32 lowercase hex
 * digits; "none" (all zeros) for anything that is not an uncompressed point.
 */
import type { CryptoLike } from './host-key';
import { labelledHash } from './labelled-hash';

const NONE = '0'.repeat(32);
export const SEAT_PUBLIC_KEY_BYTES = 65;

export async function seatKeyOf(publicKey: Uint8Array, c: CryptoLike): Promise<string> {
  if (publicKey.length !== SEAT_PUBLIC_KEY_BYTES || publicKey[0] !== 0x04) return NONE;
  return labelledHash('rewind-seat-key', [publicKey], c);
}
