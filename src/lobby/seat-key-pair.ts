/**
 * This tab's seat key pair per lobby (issue 21): an ECDSA P-256 key pair made on the first join to
 * a lobby and kept in sessionStorage (`rewind.seatkey.<room id>`: the PKCS#8 private key and the
 * raw public key, base64), so a reload or a migration's rejoin proves the same seat
 * (seat-proof.ts), while another tab is another player. Web Storage holds only strings, so the
 * private key is stored exported (as the seat token was before it), and used as a non-extractable
 * CryptoKey re-imported from it. Whatever runs script in this page could read it: the defense is
 * against other peers, not against the page itself.
 *
 * Inputs: a store (or null), the room id, a CryptoLike. Output: the pair. Invariant: never
 * throws for a store that refuses or holds garbage: a fresh pair for this page only (no rejoin
 * after a reload).
 */
import type { SeatStore } from './seat-token';
import { KEY_ALGORITHM, ownBytes, type CryptoLike } from './host-key';
import type { SeatKeyPair } from './seat-proof';

const storeKey = (roomId: string): string => `rewind.seatkey.${roomId}`;

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

async function restore(text: string, c: CryptoLike): Promise<SeatKeyPair | null> {
  try {
    const kept = JSON.parse(text) as { pkcs8?: unknown; publicRaw?: unknown };
    if (typeof kept.pkcs8 !== 'string' || typeof kept.publicRaw !== 'string') return null;
    const publicRaw = fromBase64(kept.publicRaw);
    if (publicRaw.length !== 65 || publicRaw[0] !== 0x04) return null;
    const privateKey = await c.subtle.importKey('pkcs8', ownBytes(fromBase64(kept.pkcs8)), KEY_ALGORITHM, false, [
      'sign',
    ]);
    return { privateKey, publicRaw };
  } catch {
    return null;
  }
}

export async function loadSeatKeyPair(store: SeatStore | null, roomId: string, c: CryptoLike): Promise<SeatKeyPair> {
  let kept: string | null = null;
  try {
    kept = store?.getItem(storeKey(roomId)) ?? null;
  } catch {
    // storage refused: a fresh pair below
  }
  const restored = kept !== null ? await restore(kept, c) : null;
  if (restored) return restored;
  const pair = await c.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const pkcs8 = new Uint8Array(await c.subtle.exportKey('pkcs8', pair.privateKey));
  const publicRaw = new Uint8Array(await c.subtle.exportKey('raw', pair.publicKey));
  try {
    store?.setItem(storeKey(roomId), JSON.stringify({ pkcs8: toBase64(pkcs8), publicRaw: toBase64(publicRaw) }));
  } catch {
    // not kept: the seat lasts as long as this page
  }
  const privateKey = await c.subtle.importKey('pkcs8', ownBytes(pkcs8), KEY_ALGORITHM, false, ['sign']);
  return { privateKey, publicRaw };
}
