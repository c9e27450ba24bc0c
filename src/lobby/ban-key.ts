/**
 * The ban key: what a host files a banned browser token under (a kick bans the kicked player's
 * browser for the rest of the match). Migration checkpoints carry the bans to the successors, and
 * a browser token in them would hand a successor every kicked player's token and let it pass as
 * that browser; a successor needs only to recognise a banned token when it comes back, so the host
 * bans SHA-256("rewind-ban\0" ‖ token) cut to 16 bytes, computed again from each hello's token.
 *
 * Inputs: a browser token (32 lowercase hex digits), a CryptoLike. Output: the key in the same
 * shape. The all-zero token ("none") keeps its meaning: its key is all zeros (nobody is banned by it).
 */
import { tokenToBytes } from '../protocol/handshake-codec';
import type { CryptoLike } from './host-key';
import { labelledHash } from './labelled-hash';

const NONE = '0'.repeat(32);
const TOKEN = /^[0-9a-f]{32}$/;

export async function banKeyOf(browserToken: string, c: CryptoLike): Promise<string> {
  if (!TOKEN.test(browserToken) || browserToken === NONE) return NONE;
  return labelledHash('rewind-ban', [tokenToBytes(browserToken)], c);
}
