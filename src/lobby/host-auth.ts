/**
 * Host authentication: the joiner's challenge, the host's proof, and the joiner's check.
 *
 * The host signs a transcript of (room id, the DTLS fingerprint of each end of *this* connection,
 * the joiner's fresh nonce) with the lobby key (host-key.ts). The joiner rebuilds the transcript
 * from its own view of the connection and accepts only if the public key hashes to the link's
 * fingerprint and the signature verifies. So:
 *  - an impostor on the lobby's id has no key matching the link → 'wrong-key';
 *  - a replayed proof was made for another nonce → 'bad-signature';
 *  - a relay in the middle (joiner ↔ impostor ↔ real host) gets the real host's signature over the
 *    *impostor's* DTLS fingerprints, which differ from the ones the joiner sees → 'bad-signature'.
 * DTLS fingerprints come from the SDPs (`a=fingerprint:` lines of the local and remote description).
 *
 * Inputs: SDP texts, nonces, `CryptoLike`. Outputs: proofs and verdicts. Never throws on a
 * hostile proof (a malformed key is a 'bad-signature').
 */
import { PROTOCOL_VERSION } from '../protocol/wire';
import { AUTH_NONCE_BYTES, type AuthChallenge, type AuthProof } from '../protocol/control-messages';
import {
  FINGERPRINT_PATTERN,
  SIGN_ALGORITHM,
  KEY_ALGORITHM,
  keyFingerprint,
  ownBytes,
  type CryptoLike,
  type LobbyKey,
} from './host-key';

/** The DTLS certificate fingerprints of one connection, by role (not by local/remote). */
export interface DtlsFingerprints {
  host: string;
  joiner: string;
}

export type ProofVerdict = 'ok' | 'wrong-key' | 'bad-signature';

const TRANSCRIPT_LABEL = 'rewind-arena host-auth v1';

/**
 * The certificate fingerprints an SDP announces, canonical: "algorithm HEX" (lower-case algorithm,
 * upper-case hex), de-duplicated (one per media section), sorted, comma-joined; null when none.
 */
export function sdpFingerprints(sdp: string | null | undefined): string | null {
  if (!sdp) return null;
  const found = new Set<string>();
  for (const m of sdp.matchAll(/^a=fingerprint:([A-Za-z0-9-]+)[ \t]+([0-9A-Fa-f:]+)[ \t]*\r?$/gm)) {
    found.add(`${m[1]!.toLowerCase()} ${m[2]!.toUpperCase()}`);
  }
  return found.size ? [...found].sort().join(',') : null;
}

/** Both ends' fingerprints from one side's descriptions; null when either SDP has none. */
export function dtlsFromDescriptions(
  localSdp: string | null,
  remoteSdp: string | null,
  localRole: 'host' | 'joiner',
): DtlsFingerprints | null {
  const local = sdpFingerprints(localSdp);
  const remote = sdpFingerprints(remoteSdp);
  if (!local || !remote) return null;
  return localRole === 'host' ? { host: local, joiner: remote } : { host: remote, joiner: local };
}

/** How long a side waits for both descriptions of an open connection to show their fingerprints. */
export const FINGERPRINT_WAIT_MS = 2000;
const FINGERPRINT_POLL_MS = 25;

/**
 * This connection's fingerprints, waiting up to `waitMs` for them. Once the channels are open both
 * descriptions are set, but on a loaded browser the page may read them a moment before the
 * attributes show it (seen once in five parallel joins: a description without its fingerprint
 * line), so a missing one is read again instead of failing the join at once.
 */
export async function awaitConnectionFingerprints(
  descriptions: () => { local: string | null; remote: string | null },
  localRole: 'host' | 'joiner',
  waitMs = FINGERPRINT_WAIT_MS,
): Promise<DtlsFingerprints | null> {
  for (let waited = 0; ; waited += FINGERPRINT_POLL_MS) {
    const d = descriptions();
    const found = dtlsFromDescriptions(d.local, d.remote, localRole);
    if (found || waited >= waitMs) return found;
    await new Promise((resolve) => setTimeout(resolve, FINGERPRINT_POLL_MS));
  }
}

export function authTranscript(roomId: string, nonce: Uint8Array, dtls: DtlsFingerprints): Uint8Array<ArrayBuffer> {
  const hex = [...nonce].map((b) => b.toString(16).padStart(2, '0')).join('');
  return ownBytes(
    new TextEncoder().encode(
      `${TRANSCRIPT_LABEL}\nroom=${roomId}\nhost=${dtls.host}\njoiner=${dtls.joiner}\nnonce=${hex}`,
    ),
  );
}

export function newChallenge(c: CryptoLike): AuthChallenge {
  return {
    type: 'auth-challenge',
    protocolVersion: PROTOCOL_VERSION,
    nonce: c.getRandomValues(new Uint8Array(AUTH_NONCE_BYTES)),
  };
}

export async function proveHost(
  key: LobbyKey,
  roomId: string,
  nonce: Uint8Array,
  dtls: DtlsFingerprints,
  c: CryptoLike,
): Promise<AuthProof> {
  const signature = new Uint8Array(
    await c.subtle.sign(SIGN_ALGORITHM, key.privateKey, authTranscript(roomId, nonce, dtls)),
  );
  return { type: 'auth-proof', algorithm: 'p256', publicKey: key.publicRaw.slice(), signature };
}

/**
 * The joiner's check. `expectedFingerprint` is the link's `key=`; null for a link without one
 * (then only the signature over this connection is checked: see docs/SECURITY.md "Links").
 */
export async function verifyHostProof(
  proof: AuthProof,
  expectedFingerprint: string | null,
  roomId: string,
  nonce: Uint8Array,
  dtls: DtlsFingerprints,
  c: CryptoLike,
): Promise<ProofVerdict> {
  if (expectedFingerprint !== null) {
    if (!FINGERPRINT_PATTERN.test(expectedFingerprint)) return 'wrong-key';
    if ((await keyFingerprint(proof.publicKey, c)) !== expectedFingerprint) return 'wrong-key';
  }
  try {
    const publicKey = await c.subtle.importKey('raw', ownBytes(proof.publicKey), KEY_ALGORITHM, false, ['verify']);
    const ok = await c.subtle.verify(
      SIGN_ALGORITHM,
      publicKey,
      ownBytes(proof.signature),
      authTranscript(roomId, nonce, dtls),
    );
    return ok ? 'ok' : 'bad-signature';
  } catch {
    // Not a point on the curve, or a signature WebCrypto cannot parse: no proof at all.
    return 'bad-signature';
  }
}
