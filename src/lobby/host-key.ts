/**
 * The lobby's key pair: made by the host when it creates the lobby (WebCrypto ECDSA P-256, which
 * every browser and Node 20 implement), its public half's fingerprint goes in the lobby link, and
 * the host proves itself to every joiner by signing their challenge (host-auth.ts).
 *
 * The pair is extractable on purpose: a host hands it to its successor over the encrypted channel
 * (issue 13, host migration) with `exportLobbyKey` / `importLobbyKey`, and the successor proves
 * itself with the same key, so the original link keeps working.
 *
 * Inputs: a `CryptoLike` (the page's `crypto`, Node's `globalThis.crypto`, or a test's). Outputs:
 * `LobbyKey`. Invariant: `fingerprint` is base64url(SHA-256(publicRaw)), 43 characters, and
 * `publicRaw` is the uncompressed point (65 bytes) that 'auth-proof' carries.
 */

/** What this module needs of WebCrypto: injected so a Node host or a test can supply its own. */
export type CryptoLike = Pick<Crypto, 'subtle' | 'getRandomValues'>;

export interface LobbyKey {
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** The public key as 'auth-proof' carries it: 65 bytes, 0x04 ‖ x ‖ y. */
  readonly publicRaw: Uint8Array;
  /** base64url(SHA-256(publicRaw)): what the lobby link's `key=` holds. */
  readonly fingerprint: string;
}

/** A lobby key as bytes, for handing over to a successor host. */
export interface ExportedLobbyKey {
  pkcs8: Uint8Array;
  publicRaw: Uint8Array;
}

export const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
export const SIGN_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;
export const FINGERPRINT_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Copies into a fresh ArrayBuffer-backed array (WebCrypto refuses views of shared buffers). */
export function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes.byteLength);
  out.set(bytes);
  return out;
}

export async function keyFingerprint(publicRaw: Uint8Array, c: CryptoLike): Promise<string> {
  return base64url(new Uint8Array(await c.subtle.digest('SHA-256', ownBytes(publicRaw))));
}

/**
 * What a host registers for its successors' takeover token (`takeover=` on its signaling socket):
 * base64url SHA-256 of the token's UTF-8, as the signaling server compares it (scripts/id-holds.mjs).
 */
export function takeoverHash(token: string, c: CryptoLike): Promise<string> {
  return keyFingerprint(new TextEncoder().encode(token), c);
}

export async function createLobbyKey(c: CryptoLike): Promise<LobbyKey> {
  const pair = await c.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const publicRaw = new Uint8Array(await c.subtle.exportKey('raw', pair.publicKey));
  return {
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
    publicRaw,
    fingerprint: await keyFingerprint(publicRaw, c),
  };
}

export async function exportLobbyKey(key: LobbyKey, c: CryptoLike): Promise<ExportedLobbyKey> {
  return { pkcs8: new Uint8Array(await c.subtle.exportKey('pkcs8', key.privateKey)), publicRaw: key.publicRaw.slice() };
}

/**
 * The inverse of `exportLobbyKey`. Refuses (rejects) a private key that does not belong to the
 * public key given: a successor must not start signing with a key the link does not name.
 */
export async function importLobbyKey(e: ExportedLobbyKey, c: CryptoLike): Promise<LobbyKey> {
  const privateKey = await c.subtle.importKey('pkcs8', ownBytes(e.pkcs8), KEY_ALGORITHM, true, ['sign']);
  const publicKey = await c.subtle.importKey('raw', ownBytes(e.publicRaw), KEY_ALGORITHM, true, ['verify']);
  const probe = c.getRandomValues(new Uint8Array(32));
  const signature = await c.subtle.sign(SIGN_ALGORITHM, privateKey, probe);
  if (!(await c.subtle.verify(SIGN_ALGORITHM, publicKey, signature, probe)))
    throw new Error('the private key does not match the public key');
  const publicRaw = e.publicRaw.slice();
  return { privateKey, publicKey, publicRaw, fingerprint: await keyFingerprint(publicRaw, c) };
}
