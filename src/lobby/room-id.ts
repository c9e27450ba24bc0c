/**
 * Lobby room ids: 16 characters of base32 (RFC 4648 alphabet, lower case) = 80 random bits, so
 * a room cannot be found by guessing. The host's PeerJS id is the room id with a fixed prefix.
 *
 * Inputs: a source of random bytes (crypto.getRandomValues in the page, a seeded fake in tests).
 * Outputs: ids matching `ROOM_ID_PATTERN`. Invariant: every output character carries exactly
 * 5 bits of the input, none reused, so the entropy is 16 × 5 = 80 bits.
 */

export const ROOM_ID_LENGTH = 16;
export const ROOM_ID_BITS = ROOM_ID_LENGTH * 5;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const ROOM_ID_PATTERN = /^[a-z2-7]{16}$/;
const PEER_PREFIX = 'rewind-';

export type RandomBytes = (length: number) => Uint8Array;

export function cryptoRandomBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  crypto.getRandomValues(out);
  return out;
}

export function newRoomId(random: RandomBytes = cryptoRandomBytes): string {
  const bytes = random(ROOM_ID_BITS / 8);
  let id = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      id += ALPHABET[(acc >>> bits) & 31];
    }
    acc &= (1 << bits) - 1;
  }
  return id;
}

export function isRoomId(s: string): boolean {
  return ROOM_ID_PATTERN.test(s);
}

export function hostPeerId(roomId: string): string {
  return PEER_PREFIX + roomId;
}
