/**
 * The migration checkpoint of any game that brings a codec for its own core (server/core-migration.ts):
 * the netcode's envelope around the game's bytes. The arena keeps its own layout (checkpoint-codec.ts,
 * version 1); this one starts with another version byte, so each build refuses the other's.
 *
 * Layout: [version u8 = CORE_CHECKPOINT_VERSION] [tick u32] [tickrate u8] [maxPlayers] [nextEventId u16]
 * [clients: id u8, name, seat token, last command (the game's command table, as the command
 * packet writes its first one) and its made-at offset] [seats held for who left: token, id, name]
 * [bans] [cvars] [lobby key] [the game's core: length, bytes], then zero padding to the byte.
 * Invariants: the encoder throws RangeError on a value it cannot carry or a checkpoint the decoder
 * would refuse (a caller bug, or a core too big for one checkpoint message: the runtime reports it);
 * it never writes more than MAX_CHECKPOINT_MESSAGE_BYTES. The decoder never throws and refuses
 * (with a reason) anything the encoder would not write, before allocating more than the limits
 * allow: the same `checkEnvelope` runs on both sides (tickrate 20..128, maxPlayers 1..256 and at
 * least the clients, clients and held seats sorted by id, a held seat never a client's id nor the
 * all-zero token, each non-zero seat token once). The core's bytes are the game's to check.
 */
import { BitReader, BitWriter } from './bits';
import {
  checkListCaps,
  CHECKPOINT_LIMITS,
  readCount,
  readCvar,
  readList,
  readToken,
  writeCvar,
  writeToken,
  type CheckpointCvar,
} from './checkpoint-fields';
import type { CommandSchema } from './command-schema';
import { MAX_CHECKPOINT_MESSAGE_BYTES } from './control-messages';
import { readFull } from './table-read';
import { writeFull } from './table-write';
import { readBytes, writeBytes } from './handshake-codec';
import { NAME_RULE, readText, writeText } from './text';
import type { Tick } from './ticks';
import type { DecodeResult } from './wire';

export const CORE_CHECKPOINT_VERSION = 0x81;
/**
 * The smallest envelope around a core, in whole bytes: version 8 + tick 32 + tickrate 8 + maxPlayers
 * (varuint(4) of 1..15) 5 + nextEventId 16 + four empty lists and an empty lobby key 5 × 5 + the
 * core's length (varuint(4) of up to 2^16) 20 = 114 bits.
 */
export const CORE_ENVELOPE_MIN_BYTES = 15;
/**
 * The game's core may take this many bytes at most: what one checkpoint message
 * (MAX_CHECKPOINT_MESSAGE_BYTES) holds beside the smallest envelope. Bigger envelopes leave less:
 * the encoder also refuses a whole checkpoint above the message limit.
 */
export const MAX_CORE_BYTES = MAX_CHECKPOINT_MESSAGE_BYTES - CORE_ENVELOPE_MIN_BYTES;
/** The all-zero seat token: a tab that sent none (it can be a client's, never a held seat's). */
const ZERO_TOKEN = '0'.repeat(32);

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
  checkListCaps(c.clients, c.absent, c.bans, c.cvars);
  if (c.lobbyKey.length > CHECKPOINT_LIMITS.lobbyKeyBytes) throw new RangeError('checkpoint: lobby key too long');
  if (c.core.length > MAX_CORE_BYTES)
    throw new RangeError(`checkpoint: a core of ${c.core.length} bytes (at most ${MAX_CORE_BYTES})`);
  checkEnvelope(c, (why) => {
    throw new RangeError(`checkpoint: ${why}`);
  });
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
  const bytes = w.finish();
  // The sender drops a checkpoint above the message limit: refuse to write one (the caller reports why).
  if (bytes.length > MAX_CHECKPOINT_MESSAGE_BYTES)
    throw new RangeError(`checkpoint: ${bytes.length} bytes (one message holds ${MAX_CHECKPOINT_MESSAGE_BYTES})`);
  return bytes;
}

/**
 * What both sides require of an envelope's values (the decoder's `fail` records the first reason,
 * the encoder's throws): the list lengths are checked before this, on both sides.
 */
function checkEnvelope(
  c: Pick<CoreCheckpoint<unknown>, 'tickrate' | 'maxPlayers' | 'clients' | 'absent'>,
  fail: (why: string) => void,
): void {
  if (!Number.isInteger(c.tickrate) || c.tickrate < 20 || c.tickrate > 128) fail(`tickrate ${c.tickrate}`);
  if (!Number.isInteger(c.maxPlayers) || c.maxPlayers < 1 || c.maxPlayers > CHECKPOINT_LIMITS.maxPlayers)
    fail(`max players ${c.maxPlayers}`);
  if (c.clients.length > c.maxPlayers) fail(`${c.clients.length} clients above max players ${c.maxPlayers}`);
  const sorted = (ids: readonly number[]) => ids.every((id, i) => i === 0 || id > ids[i - 1]!);
  if (!sorted(c.clients.map((x) => x.id))) fail('clients not sorted by id');
  if (!sorted(c.absent.map((x) => x.id))) fail('held seats not sorted by id');
  if (c.absent.some((a) => a.token === ZERO_TOKEN)) fail('a held seat without a seat token');
  const clientIds = new Set(c.clients.map((x) => x.id));
  if (c.absent.some((a) => clientIds.has(a.id))) fail('a held seat whose id is a client');
  const tokens = [...c.clients.map((x) => x.token).filter((t) => t !== ZERO_TOKEN), ...c.absent.map((a) => a.token)];
  if (new Set(tokens).size !== tokens.length) fail('a seat token twice');
}

function readEnvelope<C extends { tick: Tick }>(r: BitReader, schema: CommandSchema<C>): CoreCheckpoint<C> {
  const tick = r.readBits(32);
  const tickrate = r.readBits(8);
  const maxPlayers = readCount(r, CHECKPOINT_LIMITS.maxPlayers, 'max players');
  const nextEventId = r.readBits(16);
  const clients = readList(r, CHECKPOINT_LIMITS.clients, 'clients', () => readClient(r, schema));
  const absent = readList(r, CHECKPOINT_LIMITS.departed, 'held seats', () => ({
    token: readToken(r),
    id: r.readBits(8),
    name: readText(r, NAME_RULE, 'seat name'),
  }));
  if (r.ok) checkEnvelope({ tickrate, maxPlayers, clients, absent }, (why) => r.fail(why));
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
  if (bytes.length > MAX_CHECKPOINT_MESSAGE_BYTES)
    return {
      ok: false,
      error: `checkpoint: ${bytes.length} bytes (one message holds ${MAX_CHECKPOINT_MESSAGE_BYTES})`,
    };
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
