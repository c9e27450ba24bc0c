/**
 * The migration checkpoint's bytes (issue 13, docs/PROTOCOL.md "Migration checkpoint"): what the
 * host sends its successors on the reliable channel so one of them can run the match on.
 *
 * Layout: [version u8 = CHECKPOINT_VERSION] [server] [nextEventId u16] [world (checkpoint-world.ts)]
 * [rewind (checkpoint-rewind.ts)] [clients] [departed] [bans] [cvars] [lobby key], then zero padding to the byte.
 * Inputs/outputs: a Checkpoint (checkpoint-types.ts). The encoder is fed by our own server and
 * throws RangeError on a value it cannot carry (a caller bug). `decodeCheckpoint` never throws: a
 * wrong version, a count or length above its limit (refused before allocating), an out-of-range
 * value, an unsorted or repeated id, an inconsistency (a client without a player, a departed
 * player who is connected or holds another's record, a seat token twice) or trailing
 * bytes give `{ ok: false, error }`; the caller counts and drops it.
 * Invariant: decode(encode(c)) deep-equals c for every checkpoint the encoder accepts.
 */
import type { UserCmd } from '../../sim/types';
import { BitReader, BitWriter } from '../../protocol/bits';
import { USER_CMD_CODEC, readFull, writeFull } from './fields';
import { readBytes, writeBytes } from '../../protocol/handshake-codec';
import type { DecodeResult } from '../../protocol/wire';
import { NAME_RULE, readText, writeText } from '../../protocol/text';
import {
  CHECKPOINT_LIMITS,
  CHECKPOINT_VERSION,
  type Checkpoint,
  type CheckpointClient,
  type CheckpointServer,
  type DepartedPlayer,
} from './checkpoint-types';
import { readRewind, writeRewind } from './checkpoint-rewind';
import { readMatchPlayer, readWorld, writeMatchPlayer, writeWorld } from './checkpoint-world';
import {
  checkListCaps,
  checkSorted,
  readCount,
  readCvar,
  readList,
  readToken,
  writeCvar,
  writeToken,
} from '../../protocol/checkpoint-fields';

/** The all-zero seat token: a tab that sent none (it can be a client, never a departed player). */
const ZERO_TOKEN = /^0{32}$/;
/** sv_maxunlag's upper bound (2 s) in the whole milliseconds the checkpoint carries. */
const MAX_UNLAG_MS = 2000;

function writeServer(w: BitWriter, s: CheckpointServer): void {
  w.writeBits(s.tickrate, 8);
  w.writeVarUint(s.maxPlayers, 4);
  w.writeVarUint(s.maxUnlagMs, 4);
  w.writeBool(s.lagCompensation);
  w.writeBits(s.mapId, 8);
}

function readServer(r: BitReader): CheckpointServer {
  const tickrate = r.readBits(8);
  if (tickrate < 20 || tickrate > 128) r.fail(`tickrate ${tickrate}`);
  const maxPlayers = readCount(r, CHECKPOINT_LIMITS.maxPlayers, 'max players');
  const maxUnlagMs = r.readVarUint(4);
  if (maxUnlagMs > MAX_UNLAG_MS) r.fail(`maxunlag ${maxUnlagMs} ms`);
  return { tickrate, maxPlayers, maxUnlagMs, lagCompensation: r.readBool(), mapId: r.readBits(8) };
}

function writeClient(w: BitWriter, c: CheckpointClient, worldTick: number): void {
  w.writeBits(c.id, 8);
  writeText(w, c.name, NAME_RULE);
  writeToken(w, c.token);
  w.writeBool(c.lastCmd !== null);
  if (!c.lastCmd) return;
  // Ticks relative to the world's (the command's tick is at most the world's) and, inside the
  // command, to its own tick, as the command packet does: small offsets instead of 32-bit ticks.
  w.writeVarUint(worldTick - c.lastCmd.tick, 4);
  writeFull(w, USER_CMD_CODEC, c.lastCmd, { serverTick: c.lastCmd.tick }, true);
  w.writeVarInt(c.lastCmdMadeAgo256, 8);
}

function readClient(r: BitReader, worldTick: number): CheckpointClient {
  const id = r.readBits(8);
  const name = readText(r, NAME_RULE, 'client name');
  const token = readToken(r);
  let lastCmd: UserCmd | null = null;
  let lastCmdMadeAgo256 = 0;
  if (r.readBool()) {
    const tick = worldTick - r.readVarUint(4);
    if (tick < 0) r.fail('command tick below 0');
    lastCmd = readFull(r, USER_CMD_CODEC, { serverTick: tick }, { tick });
    lastCmdMadeAgo256 = r.readVarInt(8);
    // Lag compensation never looks more than a few seconds around a command: a bigger offset is junk.
    if (Math.abs(lastCmdMadeAgo256) > 256 * 1024) r.fail('command made-at offset out of range');
  }
  return { id, name, token, lastCmd, lastCmdMadeAgo256: r.ok ? lastCmdMadeAgo256 : 0 };
}

function writeDeparted(w: BitWriter, d: DepartedPlayer): void {
  writeToken(w, d.token);
  w.writeBits(d.id, 8);
  writeText(w, d.name, NAME_RULE);
  w.writeBool(d.returning !== null);
  if (!d.returning) return;
  writeMatchPlayer(w, d.returning.record);
  w.writeVarUint(d.returning.kills, 4);
  w.writeVarUint(d.returning.deaths, 4);
}

function readDeparted(r: BitReader): DepartedPlayer {
  const token = readToken(r);
  if (r.ok && ZERO_TOKEN.test(token)) r.fail('a departed player without a seat token');
  const id = r.readBits(8);
  const name = readText(r, NAME_RULE, 'departed name');
  if (!r.readBool()) return { token, id, name, returning: null };
  const record = readMatchPlayer(r);
  // The record rejoin gives back is this player's own, and bots never rejoin.
  if (r.ok && (record.id !== id || record.bot))
    r.fail(`departed ${id} with the record of ${record.bot ? 'a bot' : record.id}`);
  return { token, id, name, returning: { record, kills: r.readVarUint(4), deaths: r.readVarUint(4) } };
}

/** Departed players: sorted by id, none of them connected, each seat token once (connected people's included). */
function checkDeparted(r: BitReader, departed: readonly DepartedPlayer[], clients: readonly CheckpointClient[]): void {
  checkSorted(
    r,
    departed.map((d) => d.id),
    'departed players',
  );
  const clientIds = new Set(clients.map((c) => c.id));
  if (r.ok && departed.some((d) => clientIds.has(d.id))) r.fail('a departed player who is connected');
  const tokens = [...departed.map((d) => d.token), ...clients.map((c) => c.token).filter((t) => !ZERO_TOKEN.test(t))];
  if (r.ok && new Set(tokens).size !== tokens.length) r.fail('a seat token twice');
}

export function encodeCheckpoint(c: Checkpoint): Uint8Array {
  const w = new BitWriter(1024);
  w.writeBits(CHECKPOINT_VERSION, 8);
  writeServer(w, c.server);
  w.writeBits(c.nextEventId, 16);
  writeWorld(w, c.world);
  writeRewind(w, c.rewind, c.world.tick);
  checkListCaps(c.clients, c.departed, c.bans, c.cvars);
  w.writeVarUint(c.clients.length, 4);
  for (const client of c.clients) writeClient(w, client, c.world.tick);
  w.writeVarUint(c.departed.length, 4);
  for (const d of c.departed) writeDeparted(w, d);
  w.writeVarUint(c.bans.length, 4);
  for (const token of c.bans) writeToken(w, token);
  w.writeVarUint(c.cvars.length, 4);
  for (const cvar of c.cvars) writeCvar(w, cvar);
  if (c.lobbyKey.length > CHECKPOINT_LIMITS.lobbyKeyBytes) throw new RangeError('checkpoint: lobby key too long');
  w.writeVarUint(c.lobbyKey.length, 4);
  writeBytes(w, c.lobbyKey);
  return w.finish();
}

function readCheckpoint(r: BitReader): Checkpoint {
  const server = readServer(r);
  const nextEventId = r.readBits(16);
  const world = readWorld(r);
  const rewind = readRewind(r, world.tick);
  const clients = readList(r, CHECKPOINT_LIMITS.clients, 'clients', () => readClient(r, world.tick));
  checkSorted(
    r,
    clients.map((c) => c.id),
    'clients',
  );
  const inWorld = new Set(world.players.map((p) => p.id));
  if (r.ok && clients.some((c) => !inWorld.has(c.id))) r.fail('a client without a player');
  const departed = readList(r, CHECKPOINT_LIMITS.departed, 'departed players', () => readDeparted(r));
  checkDeparted(r, departed, clients);
  const bans = readList(r, CHECKPOINT_LIMITS.bans, 'bans', () => readToken(r));
  const cvars = readList(r, CHECKPOINT_LIMITS.cvars, 'cvars', () => readCvar(r));
  const keyLength = readCount(r, CHECKPOINT_LIMITS.lobbyKeyBytes, 'lobby key bytes');
  const lobbyKey = readBytes(r, keyLength);
  return { server, nextEventId, world, rewind, clients, departed, bans, cvars, lobbyKey };
}

/** Never throws: a checkpoint that is not exactly what `encodeCheckpoint` writes is refused with a reason. */
export function decodeCheckpoint(bytes: Uint8Array): DecodeResult<Checkpoint> {
  const r = new BitReader(bytes);
  const version = r.readBits(8);
  if (r.ok && version !== CHECKPOINT_VERSION)
    return { ok: false, error: `checkpoint version ${version} (this build reads ${CHECKPOINT_VERSION})` };
  const value = readCheckpoint(r);
  r.expectEnd();
  return r.ok ? { ok: true, value } : { ok: false, error: `checkpoint: ${r.error ?? 'malformed'}` };
}
