/**
 * Control messages on the reliable channel (docs/PROTOCOL.md "Control"): `[type: u8]` then the
 * type's fields. The client writes auth-challenge, hello, settings and leave, and reads the rest.
 */
import { BitReader, BitWriter, type TraceEntry } from './bits';

export const PROTOCOL_VERSION = 4;
/** Bytes of the challenge's nonce and of the browser token in hello. */
export const NONCE_BYTES = 32;
export const TOKEN_BYTES = 16;

const TYPES = [
  'hello',
  'welcome',
  'reject',
  'kick',
  'chat',
  'leave',
  'settings',
  'lobby',
  'debug',
  'auth-challenge',
  'auth-proof',
] as const;
const REJECT = ['full', 'version', 'password', 'kicked', 'banned', 'bad-hello', 'started', 'attempts', 'name', 'busy'];
const KICK = ['host', 'malformed', 'flood', 'timeout', 'shutdown'];

export type Control =
  | {
      type: 'hello';
      protocolVersion: number;
      name: string;
      password: string;
      browserToken: Uint8Array;
      seatToken: Uint8Array;
    }
  | { type: 'auth-challenge'; protocolVersion: number; nonce: Uint8Array }
  /** algorithm 0: ECDSA P-256 with SHA-256; publicKey 65 bytes (0x04, x, y); signature 64 bytes (r, s). */
  | { type: 'auth-proof'; algorithm: number; publicKey: Uint8Array; signature: Uint8Array }
  | { type: 'welcome'; clientId: number; tickrate: number; maxPlayers: number; mapName: string; maxUnlagMs: number }
  | { type: 'reject' | 'kick'; reason: string; text: string }
  | { type: 'chat'; from: number; text: string }
  | { type: 'lobby'; players: { id: number; name: string; pingMs: number; isHost: boolean }[]; started: boolean }
  | { type: 'leave' }
  /** Read but not decoded here: hitbox overlays the reference client does not ask for. */
  | { type: 'debug' | 'settings' };

/** Text: a varuint(7) byte length, then UTF-8. */
function writeText(w: BitWriter, text: string): void {
  const bytes = new TextEncoder().encode(text);
  w.varuint(bytes.length, 7);
  for (const b of bytes) w.u(b, 8);
}

/** A text: its byte length first (refused above `maxBytes` before any byte is read), then UTF-8. */
export function readText(r: BitReader, label: string, maxBytes = 800): string {
  const length = r.at(`${label} length`).varuint(7);
  if (length > maxBytes) r.fail('text too long');
  if (length > 0) r.at(`${label} (UTF-8)`);
  const bytes = Uint8Array.from({ length: r.ok ? length : 0 }, () => r.u(8));
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (length > 0) r.note(JSON.stringify(text));
    return text;
  } catch {
    r.fail('invalid UTF-8');
    return '';
  }
}

function readBytes(r: BitReader, length: number, label: string): Uint8Array {
  r.at(label);
  const out = Uint8Array.from({ length }, () => r.u(8));
  const hex = (b: Uint8Array): string => [...b].map((x) => x.toString(16).padStart(2, '0')).join(' ');
  r.note(`${hex(out.subarray(0, 4))} … ${hex(out.subarray(length - 2))} (${length} bytes)`);
  return out;
}

/**
 * `browserToken`: 16 bytes this client keeps (what a kick bans); `seatToken`: obsolete, hosts
 * ignore it (send zeros). No trailing flags byte: this client offers no takeover and sends no seat
 * proof (docs/PROTOCOL.md "Seat proof"), so a host gives it no seat to come back to.
 */
export function encodeHello(
  name: string,
  password = '',
  browserToken: Uint8Array = new Uint8Array(TOKEN_BYTES),
  seatToken: Uint8Array = new Uint8Array(TOKEN_BYTES),
): Uint8Array<ArrayBuffer> {
  const w = new BitWriter();
  w.u(TYPES.indexOf('hello'), 8);
  w.u(PROTOCOL_VERSION, 16);
  writeText(w, name);
  writeText(w, password);
  for (let i = 0; i < TOKEN_BYTES; i++) w.u(browserToken[i] ?? 0, 8);
  for (let i = 0; i < TOKEN_BYTES; i++) w.u(seatToken[i] ?? 0, 8);
  return w.bytes();
}

/** The first message on a new connection: the host must sign `nonce` before it hears anything else. */
export function encodeChallenge(nonce: Uint8Array): Uint8Array<ArrayBuffer> {
  if (nonce.length !== NONCE_BYTES) throw new Error(`a challenge carries ${NONCE_BYTES} bytes`);
  const w = new BitWriter();
  w.u(TYPES.indexOf('auth-challenge'), 8);
  w.u(PROTOCOL_VERSION, 16);
  for (const b of nonce) w.u(b, 8);
  return w.bytes();
}

/** Snapshots per second, bytes per second, interpolation delay; `debug` asks for hitbox overlays. */
export function encodeSettings(
  updateRate: number,
  rate: number,
  interpMs: number,
  debug = false,
): Uint8Array<ArrayBuffer> {
  const w = new BitWriter();
  w.u(TYPES.indexOf('settings'), 8);
  w.u(updateRate, 8);
  w.varuint(rate, 7);
  w.u(interpMs, 16);
  w.u(debug ? 1 : 0, 8);
  return w.bytes();
}

export function encodeLeave(): Uint8Array<ArrayBuffer> {
  return Uint8Array.of(TYPES.indexOf('leave'));
}

function enumOf(r: BitReader, list: string[]): string {
  const i = r.at('reason').u(8);
  if (i >= list.length) r.fail(`unknown reason ${i}`);
  return list[i] ?? '';
}

export function decodeControl(
  bytes: Uint8Array,
  trace: TraceEntry[] | null = null,
): { ok: true; value: Control } | { ok: false; error: string } {
  const r = new BitReader(bytes, trace);
  const type = TYPES[r.at('type').u(8)];
  if (type === undefined) return { ok: false, error: 'unknown control type' };
  r.note(`${TYPES.indexOf(type)} (${type})`);
  let value: Control;
  switch (type) {
    case 'hello':
      value = {
        type,
        protocolVersion: r.at('protocolVersion').u(16),
        name: readText(r, 'name'),
        password: readText(r, 'password'),
        browserToken: readBytes(r, TOKEN_BYTES, 'browserToken'),
        seatToken: readBytes(r, TOKEN_BYTES, 'seatToken'),
      };
      break;
    case 'auth-challenge':
      value = { type, protocolVersion: r.at('protocolVersion').u(16), nonce: readBytes(r, NONCE_BYTES, 'nonce') };
      break;
    case 'auth-proof': {
      const algorithm = r.at('algorithm').u(8);
      if (algorithm !== 0) r.fail(`unknown algorithm ${algorithm}`);
      const publicKey = readBytes(r, 65, 'publicKey');
      if (r.ok && publicKey[0] !== 4) r.fail('public key is not an uncompressed point');
      value = { type, algorithm, publicKey, signature: readBytes(r, 64, 'signature') };
      break;
    }
    case 'welcome':
      value = {
        type,
        clientId: r.at('clientId').u(8),
        tickrate: r.at('tickrate').u(8),
        maxPlayers: r.at('maxPlayers').u(8),
        mapName: readText(r, 'mapName'),
        maxUnlagMs: r.at('maxUnlagMs').u(16),
      };
      break;
    case 'reject':
    case 'kick':
      value = { type, reason: enumOf(r, type === 'reject' ? REJECT : KICK), text: readText(r, 'text') };
      break;
    case 'chat':
      value = { type, from: r.at('from').u(8), text: readText(r, 'text') };
      break;
    case 'lobby': {
      const count = r.at('player count').u(8);
      if (count > 32) r.fail('lobby too large');
      const players = Array.from({ length: r.ok ? count : 0 }, (_, i) => ({
        id: r.at(`player ${i} id`).u(8),
        name: readText(r, `player ${i} name`),
        pingMs: r.at(`player ${i} pingMs`).u(16),
        isHost: r.at(`player ${i} isHost`).bool(),
      }));
      value = { type, players, started: r.at('started').bool() };
      break;
    }
    case 'leave':
      value = { type };
      break;
    default:
      return { ok: true, value: { type } };
  }
  r.end();
  return r.ok ? { ok: true, value } : { ok: false, error: r.error! };
}
