/**
 * Control message codec (reliable, ordered channel): hello, welcome, reject, kick, chat, leave,
 * settings, lobby, debug. Layout: [type:8] then the fields of that type in a fixed order; texts are
 * UTF-8 with a length (text.ts), enums a byte index into a fixed list (append only).
 *
 * The encoder sends `normalizeControl(m)` (texts cleaned and cut, numbers clamped to their
 * fields), so decode(encode(m)) equals normalizeControl(m) whenever that is valid. The decoder
 * never throws and refuses: unknown types or enum values, texts breaking their rule, numbers out
 * of range, more than MAX_LOBBY_PLAYERS players, trailing bytes. A hello of another protocol
 * version still decodes (layout frozen) so the host can answer `reject: version`. A 'settings'
 * without its trailing `debug` byte (an older client) decodes with `debug: false`. A 'debug'
 * holds at most MAX_DEBUG_HITBOXES hitboxes per list, positions on the 1/16 grid, ids 0..255.
 */
import { BitReader, BitWriter } from './bits';
import { POS_SCALE, quantizePos } from '../sim/quantize';
import type { Hitbox } from '../sim/types';
import type { ControlMessage, DebugMessage, DecodeResult, KickReason, LobbyPlayer, MatchSettings, RejectReason, RewindAdjustmentWire, RewindDebugWire } from './messages';
import { MAP_NAME_RULE, MESSAGE_RULE, NAME_RULE, PASSWORD_RULE, cleanText, readText, writeText } from './text';

export const CONTROL_TYPES: readonly ControlMessage['type'][] = ['hello', 'welcome', 'reject', 'kick', 'chat', 'leave', 'settings', 'lobby', 'debug'];
export const REJECT_REASONS: readonly RejectReason[] = ['full', 'version', 'password', 'kicked', 'banned', 'bad-hello', 'started'];
export const KICK_REASONS: readonly KickReason[] = ['host', 'malformed', 'flood', 'timeout', 'shutdown'];
/** Largest lobby (sv_maxplayers' bound): 32 since the encode-once snapshot path (issue 10) keeps a 32-player tick under 0.5 ms. */
export const MAX_LOBBY_PLAYERS = 32;
export const TICKRATE_MIN = 20;
export const TICKRATE_MAX = 128;
export const REWIND_ADJUSTMENTS: readonly RewindAdjustmentWire[] = ['none', 'estimate', 'clamped'];
/** Per list in a 'debug' message (live and rewound); more players than this are cut. */
export const MAX_DEBUG_HITBOXES = 64;
/** View times travel as signed 1/256-tick offsets behind the shot's tick, within this bound. */
const VIEW_OFFSET_LIMIT = 2 ** 34;
const TICK_MAX = 2 ** 36 - 1;

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(Math.round(Number.isFinite(v) ? v : lo), lo), hi);

function normalizeSettings(s: MatchSettings): MatchSettings {
  return {
    tickrate: clamp(s.tickrate, TICKRATE_MIN, TICKRATE_MAX),
    maxPlayers: clamp(s.maxPlayers, 1, 255),
    mapName: cleanText(s.mapName, MAP_NAME_RULE),
    maxUnlagMs: clamp(s.maxUnlagMs, 0, 65535),
  };
}

function normalizeLobbyPlayer(p: LobbyPlayer): LobbyPlayer {
  return { id: clamp(p.id, 0, 255), name: cleanText(p.name, NAME_RULE), pingMs: clamp(p.pingMs, 0, 65535), isHost: p.isHost };
}

const finitePos = (v: number): number => quantizePos(Number.isFinite(v) ? v : 0);

function normalizeHitbox(h: Hitbox): Hitbox {
  return { id: clamp(h.id, 0, 255), x: finitePos(h.x), y: finitePos(h.y), radius: finitePos(h.radius), alive: h.alive === true, crouch: h.crouch === true };
}

const normalizeHitboxes = (list: readonly Hitbox[]): Hitbox[] => list.slice(0, MAX_DEBUG_HITBOXES).map(normalizeHitbox);

/** `viewTime` on the grid the wire carries: a whole number of 1/256 ticks behind `tick`. */
function viewOffset(tick: number, viewTime: number): number {
  return clamp((tick - (Number.isFinite(viewTime) ? viewTime : tick)) * 256, -VIEW_OFFSET_LIMIT, VIEW_OFFSET_LIMIT);
}

function normalizeRewind(r: RewindDebugWire): RewindDebugWire {
  const tick = clamp(r.tick, 0, TICK_MAX);
  return {
    tick,
    claimedViewTime: tick - viewOffset(tick, r.claimedViewTime) / 256,
    viewTime: tick - viewOffset(tick, r.viewTime) / 256,
    adjustment: REWIND_ADJUSTMENTS.includes(r.adjustment) ? r.adjustment : 'none',
    lagCompensated: r.lagCompensated === true,
    hitboxes: normalizeHitboxes(r.hitboxes),
    hit: r.hit === null ? null : clamp(r.hit, 0, 255),
  };
}

function normalizeDebug(m: DebugMessage): DebugMessage {
  return { type: 'debug', tick: clamp(m.tick, 0, TICK_MAX), hitboxes: normalizeHitboxes(m.hitboxes), rewind: m.rewind ? normalizeRewind(m.rewind) : null };
}

/** The message as the other end will decode it. */
export function normalizeControl(m: ControlMessage): ControlMessage {
  switch (m.type) {
    case 'hello':
      return { type: 'hello', protocolVersion: clamp(m.protocolVersion, 1, 65535), name: cleanText(m.name, NAME_RULE), password: cleanText(m.password, PASSWORD_RULE) };
    case 'welcome':
      return { type: 'welcome', clientId: clamp(m.clientId, 0, 255), settings: normalizeSettings(m.settings) };
    case 'reject':
    case 'kick':
      return { ...m, text: cleanText(m.text, MESSAGE_RULE) };
    case 'chat':
      return { type: 'chat', from: clamp(m.from, 0, 255), text: cleanText(m.text, MESSAGE_RULE) };
    case 'leave':
      return { type: 'leave' };
    case 'settings':
      return { type: 'settings', updateRate: clamp(m.updateRate, 1, 255), rate: clamp(m.rate, 0, 0xffffffff), interpMs: clamp(m.interpMs, 0, 65535), debug: m.debug === true };
    case 'lobby':
      return { type: 'lobby', players: m.players.slice(0, MAX_LOBBY_PLAYERS).map(normalizeLobbyPlayer), started: m.started };
    case 'debug':
      return normalizeDebug(m);
  }
}

function writeBody(w: BitWriter, m: ControlMessage): void {
  switch (m.type) {
    case 'hello':
      w.writeBits(m.protocolVersion, 16);
      writeText(w, m.name, NAME_RULE);
      writeText(w, m.password, PASSWORD_RULE);
      return;
    case 'welcome':
      w.writeBits(m.clientId, 8);
      w.writeBits(m.settings.tickrate, 8);
      w.writeBits(m.settings.maxPlayers, 8);
      writeText(w, m.settings.mapName, MAP_NAME_RULE);
      w.writeBits(m.settings.maxUnlagMs, 16);
      return;
    case 'reject':
      w.writeBits(REJECT_REASONS.indexOf(m.reason), 8);
      writeText(w, m.text, MESSAGE_RULE);
      return;
    case 'kick':
      w.writeBits(KICK_REASONS.indexOf(m.reason), 8);
      writeText(w, m.text, MESSAGE_RULE);
      return;
    case 'chat':
      w.writeBits(m.from, 8);
      writeText(w, m.text, MESSAGE_RULE);
      return;
    case 'leave':
      return;
    case 'settings':
      w.writeBits(m.updateRate, 8);
      w.writeVarUint(m.rate);
      w.writeBits(m.interpMs, 16);
      // A whole byte, so that its absence (an older client) is distinguishable from `false`.
      w.writeBits(m.debug ? 1 : 0, 8);
      return;
    case 'lobby':
      writeLobby(w, m.players, m.started);
      return;
    case 'debug':
      writeDebug(w, m);
  }
}

function writeHitboxes(w: BitWriter, list: readonly Hitbox[]): void {
  w.writeBits(list.length, 8);
  for (const h of list) {
    w.writeBits(h.id, 8);
    w.writeBits(h.x * POS_SCALE, 16);
    w.writeBits(h.y * POS_SCALE, 16);
    w.writeBits(h.radius * POS_SCALE, 16);
    w.writeBool(h.alive);
    w.writeBool(h.crouch);
  }
}

function writeDebug(w: BitWriter, m: DebugMessage): void {
  w.writeVarUint(m.tick);
  writeHitboxes(w, m.hitboxes);
  const r = m.rewind;
  w.writeBool(r !== null);
  if (!r) return;
  w.writeVarUint(r.tick);
  w.writeVarInt(viewOffset(r.tick, r.claimedViewTime));
  w.writeVarInt(viewOffset(r.tick, r.viewTime));
  w.writeBits(REWIND_ADJUSTMENTS.indexOf(r.adjustment), 2);
  w.writeBool(r.lagCompensated);
  w.writeBool(r.hit !== null);
  if (r.hit !== null) w.writeBits(r.hit, 8);
  writeHitboxes(w, r.hitboxes);
}

function writeLobby(w: BitWriter, players: readonly LobbyPlayer[], started: boolean): void {
  w.writeBits(players.length, 8);
  for (const p of players) {
    w.writeBits(p.id, 8);
    writeText(w, p.name, NAME_RULE);
    w.writeBits(p.pingMs, 16);
    w.writeBool(p.isHost);
  }
  w.writeBool(started);
}

export function encodeControl(m: ControlMessage): Uint8Array {
  const n = normalizeControl(m);
  const w = new BitWriter(64);
  w.writeBits(CONTROL_TYPES.indexOf(n.type), 8);
  writeBody(w, n);
  return w.finish();
}

function readEnum<T>(r: BitReader, list: readonly T[], what: string): T {
  const i = r.readBits(8);
  const v = list[i];
  if (v === undefined) r.fail(`unknown ${what} ${i}`);
  return v ?? list[0]!;
}

function readRange(r: BitReader, bits: number, lo: number, hi: number, what: string): number {
  const v = r.readBits(bits);
  if (v < lo || v > hi) r.fail(`${what} ${v} out of range`);
  return v;
}

function readLobby(r: BitReader): ControlMessage {
  const count = readRange(r, 8, 0, MAX_LOBBY_PLAYERS, 'lobby size');
  const players: LobbyPlayer[] = [];
  for (let i = 0; i < count && r.ok; i++) {
    players.push({ id: r.readBits(8), name: readText(r, NAME_RULE, 'player name'), pingMs: r.readBits(16), isHost: r.readBool() });
  }
  return { type: 'lobby', players, started: r.readBool() };
}

function readHitboxes(r: BitReader): Hitbox[] {
  const count = readRange(r, 8, 0, MAX_DEBUG_HITBOXES, 'hitbox count');
  const out: Hitbox[] = [];
  const pos = (): number => r.readBits(16) / POS_SCALE;
  for (let i = 0; i < count && r.ok; i++) out.push({ id: r.readBits(8), x: pos(), y: pos(), radius: pos(), alive: r.readBool(), crouch: r.readBool() });
  return out;
}

function readViewTime(r: BitReader, tick: number, what: string): number {
  const offset = r.readVarInt();
  if (Math.abs(offset) > VIEW_OFFSET_LIMIT) r.fail(`${what} out of range`);
  return tick - offset / 256;
}

function readRewind(r: BitReader): RewindDebugWire {
  const tick = r.readVarUint();
  const claimedViewTime = readViewTime(r, tick, 'claimed view time');
  const viewTime = readViewTime(r, tick, 'view time');
  const adjustment = REWIND_ADJUSTMENTS[r.readBits(2)];
  if (adjustment === undefined) r.fail('unknown rewind adjustment');
  const lagCompensated = r.readBool();
  const hit = r.readBool() ? r.readBits(8) : null;
  return { tick, claimedViewTime, viewTime, adjustment: adjustment ?? 'none', lagCompensated, hitboxes: readHitboxes(r), hit };
}

function readDebug(r: BitReader): DebugMessage {
  const tick = r.readVarUint();
  const hitboxes = readHitboxes(r);
  return { type: 'debug', tick, hitboxes, rewind: r.readBool() ? readRewind(r) : null };
}

function readSettings(r: BitReader): ControlMessage {
  const updateRate = readRange(r, 8, 1, 255, 'update rate');
  const rate = r.readVarUint();
  if (rate > 0xffffffff) r.fail('rate out of range');
  const interpMs = r.readBits(16);
  // Older clients end here: no byte left means they never asked for debug messages.
  const debug = r.ok && r.remainingBits === 0 ? false : readRange(r, 8, 0, 1, 'debug flag') === 1;
  return { type: 'settings', updateRate, rate, interpMs, debug };
}

function readBody(r: BitReader, type: ControlMessage['type']): ControlMessage {
  switch (type) {
    case 'hello':
      return { type, protocolVersion: readRange(r, 16, 1, 65535, 'protocol version'), name: readText(r, NAME_RULE, 'name'), password: readText(r, PASSWORD_RULE, 'password') };
    case 'welcome': {
      const clientId = r.readBits(8);
      const tickrate = readRange(r, 8, TICKRATE_MIN, TICKRATE_MAX, 'tickrate');
      const maxPlayers = readRange(r, 8, 1, 255, 'max players');
      const mapName = readText(r, MAP_NAME_RULE, 'map name');
      return { type, clientId, settings: { tickrate, maxPlayers, mapName, maxUnlagMs: r.readBits(16) } };
    }
    case 'reject':
      return { type, reason: readEnum(r, REJECT_REASONS, 'reject reason'), text: readText(r, MESSAGE_RULE, 'text') };
    case 'kick':
      return { type, reason: readEnum(r, KICK_REASONS, 'kick reason'), text: readText(r, MESSAGE_RULE, 'text') };
    case 'chat':
      return { type, from: r.readBits(8), text: readText(r, MESSAGE_RULE, 'chat') };
    case 'leave':
      return { type };
    case 'settings':
      return readSettings(r);
    case 'lobby':
      return readLobby(r);
    case 'debug':
      return readDebug(r);
  }
}

export function decodeControl(bytes: Uint8Array): DecodeResult<ControlMessage> {
  const r = new BitReader(bytes);
  const type = readEnum(r, CONTROL_TYPES, 'control type');
  const value = r.ok ? readBody(r, type) : null;
  r.expectEnd();
  if (!r.ok || value === null) return { ok: false, error: `control: ${r.error}` };
  return { ok: true, value };
}
