/**
 * Source tags: what the signaling server writes into every OFFER it relays (`payload.sourceTag`)
 * so the host can budget offers per sender (src/transport/connection-budget.ts) without learning
 * anyone's address. A tag is HMAC-SHA-256(a secret made at start, the address) cut to 16 base64url
 * characters: the same address gets the same tag while this server runs, nobody can compute the
 * tag of an address, and one tag says nothing of another.
 *
 * Input: a client address as the guard sees it (client-address.mjs: an IPv4 address or an IPv6 /64).
 * Output: its tag. Memory: none per address.
 */
import { createHmac, randomBytes } from 'node:crypto';

export class SourceTags {
  #secret = randomBytes(32);

  /** @param {string} address */
  of(address) {
    return createHmac('sha256', this.#secret).update(address).digest('base64url').slice(0, 16);
  }
}
