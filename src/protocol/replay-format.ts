/**
 * The replay file (docs/PROTOCOL.md, "Replay files"): what the host records of a match so it can
 * be watched again with no network. A replay is what a perfectly connected observer receives:
 * observer frames (observer-frame.ts) at the snapshot rate, a key frame at a fixed interval so any
 * moment can be reached quickly, plus who played (roster) and what was said (chat).
 *
 * File:   [magic "RWND": 4 bytes][format version: u8] then records, the header first.
 * Record: [kind: u8][payload length: LEB128][payload]. A reader skips a kind it does not know,
 *         so later formats can add records old players ignore.
 * Kinds:  1 header   [protocol version:16][game: text][map: text][tickrate:8][frame ticks:8]
 *                    [key frame every N frames:16][first tick:32]
 *         2 key frame    an observer frame with no base
 *         3 delta frame  an observer frame against the frame before it
 *         4 roster   [tick:32][count: varuint] then per player [id:8][name: text]
 *         5 chat     [tick:32][from:8][text]
 * Payloads are bit-packed (bits.ts) and zero-padded to a byte; texts follow text.ts's rules.
 * Invariants: frames rise in tick; the first frame is a key frame; a delta frame's base is the
 * frame just before it. Readers never throw (replay-reader.ts).
 */
import type { BitReader, BitWriter } from './bits';
import type { PlayerId } from './ids';
import { MAP_NAME_RULE, MESSAGE_RULE, NAME_RULE, readText, writeText } from './text';
import type { Tick } from './ticks';

export const REPLAY_MAGIC = Uint8Array.of(0x52, 0x57, 0x4e, 0x44);
export const REPLAY_FORMAT_VERSION = 1;
/** A replay's first bytes: the magic and the format version. */
export const REPLAY_PREAMBLE_BYTES = REPLAY_MAGIC.length + 1;
/** The largest replay a recorder writes or a reader opens (a 20-minute match at 8 players is ~2 MB). */
export const MAX_REPLAY_BYTES = 32 * 1024 * 1024;
/** The most players a roster record may name (the wire's player ids). */
export const MAX_ROSTER = 256;

export const RecordKind = {
  header: 1,
  keyFrame: 2,
  deltaFrame: 3,
  roster: 4,
  chat: 5,
} as const;

/** What a replay says of itself before its first frame. */
export interface ReplayHeader {
  /** The snapshot protocol its frames were written with (wire.ts PROTOCOL_VERSION). */
  protocolVersion: number;
  /** Which game's schema the frames use (the page's game id: 'arena', 'pushball'). */
  game: string;
  /** The map it was played on, as the lobby named it. */
  map: string;
  tickrate: number;
  /** Ticks between two frames (the snapshot rate an observer gets). */
  frameTicks: number;
  /** Frames between two key frames (the last frame before any moment is at most this many frames from a key frame). */
  keyFrameEvery: number;
  /** The tick recording began at. */
  firstTick: Tick;
}

export interface RosterEntry {
  id: PlayerId;
  name: string;
}

export interface RosterRecord {
  tick: Tick;
  players: RosterEntry[];
}

export interface ChatRecord {
  tick: Tick;
  from: PlayerId;
  text: string;
}

export function writeReplayHeader(w: BitWriter, h: ReplayHeader): void {
  w.writeBits(h.protocolVersion, 16);
  writeText(w, h.game, MAP_NAME_RULE);
  writeText(w, h.map, MAP_NAME_RULE);
  w.writeBits(h.tickrate, 8);
  w.writeBits(h.frameTicks, 8);
  w.writeBits(h.keyFrameEvery, 16);
  w.writeBits(h.firstTick, 32);
}

export function readReplayHeader(r: BitReader): ReplayHeader {
  const protocolVersion = r.readBits(16);
  const game = readText(r, MAP_NAME_RULE, 'game');
  const map = readText(r, MAP_NAME_RULE, 'map');
  const tickrate = r.readBits(8);
  const frameTicks = r.readBits(8);
  const keyFrameEvery = r.readBits(16);
  const firstTick = r.readBits(32);
  if (tickrate < 20 || tickrate > 128) r.fail(`tickrate ${tickrate}`);
  if (frameTicks < 1) r.fail('frame ticks 0');
  if (keyFrameEvery < 1) r.fail('key frame interval 0');
  return { protocolVersion, game, map, tickrate, frameTicks, keyFrameEvery, firstTick };
}

export function writeRoster(w: BitWriter, rec: RosterRecord): void {
  w.writeBits(rec.tick, 32);
  const players = rec.players.slice(0, MAX_ROSTER);
  w.writeVarUint(players.length);
  for (const p of players) {
    w.writeBits(p.id, 8);
    writeText(w, p.name, NAME_RULE);
  }
}

export function readRoster(r: BitReader): RosterRecord {
  const tick = r.readBits(32);
  const count = r.readVarUint();
  if (count > MAX_ROSTER) r.fail(`${count} players`);
  const players: RosterEntry[] = [];
  for (let i = 0; i < count && r.ok; i++) {
    const id = r.readBits(8);
    players.push({ id, name: readText(r, NAME_RULE, 'name') });
  }
  return { tick, players };
}

export function writeChat(w: BitWriter, rec: ChatRecord): void {
  w.writeBits(rec.tick, 32);
  w.writeBits(rec.from, 8);
  writeText(w, rec.text, MESSAGE_RULE);
}

export function readChat(r: BitReader): ChatRecord {
  const tick = r.readBits(32);
  const from = r.readBits(8);
  return { tick, from, text: readText(r, MESSAGE_RULE, 'chat') };
}

/** The name a replay file is saved under (`.rwnd`): rewind-arena-2026-11-28-2215.rwnd, plus `-<label>` when given. */
export function replayFileName(game: string, when: Date, label = ''): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  const date = `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())}`;
  const safe = game.replace(/[^a-z0-9-]/gi, '').toLowerCase() || 'match';
  const tail = label ? `-${label.replace(/[^a-z0-9-]/gi, '')}` : '';
  return `rewind-${safe}-${date}-${two(when.getHours())}${two(when.getMinutes())}${tail}.rwnd`;
}

/** Bytes of `n` as LEB128 (7 bits a byte, low first). */
export function lebBytes(n: number): number {
  let bytes = 1;
  for (let v = n; v >= 0x80; v = Math.floor(v / 128)) bytes++;
  return bytes;
}

/** Writes `n` as LEB128 at `at`; returns the new end. */
export function writeLeb(out: Uint8Array, at: number, n: number): number {
  let v = n;
  let i = at;
  while (v >= 0x80) {
    out[i++] = (v % 128) | 0x80;
    v = Math.floor(v / 128);
  }
  out[i++] = v;
  return i;
}

/**
 * Reads a LEB128 at `at` (at most 5 bytes, shortest form: one encoding per length, as every other
 * field of the protocol); null when it runs off the end, is too long or is padded (`85 00`).
 */
export function readLeb(bytes: Uint8Array, at: number): { value: number; end: number } | null {
  let value = 0;
  let scale = 1;
  for (let i = at; i < bytes.length && i < at + 5; i++) {
    const b = bytes[i]!;
    value += (b & 0x7f) * scale;
    if ((b & 0x80) === 0) return i > at && b === 0 ? null : { value, end: i + 1 };
    scale *= 128;
  }
  return null;
}
