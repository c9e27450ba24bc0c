/**
 * Control messages on the reliable channel (docs/PROTOCOL.md "Control"): `[type: u8]` then the
 * type's fields. The client writes hello, settings and leave, and reads the rest.
 */
import { BitReader, BitWriter } from './bits';

export const PROTOCOL_VERSION = 2;

const TYPES = ['hello', 'welcome', 'reject', 'kick', 'chat', 'leave', 'settings', 'lobby', 'debug'] as const;
const REJECT = ['full', 'version', 'password', 'kicked', 'banned', 'bad-hello', 'started'];
const KICK = ['host', 'malformed', 'flood', 'timeout', 'shutdown'];

export type Control =
  | { type: 'welcome'; clientId: number; tickrate: number; maxPlayers: number; mapName: string; maxUnlagMs: number }
  | { type: 'reject' | 'kick'; reason: string; text: string }
  | { type: 'chat'; from: number; text: string }
  | { type: 'lobby'; players: { id: number; name: string; pingMs: number; isHost: boolean }[]; started: boolean }
  | { type: 'leave' }
  /** Read but not decoded here: hitbox overlays the reference client does not ask for. */
  | { type: 'debug' | 'hello' | 'settings' };

/** Text: a varuint(7) byte length, then UTF-8. */
function writeText(w: BitWriter, text: string): void {
  const bytes = new TextEncoder().encode(text);
  w.varuint(bytes.length, 7);
  for (const b of bytes) w.u(b, 8);
}

function readText(r: BitReader): string {
  const length = r.varuint(7);
  if (length > 800) r.fail('text too long');
  const bytes = Uint8Array.from({ length: r.ok ? length : 0 }, () => r.u(8));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    r.fail('invalid UTF-8');
    return '';
  }
}

export function encodeHello(name: string, password = ''): Uint8Array<ArrayBuffer> {
  const w = new BitWriter();
  w.u(TYPES.indexOf('hello'), 8);
  w.u(PROTOCOL_VERSION, 16);
  writeText(w, name);
  writeText(w, password);
  return w.bytes();
}

/** Snapshots per second, bytes per second, interpolation delay; `debug` asks for hitbox overlays. */
export function encodeSettings(updateRate: number, rate: number, interpMs: number, debug = false): Uint8Array<ArrayBuffer> {
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
  const i = r.u(8);
  if (i >= list.length) r.fail(`unknown reason ${i}`);
  return list[i] ?? '';
}

export function decodeControl(bytes: Uint8Array): { ok: true; value: Control } | { ok: false; error: string } {
  const r = new BitReader(bytes);
  const type = TYPES[r.u(8)];
  if (type === undefined) return { ok: false, error: 'unknown control type' };
  let value: Control;
  switch (type) {
    case 'welcome':
      value = { type, clientId: r.u(8), tickrate: r.u(8), maxPlayers: r.u(8), mapName: readText(r), maxUnlagMs: r.u(16) };
      break;
    case 'reject':
    case 'kick':
      value = { type, reason: enumOf(r, type === 'reject' ? REJECT : KICK), text: readText(r) };
      break;
    case 'chat':
      value = { type, from: r.u(8), text: readText(r) };
      break;
    case 'lobby': {
      const count = r.u(8);
      if (count > 16) r.fail('lobby too large');
      const players = Array.from({ length: r.ok ? count : 0 }, () => ({ id: r.u(8), name: readText(r), pingMs: r.u(16), isHost: r.bool() }));
      value = { type, players, started: r.bool() };
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
