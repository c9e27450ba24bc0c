/**
 * Control message codec (reliable, ordered channel): hello, welcome, reject, kick, chat, leave,
 * settings, lobby, debug, auth-challenge, auth-proof, successors, checkpoint, killcam. Layout: [type:8] then the fields of that
 * type in a fixed order; texts are UTF-8 with a length (text.ts), enums a byte index into a fixed
 * list (append only). The handshake's messages live in handshake-codec.ts, host migration's
 * ('successors', 'checkpoint', and hello's trailing `migration` byte) in migration-codec.ts, the
 * kill-cam's in kill-cam-codec.ts.
 *
 * The encoder sends `normalizeControl(m)` (texts cleaned and cut, numbers clamped to their
 * fields), so decode(encode(m)) equals normalizeControl(m) whenever that is valid. The decoder
 * never throws and refuses: unknown types or enum values, texts breaking their rule, numbers out
 * of range, more than MAX_LOBBY_PLAYERS players, trailing bytes. A hello or challenge of another
 * protocol version may not decode, but its version always reads (`peekHandshakeVersion`), so the
 * host can answer `reject: version`. A 'settings'
 * without its trailing flags byte (an older client) decodes with `debug: false, killCam: false`. A 'debug'
 * holds at most MAX_DEBUG_HITBOXES hitboxes per list, positions on the 1/16 grid, ids 0..255.
 */
import { BitReader, BitWriter } from './bits';
import type { DecodeResult } from './wire';
import type { ControlMessage, KickReason, LobbyPlayer, MatchSettings, RejectReason } from './control-messages';
import { normalizeDebug, readDebug, writeDebug } from './debug-codec';
import { MAP_NAME_RULE, MESSAGE_RULE, NAME_RULE, cleanText, readText, writeText } from './text';
import {
  normalizeChallenge,
  normalizeHello,
  normalizeProof,
  readChallenge,
  readHello,
  readProof,
  writeHandshake,
} from './handshake-codec';
import {
  normalizeCheckpointMessage,
  normalizeSuccessors,
  readCheckpointMessage,
  readSuccessors,
  writeCheckpointMessage,
  writeSuccessors,
} from './migration-codec';
import { normalizeKillCam, readKillCam, writeKillCam } from './kill-cam-codec';
import { normalizeClientSettings, readClientSettings, writeClientSettings } from './settings-codec';
import { normalizeWatchers, readWatchers, writeWatchers } from './watchers-codec';
import { clampInt } from './clamp';

/** Type bytes in order (append only): a type's byte is its index. */
export const CONTROL_TYPES: readonly ControlMessage['type'][] = [
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
  'successors',
  'checkpoint',
  'killcam',
  'watchers',
];
export const REJECT_REASONS: readonly RejectReason[] = [
  'full',
  'version',
  'password',
  'kicked',
  'banned',
  'bad-hello',
  'started',
  'attempts',
  'name',
  'busy',
];
export const KICK_REASONS: readonly KickReason[] = ['host', 'malformed', 'flood', 'timeout', 'shutdown'];
/** Largest lobby (sv_maxplayers' bound): 32 since the encode-once snapshot path (issue 10) keeps a 32-player tick under 0.5 ms. */
export const MAX_LOBBY_PLAYERS = 32;
export const TICKRATE_MIN = 20;
export const TICKRATE_MAX = 128;
export { MAX_DEBUG_HITBOXES, REWIND_ADJUSTMENTS } from './debug-codec';

function normalizeSettings(s: MatchSettings): MatchSettings {
  return {
    tickrate: clampInt(s.tickrate, TICKRATE_MIN, TICKRATE_MAX),
    maxPlayers: clampInt(s.maxPlayers, 1, 255),
    mapName: cleanText(s.mapName, MAP_NAME_RULE),
    maxUnlagMs: clampInt(s.maxUnlagMs, 0, 65535),
  };
}

function normalizeLobbyPlayer(p: LobbyPlayer): LobbyPlayer {
  return {
    id: clampInt(p.id, 0, 255),
    name: cleanText(p.name, NAME_RULE),
    pingMs: clampInt(p.pingMs, 0, 65535),
    isHost: p.isHost,
  };
}

/** The message as the other end will decode it. */
export function normalizeControl(m: ControlMessage): ControlMessage {
  switch (m.type) {
    case 'hello':
      return normalizeHello(m);
    case 'auth-challenge':
      return normalizeChallenge(m);
    case 'auth-proof':
      return normalizeProof(m);
    case 'welcome':
      return { type: 'welcome', clientId: clampInt(m.clientId, 0, 255), settings: normalizeSettings(m.settings) };
    case 'reject':
    case 'kick':
      return { ...m, text: cleanText(m.text, MESSAGE_RULE) };
    case 'chat':
      return { type: 'chat', from: clampInt(m.from, 0, 255), text: cleanText(m.text, MESSAGE_RULE) };
    case 'leave':
      return { type: 'leave' };
    case 'settings':
      return normalizeClientSettings(m);
    case 'lobby':
      return {
        type: 'lobby',
        players: m.players.slice(0, MAX_LOBBY_PLAYERS).map(normalizeLobbyPlayer),
        started: m.started,
      };
    case 'debug':
      return normalizeDebug(m);
    case 'successors':
      return normalizeSuccessors(m);
    case 'checkpoint':
      return normalizeCheckpointMessage(m);
    case 'killcam':
      return normalizeKillCam(m);
    case 'watchers':
      return normalizeWatchers(m);
  }
}

function writeBody(w: BitWriter, m: ControlMessage): void {
  switch (m.type) {
    case 'hello':
    case 'auth-challenge':
    case 'auth-proof':
      writeHandshake(w, m);
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
      writeClientSettings(w, m);
      return;
    case 'lobby':
      writeLobby(w, m.players, m.started);
      return;
    case 'debug':
      writeDebug(w, m);
      return;
    case 'successors':
      writeSuccessors(w, m);
      return;
    case 'checkpoint':
      writeCheckpointMessage(w, m);
      return;
    case 'killcam':
      writeKillCam(w, m);
      return;
    case 'watchers':
      writeWatchers(w, m);
  }
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
    players.push({
      id: r.readBits(8),
      name: readText(r, NAME_RULE, 'player name'),
      pingMs: r.readBits(16),
      isHost: r.readBool(),
    });
  }
  return { type: 'lobby', players, started: r.readBool() };
}

function readBody(r: BitReader, type: ControlMessage['type']): ControlMessage {
  switch (type) {
    case 'hello':
      return readHello(r);
    case 'auth-challenge':
      return readChallenge(r);
    case 'auth-proof':
      return readProof(r);
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
      return readClientSettings(r);
    case 'lobby':
      return readLobby(r);
    case 'debug':
      return readDebug(r);
    case 'successors':
      return readSuccessors(r);
    case 'checkpoint':
      return readCheckpointMessage(r);
    case 'killcam':
      return readKillCam(r);
    case 'watchers':
      return readWatchers(r);
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
