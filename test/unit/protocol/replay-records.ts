/**
 * Hand-made record payloads for the replay fuzz (replay-mutations.ts): texts at and past the text
 * rules' edges written as raw bytes (so invalid ones reach the reader), header records with one
 * field changed, roster and chat records with edge values, and bit-level writes into a payload.
 */
import { BitReader } from '../../../src/protocol/bit-reader';
import { BitWriter } from '../../../src/protocol/bits';
import { MAX_ROSTER, readReplayHeader, writeLeb } from '../../../src/protocol/replay-format';
import { PROTOCOL_VERSION } from '../../../src/protocol/wire';
import type { Rng } from './gen';
import { MAX_TICK } from './replay-check';

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
/** Texts at and past the rules' edges, as raw bytes (so the invalid ones reach the reader). */
const TEXTS: readonly Uint8Array[] = [
  enc(''),
  enc('a'),
  enc('arena'),
  enc('pushball'),
  enc('Zoë 🎯'),
  enc(' a'),
  enc('a '),
  enc('\u00a0a'),
  enc('a\nb'),
  enc('\u0000'),
  enc('\u007f'),
  enc('\u202eevil'),
  enc('\u2066x'),
  enc('x'.repeat(24)),
  enc('x'.repeat(25)),
  enc('x'.repeat(32)),
  enc('x'.repeat(33)),
  enc('🤖'.repeat(24)),
  enc('🤖'.repeat(25)),
  enc('🤖'.repeat(32)),
  enc('🤖'.repeat(33)),
  enc('y'.repeat(200)),
  enc('y'.repeat(201)),
  enc('é'.repeat(200)),
  Uint8Array.of(0xff),
  Uint8Array.of(0xc0, 0x80),
  Uint8Array.of(0xed, 0xa0, 0x80),
  Uint8Array.of(0xe2, 0x82),
  Uint8Array.of(0x61, 0xf4, 0x90, 0x80, 0x80),
];
export const TICKS = [0, 1, 2, 0x7fffffff, 0x80000000, MAX_TICK - 1, MAX_TICK];

function rawText(w: BitWriter, bytes: Uint8Array): void {
  w.writeVarUint(bytes.length);
  for (const b of bytes) w.writeBits(b, 8);
}

const tickOf = (r: Rng): number => (r.bool(0.5) ? r.pick(TICKS) : r.int(0, MAX_TICK));

interface RawHeader {
  protocolVersion: number;
  game: Uint8Array;
  map: Uint8Array;
  tickrate: number;
  frameTicks: number;
  keyFrameEvery: number;
  firstTick: number;
}

/** A header record's payload with one field changed (texts as raw bytes). */
export function headerVariant(r: Rng, payload: Uint8Array): Uint8Array {
  const reader = new BitReader(payload);
  const h = readReplayHeader(reader);
  const raw: RawHeader = { ...h, game: enc(h.game), map: enc(h.map) };
  switch (r.int(0, 6)) {
    case 0:
      raw.protocolVersion = r.pick([0, PROTOCOL_VERSION - 1, PROTOCOL_VERSION + 1, 0xffff, r.int(0, 0xffff)]);
      break;
    case 1:
      raw.game = r.pick(TEXTS);
      break;
    case 2:
      raw.map = r.pick(TEXTS);
      break;
    case 3:
      raw.tickrate = r.pick([0, 1, 19, 20, 30, 60, 128, 129, 255]);
      break;
    case 4:
      raw.frameTicks = r.pick([0, 1, 2, 3, 128, 255]);
      break;
    case 5:
      raw.keyFrameEvery = r.pick([0, 1, 2, 150, 65535]);
      break;
    default:
      raw.firstTick = tickOf(r);
  }
  const w = new BitWriter(64);
  w.writeBits(raw.protocolVersion, 16);
  rawText(w, raw.game);
  rawText(w, raw.map);
  w.writeBits(raw.tickrate, 8);
  w.writeBits(raw.frameTicks, 8);
  w.writeBits(raw.keyFrameEvery, 16);
  w.writeBits(raw.firstTick, 32);
  return w.finish();
}

export function rosterPayload(r: Rng): Uint8Array {
  const w = new BitWriter(64);
  w.writeBits(tickOf(r), 32);
  const count = r.pick([0, 1, 2, 3, 8, 255, MAX_ROSTER, MAX_ROSTER + 1, 1000]);
  // Sometimes the count says more or fewer players than follow.
  const written = r.bool(0.8) ? Math.min(count, MAX_ROSTER + 1) : r.int(0, 4);
  w.writeVarUint(count);
  for (let i = 0; i < written; i++) {
    w.writeBits(r.bool(0.3) ? r.pick([0, 255]) : r.int(0, 255), 8);
    rawText(w, count > 16 ? enc(`p${i}`) : r.pick(TEXTS));
  }
  return w.finish();
}

export function chatPayload(r: Rng): Uint8Array {
  const w = new BitWriter(64);
  w.writeBits(tickOf(r), 32);
  w.writeBits(r.bool(0.3) ? r.pick([0, 255]) : r.int(0, 255), 8);
  rawText(w, r.pick(TEXTS));
  return w.finish();
}

/** Writes `value` as `bits` bits at bit `from` of `bytes` (MSB first), in place. */
export function setBits(bytes: Uint8Array, from: number, bits: number, value: number): void {
  for (let i = 0; i < bits; i++) {
    const bit = Math.floor(value / 2 ** (bits - 1 - i)) % 2;
    const at = from + i;
    const mask = 0x80 >> (at & 7);
    bytes[at >> 3] = bit ? bytes[at >> 3]! | mask : bytes[at >> 3]! & ~mask;
  }
}

/** `n` as LEB128 bytes. */
export function lebOf(n: number): Uint8Array {
  const out = new Uint8Array(6);
  return out.slice(0, writeLeb(out, 0, n));
}
