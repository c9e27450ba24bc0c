/**
 * The seat proof (issue 21): how a returning tab proves a seat is its own, bound to the connection
 * it is on. The tab signs, with its per-lobby seat key (seat-key-pair.ts), the UTF-8 text
 * `rewind-arena seat v1\nroom=<room id>\nhost=<H>\njoiner=<J>\nnonce=<its challenge's nonce, hex>`,
 * H and J being this connection's DTLS fingerprints as host-auth.ts writes them (the same helpers,
 * the reverse direction of the host's proof). The host verifies it over its own view of the
 * connection. So a hostile host (or a successor that took the lobby's id) that collects a returning
 * player's hello holds a signature over *its* fingerprints: replayed on the real host, whose
 * connection has other fingerprints, it does not verify, and the seat stays its owner's.
 *
 * Inputs: a key pair or a proof, the room, the challenge nonce, the DTLS fingerprints, a
 * CryptoLike. Outputs: a proof; a verdict. Never throws on a hostile proof (false).
 */
import type { SeatProof } from '../protocol/control-messages';
import { KEY_ALGORITHM, SIGN_ALGORITHM, ownBytes, type CryptoLike } from './host-key';
import type { DtlsFingerprints } from './host-auth';

/** This tab's seat key pair for one lobby: the private half never leaves the tab. */
export interface SeatKeyPair {
  privateKey: CryptoKey;
  /** The uncompressed public point, 65 bytes starting 0x04. */
  publicRaw: Uint8Array;
}

const LABEL = 'rewind-arena seat v1';

export function seatTranscript(roomId: string, nonce: Uint8Array, dtls: DtlsFingerprints): Uint8Array<ArrayBuffer> {
  const hex = [...nonce].map((b) => b.toString(16).padStart(2, '0')).join('');
  return ownBytes(
    new TextEncoder().encode(`${LABEL}\nroom=${roomId}\nhost=${dtls.host}\njoiner=${dtls.joiner}\nnonce=${hex}`),
  );
}

export async function proveSeat(
  pair: SeatKeyPair,
  roomId: string,
  nonce: Uint8Array,
  dtls: DtlsFingerprints,
  c: CryptoLike,
): Promise<SeatProof> {
  const signature = new Uint8Array(
    await c.subtle.sign(SIGN_ALGORITHM, pair.privateKey, seatTranscript(roomId, nonce, dtls)),
  );
  return { publicKey: pair.publicRaw.slice(), signature };
}

export async function verifySeatProof(
  proof: SeatProof,
  roomId: string,
  nonce: Uint8Array,
  dtls: DtlsFingerprints,
  c: CryptoLike,
): Promise<boolean> {
  try {
    const key = await c.subtle.importKey('raw', ownBytes(proof.publicKey), KEY_ALGORITHM, false, ['verify']);
    return await c.subtle.verify(SIGN_ALGORITHM, key, ownBytes(proof.signature), seatTranscript(roomId, nonce, dtls));
  } catch {
    return false; // not a point on the curve: no proof at all
  }
}
