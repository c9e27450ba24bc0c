/**
 * The host's secrets (issue 13, host migration): what a successor needs, beyond the match, to be
 * the same lobby: the lobby key pair (so it proves itself to the original link's `key=`), the
 * takeover token (so the signaling server lets it claim the lobby's peer id once the host is gone;
 * never the host's own signaling token), the password's
 * VERIFIER (password-verifier.ts: the successor checks newcomers' passwords without ever holding
 * the password), the lobby's size and join rule, the map's name, the old host's own seat key (so
 * an old host that comes back joins as a player in its own seat), and the players the host chose
 * as possible successors (the new host keeps that choice). These bytes ride in the migration
 * checkpoint's `lobbyKey` field, which only chosen successors receive, over DTLS.
 *
 * Layout: [version u8 = 2] [pkcs8 length u16, 1..HOST_SECRET_LIMITS.pkcs8Bytes] [pkcs8 bytes]
 * [publicRaw: 65 bytes, first 0x04] [peerToken: text] [verifier: salt 16 bytes | iterations u32
 * (PASSWORD_ITERATION_RANGE) | hash length u8 (0 = no password, or 32) | hash] [maxPlayers u8,
 * 1..255] [joinRunningMatch u8, 0|1] [mapName: text] [hostSeatToken: 16 bytes] [chosen: count u8
 * then ids u8, 1..255, strictly increasing]; texts as control texts (src/protocol/text.ts: UTF-8
 * with a varint length). Version 1 (the password in clear, no choice) is refused.
 * `encodeHostSecrets` never throws: it sends the normal form (`normalizeHostSecrets`: texts cleaned
 * and cut, numbers clamped, a malformed token as all zeros, a too-long key cut, which then fails to
 * import: a caller bug shows there, not as an exception here). `decodeHostSecrets` never throws and
 * refuses anything else (a wrong version or size, a token breaking its pattern, trailing bytes), so
 * decode(encode(s)) equals normalizeHostSecrets(s).
 */
import { BitReader, BitWriter } from '../protocol/bits';
import { normalizeToken, readBytes, tokenFromBytes, tokenToBytes, writeBytes } from '../protocol/handshake-codec';
import type { DecodeResult } from '../protocol/wire';
import { BROWSER_TOKEN_BYTES } from '../protocol/control-messages';
import { MAP_NAME_RULE, cleanText, readText, writeText, type TextRule } from '../protocol/text';
import type { ExportedLobbyKey } from './host-key';
import {
  PASSWORD_HASH_BYTES,
  PASSWORD_ITERATION_RANGE,
  PASSWORD_SALT_BYTES,
  type PasswordVerifier,
} from './password-verifier';

export interface HostSecrets {
  key: ExportedLobbyKey;
  /** The takeover token: the host registered its hash with its signaling socket; it claims the id once the host is gone. */
  peerToken: string;
  /** The lobby password's verifier (never the password). */
  passwordVerifier: PasswordVerifier;
  maxPlayers: number;
  joinRunningMatch: boolean;
  /** The lobby's map, by name (the welcome's map name). */
  mapName: string;
  /** The host's own seat key (32 lowercase hex digits): the seat it is seated under. */
  hostSeatToken: string;
  /** The players the host chose as possible successors, ascending. */
  chosen: number[];
}

export const HOST_SECRETS_VERSION = 2;
export const HOST_SECRET_LIMITS = Object.freeze({ pkcs8Bytes: 512, publicRawBytes: 65, peerTokenChars: 64 });
/** What PeerJS tokens look like (base36 by default); ours are checked, never interpreted. */
const PEER_TOKEN_PATTERN = /^[A-Za-z0-9._-]*$/;
const PEER_TOKEN_RULE: TextRule = { maxChars: HOST_SECRET_LIMITS.peerTokenChars };

const clampInt = (v: number, lo: number, hi: number): number =>
  Math.min(Math.max(Math.round(Number.isFinite(v) ? v : lo), lo), hi);

function fixed(bytes: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  out.set(bytes.subarray(0, length));
  return out;
}

/** The secrets as the decoder returns them. */
export function normalizeHostSecrets(s: HostSecrets): HostSecrets {
  const publicRaw = fixed(s.key.publicRaw, HOST_SECRET_LIMITS.publicRawBytes);
  publicRaw[0] = 0x04; // an uncompressed P-256 point, as 'auth-proof' carries it
  const token = cleanText(s.peerToken, PEER_TOKEN_RULE);
  const pkcs8 = s.key.pkcs8.slice(0, HOST_SECRET_LIMITS.pkcs8Bytes);
  return {
    key: { pkcs8: pkcs8.length > 0 ? pkcs8 : new Uint8Array(1), publicRaw },
    peerToken: PEER_TOKEN_PATTERN.test(token) ? token : '',
    passwordVerifier: normalizeVerifier(s.passwordVerifier),
    maxPlayers: clampInt(s.maxPlayers, 1, 255),
    joinRunningMatch: s.joinRunningMatch === true,
    mapName: cleanText(s.mapName, MAP_NAME_RULE) || 'arena',
    hostSeatToken: normalizeToken(s.hostSeatToken),
    chosen: [...new Set(s.chosen.map((id) => Math.round(id)).filter((id) => id >= 1 && id <= 255))].sort(
      (a, b) => a - b,
    ),
  };
}

function normalizeVerifier(v: PasswordVerifier): PasswordVerifier {
  const hash = v.hash.length === 0 ? new Uint8Array(0) : fixed(v.hash, PASSWORD_HASH_BYTES);
  return {
    salt: fixed(v.salt, PASSWORD_SALT_BYTES),
    iterations: clampInt(v.iterations, PASSWORD_ITERATION_RANGE.min, PASSWORD_ITERATION_RANGE.max),
    hash,
  };
}

function writeVerifier(w: BitWriter, v: PasswordVerifier): void {
  writeBytes(w, v.salt);
  w.writeBits(v.iterations, 32);
  w.writeBits(v.hash.length, 8);
  writeBytes(w, v.hash);
}

function readVerifier(r: BitReader): PasswordVerifier {
  const salt = readBytes(r, PASSWORD_SALT_BYTES);
  const iterations = r.readBits(32);
  if (r.ok && (iterations < PASSWORD_ITERATION_RANGE.min || iterations > PASSWORD_ITERATION_RANGE.max))
    r.fail(`password rounds ${iterations} out of range`);
  const length = r.readBits(8);
  if (r.ok && length !== 0 && length !== PASSWORD_HASH_BYTES) r.fail(`password hash length ${length} out of range`);
  return { salt, iterations, hash: readBytes(r, r.ok ? length : 0) };
}

function readChosen(r: BitReader): number[] {
  const count = r.readBits(8);
  const ids: number[] = [];
  for (let i = 0; i < count && r.ok; i++) {
    const id = r.readBits(8);
    if (r.ok && (id < 1 || id <= (ids[ids.length - 1] ?? 0))) r.fail(`chosen id ${id} out of order`);
    ids.push(id);
  }
  return ids;
}

export function encodeHostSecrets(secrets: HostSecrets): Uint8Array {
  const s = normalizeHostSecrets(secrets);
  const w = new BitWriter(256);
  w.writeBits(HOST_SECRETS_VERSION, 8);
  w.writeBits(s.key.pkcs8.length, 16);
  writeBytes(w, s.key.pkcs8);
  writeBytes(w, s.key.publicRaw);
  writeText(w, s.peerToken, PEER_TOKEN_RULE);
  writeVerifier(w, s.passwordVerifier);
  w.writeBits(s.maxPlayers, 8);
  w.writeBits(s.joinRunningMatch ? 1 : 0, 8);
  writeText(w, s.mapName, MAP_NAME_RULE);
  writeBytes(w, tokenToBytes(s.hostSeatToken));
  w.writeBits(s.chosen.length, 8);
  for (const id of s.chosen) w.writeBits(id, 8);
  return w.finish();
}

function readKey(r: BitReader): ExportedLobbyKey {
  const length = r.readBits(16);
  if (r.ok && (length < 1 || length > HOST_SECRET_LIMITS.pkcs8Bytes)) r.fail(`key length ${length} out of range`);
  const pkcs8 = readBytes(r, r.ok ? length : 0);
  const publicRaw = readBytes(r, HOST_SECRET_LIMITS.publicRawBytes);
  if (r.ok && publicRaw[0] !== 0x04) r.fail('public key is not an uncompressed point');
  return { pkcs8, publicRaw };
}

function readFlag(r: BitReader, what: string): boolean {
  const v = r.readBits(8);
  if (v > 1) r.fail(`${what} ${v} out of range`);
  return v === 1;
}

export function decodeHostSecrets(bytes: Uint8Array): DecodeResult<HostSecrets> {
  const r = new BitReader(bytes);
  const version = r.readBits(8);
  if (r.ok && version !== HOST_SECRETS_VERSION) r.fail(`version ${version} unknown`);
  const key = readKey(r);
  const peerToken = readText(r, PEER_TOKEN_RULE, 'peer token');
  if (r.ok && !PEER_TOKEN_PATTERN.test(peerToken)) r.fail('peer token: not a token');
  const passwordVerifier = readVerifier(r);
  const maxPlayers = r.readBits(8);
  if (r.ok && maxPlayers < 1) r.fail('max players 0 out of range');
  const joinRunningMatch = readFlag(r, 'join flag');
  const mapName = readText(r, MAP_NAME_RULE, 'map name');
  const hostSeatToken = tokenFromBytes(readBytes(r, BROWSER_TOKEN_BYTES));
  const chosen = readChosen(r);
  r.expectEnd();
  if (!r.ok) return { ok: false, error: `host secrets: ${r.error}` };
  return {
    ok: true,
    value: { key, peerToken, passwordVerifier, maxPlayers, joinRunningMatch, mapName, hostSeatToken, chosen },
  };
}
