/**
 * The joiner's check of the host (docs/PROTOCOL.md "Handshake"): before it sends its name or
 * password, the client challenges the host with fresh random bytes, and the host must sign them,
 * bound to this connection's DTLS certificates, with the lobby key whose SHA-256 the link carries
 * (`#join=<room>&key=<fingerprint>`). Node's WebCrypto does the ECDSA P-256 work.
 */
import { webcrypto } from 'node:crypto';
import type { Control } from './control';

type Proof = Extract<Control, { type: 'auth-proof' }>;

/** What the proof is checked against: this connection, as this client sees it. */
export interface ProofContext {
  roomId: string;
  /** The link's `key`, or null for a link without one (then only the signature is checked). */
  keyFingerprint: string | null;
  nonce: Uint8Array;
  localSdp: string;
  remoteSdp: string;
}

const subtle = webcrypto.subtle;

/** The `a=fingerprint:` lines of one SDP, as "algorithm HEX", de-duplicated, sorted, comma-joined. */
export function certificateFingerprints(sdp: string): string {
  const lines = new Set<string>();
  for (const line of sdp.split(/\r?\n/)) {
    const m = /^a=fingerprint:(\S+)\s+([0-9A-Fa-f:]+)\s*$/.exec(line);
    if (m) lines.add(`${m[1]!.toLowerCase()} ${m[2]!.toUpperCase()}`);
  }
  return [...lines].sort().join(',');
}

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/**
 * The text the host signs for this connection (docs/PROTOCOL.md "Handshake" step 3), or null when
 * a description has no certificate. We are the joiner: our (local) description holds the joiner's
 * certificate, the remote one the host's.
 */
export function proofTranscript(ctx: Omit<ProofContext, 'keyFingerprint'>): string | null {
  const joiner = certificateFingerprints(ctx.localSdp);
  const host = certificateFingerprints(ctx.remoteSdp);
  if (!joiner || !host) return null;
  const nonceHex = Buffer.from(ctx.nonce).toString('hex');
  return `rewind-arena host-auth v1\nroom=${ctx.roomId}\nhost=${host}\njoiner=${joiner}\nnonce=${nonceHex}`;
}

/** 'ok', or why the host is not the lobby's host. */
export async function checkHostProof(
  proof: Proof,
  ctx: ProofContext,
): Promise<'ok' | 'wrong key' | 'bad signature' | 'no certificates'> {
  if (ctx.keyFingerprint !== null) {
    const digest = new Uint8Array(await subtle.digest('SHA-256', proof.publicKey));
    if (base64url(digest) !== ctx.keyFingerprint) return 'wrong key';
  }
  const text = proofTranscript(ctx);
  if (text === null) return 'no certificates';
  const transcript = new TextEncoder().encode(text);
  try {
    const key = await subtle.importKey('raw', proof.publicKey, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
    return (await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, proof.signature, transcript))
      ? 'ok'
      : 'bad signature';
  } catch {
    return 'bad signature';
  }
}
