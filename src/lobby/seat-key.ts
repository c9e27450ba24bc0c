/**
 * The seat key: what a host files a seat under instead of the seat token itself (issue 13). A
 * host's migration checkpoint travels to its successors, and a seat token in it would let a
 * hostile successor send a hello with someone else's token while the real host still runs the
 * match, taking that player's seat (its id, name and score). A successor needs only to recognise
 * a returning token, so the host files each seat under SHA-256("rewind-seat\0" ‖ token) cut to 16
 * bytes: computed again from the hello's token, never turned back into one.
 *
 * Inputs: a seat token (32 lowercase hex digits), a CryptoLike. Output: the key in the same
 * shape (32 lowercase hex digits), so checkpoints carry keys where they carried tokens. The
 * all-zero token ("none") keeps its meaning: its key is all zeros too.
 */
import { ownBytes, type CryptoLike } from './host-key';

const NONE = '0'.repeat(32);
const TOKEN = /^[0-9a-f]{32}$/;
const LABEL = new TextEncoder().encode('rewind-seat\0');

/** The key a seat is filed under for `token`; "none" for the all-zero token or anything that is not a token. */
export async function seatKeyOf(token: string, c: CryptoLike): Promise<string> {
  if (!TOKEN.test(token) || token === NONE) return NONE;
  const input = new Uint8Array(LABEL.length + 16);
  input.set(LABEL);
  for (let i = 0; i < 16; i++) input[LABEL.length + i] = parseInt(token.slice(2 * i, 2 * i + 2), 16);
  const digest = new Uint8Array(await c.subtle.digest('SHA-256', ownBytes(input)));
  return [...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
