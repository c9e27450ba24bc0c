/**
 * The joining handshake's messages on the wire: 'hello', 'auth-challenge', 'auth-proof' (bodies
 * only; control.ts writes the type byte and dispatches here), and `peekHandshakeVersion`, which
 * reads the protocol version of a joiner's first message of *any* version, so a host can always
 * answer "version mismatch" instead of "malformed".
 *
 * Layouts (docs/PROTOCOL.md "Handshake"):
 *   hello            [protocolVersion u16] [name] [password] [browserToken: 16 bytes] [seatToken: 16 bytes]
 *                    [flags u8, optional: 1 = can take over (migration), 2 = a seat proof follows,
 *                     4 = watch (a spectator, no seat), 16 = understands 'watchers'; present only when not 0] [if flags & 2: seat key 65 bytes (0x04 first), signature 64 bytes]
 *   auth-challenge   [protocolVersion u16] [nonce: 32 bytes]
 *   auth-proof       [algorithm u8 (0 = p256)] [publicKey: 65 bytes, first 0x04] [signature: 64 bytes]
 * Invariants: the version field is always the 16 bits right after the type byte of a hello or a
 * challenge (frozen across versions); the decoders never throw and refuse unknown algorithms,
 * a public key that is not an uncompressed point, a version of 0, a flags byte of 0 or with bits
 * other than 1, 2, 4 and 16 (absent is the canonical "neither", so a hello without them is byte for byte a
 * protocol-4 hello, and one with only migration is the byte 1 it always was).
 */
import type { BitReader, BitWriter } from './bits';
import {
  AUTH_NONCE_BYTES,
  BROWSER_TOKEN_BYTES,
  type AuthAlgorithm,
  type AuthChallenge,
  type AuthProof,
  type Hello,
} from './control-messages';
import { NAME_RULE, PASSWORD_RULE, cleanText, readText, writeText } from './text';

export const AUTH_ALGORITHMS: readonly AuthAlgorithm[] = ['p256'];
/** Key and signature sizes per algorithm (index as in AUTH_ALGORITHMS). */
const KEY_BYTES: Record<AuthAlgorithm, number> = { p256: 65 };
const SIGNATURE_BYTES: Record<AuthAlgorithm, number> = { p256: 64 };
/** Control type bytes of the two messages that open a handshake (see CONTROL_TYPES). */
export const HELLO_TYPE_BYTE = 0;
export const CHALLENGE_TYPE_BYTE = 9;

const TOKEN_PATTERN = /^[0-9a-f]{32}$/;
const ZERO_TOKEN = '0'.repeat(BROWSER_TOKEN_BYTES * 2);
const clampVersion = (v: number): number => Math.min(Math.max(Math.round(Number.isFinite(v) ? v : 1), 1), 65535);

/** Exactly `length` bytes: longer input is cut, shorter padded with zeros (the encoder's normal form). */
function fixedBytes(bytes: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  out.set(bytes.subarray(0, length));
  return out;
}

export function tokenToBytes(token: string): Uint8Array {
  const out = new Uint8Array(BROWSER_TOKEN_BYTES);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(token.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function tokenFromBytes(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A browser or seat token as the wire carries it: 32 lowercase hex digits (anything else becomes all zeros). */
export function normalizeToken(token: string): string {
  const t = typeof token === 'string' ? token.toLowerCase() : '';
  return TOKEN_PATTERN.test(t) ? t : ZERO_TOKEN;
}

/** Trailing hello flags (docs/PROTOCOL.md "Handshake"). */
const HELLO_MIGRATION = 1;
const HELLO_SEAT_PROOF = 2;
/** Issue 24: a spectator's hello (no seat; pages of this build only, older hosts refuse the bit). */
const HELLO_WATCH = 4;
/** Issue 24: this client understands the 'watchers' message (control type 14). 8 is another feature's. */
const HELLO_WATCHERS = 16;
const HELLO_KNOWN = HELLO_MIGRATION | HELLO_SEAT_PROOF | HELLO_WATCH | HELLO_WATCHERS;
const SEAT_KEY_BYTES = 65;
const SEAT_SIGNATURE_BYTES = 64;

export function normalizeHello(m: Hello): Hello {
  const hello: Hello = {
    type: 'hello',
    protocolVersion: clampVersion(m.protocolVersion),
    name: cleanText(m.name, NAME_RULE),
    password: cleanText(m.password, PASSWORD_RULE),
    browserToken: normalizeToken(m.browserToken),
    seatToken: normalizeToken(m.seatToken),
  };
  // Only a "yes" is carried (and kept): "no" is the byte's absence, as in every older hello.
  if (m.migration === true) hello.migration = true;
  if (m.watch === true) hello.watch = true;
  if (m.watchers === true) hello.watchers = true;
  if (m.seatProof) {
    const publicKey = fixedBytes(m.seatProof.publicKey, SEAT_KEY_BYTES);
    publicKey[0] = 0x04;
    hello.seatProof = { publicKey, signature: fixedBytes(m.seatProof.signature, SEAT_SIGNATURE_BYTES) };
  }
  return hello;
}

export function normalizeChallenge(m: AuthChallenge): AuthChallenge {
  return {
    type: 'auth-challenge',
    protocolVersion: clampVersion(m.protocolVersion),
    nonce: fixedBytes(m.nonce, AUTH_NONCE_BYTES),
  };
}

export function normalizeProof(m: AuthProof): AuthProof {
  const algorithm = AUTH_ALGORITHMS.includes(m.algorithm) ? m.algorithm : 'p256';
  const publicKey = fixedBytes(m.publicKey, KEY_BYTES[algorithm]);
  publicKey[0] = 0x04; // an uncompressed point: the only form the decoder takes
  return { type: 'auth-proof', algorithm, publicKey, signature: fixedBytes(m.signature, SIGNATURE_BYTES[algorithm]) };
}

/** Bytes one by one, as they are (fixed sizes: the reader knows how many). */
export function writeBytes(w: BitWriter, bytes: Uint8Array): void {
  for (const b of bytes) w.writeBits(b, 8);
}

/** `length` bytes (checked against a limit by the caller first: never sized by what a peer asks). */
export function readBytes(r: BitReader, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length && r.ok; i++) out[i] = r.readBits(8);
  return out;
}

function readVersion(r: BitReader): number {
  const v = r.readBits(16);
  if (v < 1) r.fail(`protocol version ${v} out of range`);
  return v;
}

export function writeHandshake(w: BitWriter, m: Hello | AuthChallenge | AuthProof): void {
  switch (m.type) {
    case 'hello':
      w.writeBits(m.protocolVersion, 16);
      writeText(w, m.name, NAME_RULE);
      writeText(w, m.password, PASSWORD_RULE);
      writeBytes(w, tokenToBytes(m.browserToken));
      writeBytes(w, tokenToBytes(m.seatToken));
      {
        const flags =
          (m.migration === true ? HELLO_MIGRATION : 0) |
          (m.seatProof ? HELLO_SEAT_PROOF : 0) |
          (m.watch === true ? HELLO_WATCH : 0) |
          (m.watchers === true ? HELLO_WATCHERS : 0);
        if (flags !== 0) w.writeBits(flags, 8);
        if (m.seatProof) {
          writeBytes(w, m.seatProof.publicKey);
          writeBytes(w, m.seatProof.signature);
        }
      }
      return;
    case 'auth-challenge':
      w.writeBits(m.protocolVersion, 16);
      writeBytes(w, m.nonce);
      return;
    case 'auth-proof':
      w.writeBits(AUTH_ALGORITHMS.indexOf(m.algorithm), 8);
      writeBytes(w, m.publicKey);
      writeBytes(w, m.signature);
  }
}

export function readHello(r: BitReader): Hello {
  const protocolVersion = readVersion(r);
  const name = readText(r, NAME_RULE, 'name');
  const password = readText(r, PASSWORD_RULE, 'password');
  const browserToken = tokenFromBytes(readBytes(r, BROWSER_TOKEN_BYTES));
  const hello: Hello = {
    type: 'hello',
    protocolVersion,
    name,
    password,
    browserToken,
    seatToken: tokenFromBytes(readBytes(r, BROWSER_TOKEN_BYTES)),
  };
  // The optional trailing flags: absent (every older hello) means neither; present, never 0.
  if (r.ok && r.remainingBits > 0) {
    const flags = r.readBits(8);
    if (flags === 0 || (flags & ~HELLO_KNOWN) !== 0) r.fail(`hello flags ${flags} out of range`);
    if (flags & HELLO_MIGRATION) hello.migration = true;
    if (flags & HELLO_WATCH) hello.watch = true;
    if (flags & HELLO_WATCHERS) hello.watchers = true;
    if (r.ok && flags & HELLO_SEAT_PROOF) {
      const publicKey = readBytes(r, SEAT_KEY_BYTES);
      if (r.ok && publicKey[0] !== 0x04) r.fail('seat key is not an uncompressed point');
      hello.seatProof = { publicKey, signature: readBytes(r, SEAT_SIGNATURE_BYTES) };
    }
  }
  return hello;
}

export function readChallenge(r: BitReader): AuthChallenge {
  const protocolVersion = readVersion(r);
  return { type: 'auth-challenge', protocolVersion, nonce: readBytes(r, AUTH_NONCE_BYTES) };
}

export function readProof(r: BitReader): AuthProof {
  const index = r.readBits(8);
  const algorithm = AUTH_ALGORITHMS[index];
  if (algorithm === undefined) {
    r.fail(`unknown auth algorithm ${index}`);
    return { type: 'auth-proof', algorithm: 'p256', publicKey: new Uint8Array(0), signature: new Uint8Array(0) };
  }
  const publicKey = readBytes(r, KEY_BYTES[algorithm]);
  if (r.ok && publicKey[0] !== 0x04) r.fail('public key is not an uncompressed point');
  return { type: 'auth-proof', algorithm, publicKey, signature: readBytes(r, SIGNATURE_BYTES[algorithm]) };
}

/**
 * The protocol version a joiner's first message announces, whatever its version and whether or
 * not the rest of it decodes: null when it is neither a hello nor a challenge (or too short).
 */
export function peekHandshakeVersion(bytes: Uint8Array): number | null {
  if (bytes.length < 3) return null;
  if (bytes[0] !== HELLO_TYPE_BYTE && bytes[0] !== CHALLENGE_TYPE_BYTE) return null;
  return (bytes[1]! << 8) | bytes[2]!;
}
