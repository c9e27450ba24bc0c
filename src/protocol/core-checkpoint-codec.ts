/**
 * The migration checkpoint of any game that brings a codec for its own core (server/core-migration.ts):
 * the netcode's envelope around the game's bytes. The arena keeps its own layout (checkpoint-codec.ts,
 * version 1); this one starts with another version byte, so each build refuses the other's.
 *
 * Layout: [version u8 = CORE_CHECKPOINT_VERSION] [tick u32] [tickrate u8] [maxPlayers] [nextEventId u16]
 * [clients: id u8, name, seat token, last command (the game's command table, as the command
 * packet writes its first one) and its made-at offset] [seats held for who left: token, id, name]
 * [bans] [cvars] [lobby key] [the game's core: length, bytes], then zero padding to the byte.
 * Invariants: the encoder throws RangeError on a value it cannot carry (a caller bug); the decoder
 * never throws and refuses (with a reason) anything the encoder would not write, before allocating
 * more than the limits allow. The core's bytes are the game's to check.
 */
import { BitReader, BitWriter } from './bits';
import {
  CHECKPOINT_LIMITS,
  checkSorted,
  readCount,
  readCvar,
  readList,
  readToken,
  writeCvar,
  writeToken,
  type CheckpointCvar,
} from './checkpoint-fields';
import type { CommandSchema } from './command-schema';
import { readFull } from './table-read';
import { writeFull } from './table-write';
import { readBytes, writeBytes } from './handshake-codec';
import { NAME_RULE, readText, writeText } from './text';
import type { Tick } from './ticks';
import type { DecodeResult } from './wire';

export const CORE_CHECKPOINT_VERSION = 0x81;
/** The game's core may take this many bytes at most (a reliable message's worth, not a peer's wish). */
export const MAX_CORE_BYTES = 1 << 20;

export interface CoreCheckpointClient<C> {
  id: number;
  name: string;
  token: string;
  /** The command its repeats are made of, and how long before its tick it was made (1/256 ticks). */
  last: { cmd: C; madeAgo256: number } | null;
}

export interface CoreCheckpoint<C> {
  /** The world's tick when it was taken. */
  tick: Tick;
  tickrate: number;
  maxPlayers: number;
  nextEventId: number;
  /** Sorted by id. */
  clients: CoreCheckpointClient<C>[];
  absent: Array<{ token: string; id: number; name: string }>;
  bans: string[];
  cvars: CheckpointCvar[];
  lobbyKey: Uint8Array;
  /** The game's own bytes (its `CheckpointCoreCodec`). */
  core: Uint8Array;
}

function writeClient<C extends { tick: Tick }>(w: BitWriter, schema: CommandSchema<C>, c: CoreCheckpointClient<C>) {
  w.writeBits(c.id, 8);
  writeText(w, c.name, NAME_RULE);
  writeToken(w, c.token);
  w.writeBool(c.last !== null);
  if (!c.last) return;
  w.writeBits(c.last.cmd.tick, 32);
  writeFull(w, schema.codec, c.last.cmd, { serverTick: c.last.cmd.tick }, true);
  w.writeVarInt(c.last.madeAgo256, 8);
}

function readClient<C extends { tick: Tick }>(r: BitReader, schema: CommandSchema<C>): CoreCheckpointClient<C> {
  const id = r.readBits(8);
  const name = readText(r, NAME_RULE, 'client name');
  const token = readToken(r);
  if (!r.readBool()) return { id, name, token, last: null };
  const tick = r.readBits(32);
  const cmd = readFull(r, schema.codec, { serverTick: tick }, { tick } as Partial<C>);
  // The command decoder is the trust boundary: a command the game's sanitizer would change is refused here too.
  if (r.ok && !schema.isSanitized(cmd)) r.fail('a command that is not sanitized');
  const madeAgo256 = r.readVarInt(8);
  if (Math.abs(madeAgo256) > 256 * 1024) r.fail('command made-at offset out of range');
  return { id, name, token, last: r.ok && schema.isSanitized(cmd) ? { cmd, madeAgo256 } : null };
}

export function encodeCoreCheckpoint<C extends { tick: Tick }>(schema: CommandSchema<C>, c: CoreCheckpoint<C>) {
  const lists: Array<[readonly unknown[], number]> = [
    [c.clients, CHECKPOINT_LIMITS.clients],
    [c.absent, CHECKPOINT_LIMITS.departed],
    [c.bans, CHECKPOINT_LIMITS.bans],
    [c.cvars, CHECKPOINT_LIMITS.cvars],
  ];
  for (const [list, cap] of lists)
    if (list.length > cap) throw new RangeError(`checkpoint: ${list.length} entries above ${cap}`);
  if (c.lobbyKey.length > CHECKPOINT_LIMITS.lobbyKeyBytes) throw new RangeError('checkpoint: lobby key too long');
  if (c.core.length > MAX_CORE_BYTES) throw new RangeError(`checkpoint: a core of ${c.core.length} bytes`);
  const w = new BitWriter(1024 + c.core.length);
  w.writeBits(CORE_CHECKPOINT_VERSION, 8);
  w.writeBits(c.tick, 32);
  w.writeBits(c.tickrate, 8);
  w.writeVarUint(c.maxPlayers, 4);
  w.writeBits(c.nextEventId, 16);
  w.writeVarUint(c.clients.length, 4);
  for (const client of c.clients) writeClient(w, schema, client);
  w.writeVarUint(c.absent.length, 4);
  for (const seat of c.absent) {
    writeToken(w, seat.token);
    w.writeBits(seat.id, 8);
    writeText(w, seat.name, NAME_RULE);
  }
  w.writeVarUint(c.bans.length, 4);
  for (const token of c.bans) writeToken(w, token);
  w.writeVarUint(c.cvars.length, 4);
  for (const cvar of c.cvars) writeCvar(w, cvar);
  w.writeVarUint(c.lobbyKey.length, 4);
  writeBytes(w, c.lobbyKey);
  w.writeVarUint(c.core.length, 4);
  writeBytes(w, c.core);
  return w.finish();
}

function readEnvelope<C extends { tick: Tick }>(r: BitReader, schema: CommandSchema<C>): CoreCheckpoint<C> {
  const tick = r.readBits(32);
  const tickrate = r.readBits(8);
  if (tickrate < 20 || tickrate > 128) r.fail(`tickrate ${tickrate}`);
  const maxPlayers = readCount(r, CHECKPOINT_LIMITS.maxPlayers, 'max players');
  const nextEventId = r.readBits(16);
  const clients = readList(r, CHECKPOINT_LIMITS.clients, 'clients', () => readClient(r, schema));
  checkSorted(
    r,
    clients.map((c) => c.id),
    'clients',
  );
  const absent = readList(r, CHECKPOINT_LIMITS.departed, 'held seats', () => ({
    token: readToken(r),
    id: r.readBits(8),
    name: readText(r, NAME_RULE, 'seat name'),
  }));
  const bans = readList(r, CHECKPOINT_LIMITS.bans, 'bans', () => readToken(r));
  const cvars = readList(r, CHECKPOINT_LIMITS.cvars, 'cvars', () => readCvar(r));
  const lobbyKey = readBytes(r, readCount(r, CHECKPOINT_LIMITS.lobbyKeyBytes, 'lobby key bytes'));
  const core = readBytes(r, readCount(r, MAX_CORE_BYTES, 'core bytes'));
  return { tick, tickrate, maxPlayers, nextEventId, clients, absent, bans, cvars, lobbyKey, core };
}

/** Never throws: bytes that are not exactly what `encodeCoreCheckpoint` writes are refused with a reason. */
export function decodeCoreCheckpoint<C extends { tick: Tick }>(
  schema: CommandSchema<C>,
  bytes: Uint8Array,
): DecodeResult<CoreCheckpoint<C>> {
  const r = new BitReader(bytes);
  const version = r.readBits(8);
  if (r.ok && version !== CORE_CHECKPOINT_VERSION)
    return {
      ok: false,
      error: `checkpoint version ${version} (this game's checkpoints are ${CORE_CHECKPOINT_VERSION})`,
    };
  const value = readEnvelope(r, schema);
  r.expectEnd();
  return r.ok ? { ok: true, value } : { ok: false, error: `checkpoint: ${r.error ?? 'malformed'}` };
}
