/**
 * Command packet codec (client → host, unreliable, every client tick).
 *
 * Layout: [count-1:2][sendTimeMs:16][first cmd tick:32][hasAck:1][if hasAck: first tick - ackTick: varint(6)]
 *         [cmd 0: every field in full][cmd 1..: delta against the previous cmd].
 * The ack is the newest snapshot received, whatever the command ticks are: coded against the first
 * command tick only because the two are usually close (a signed offset, so either may lead).
 * Commands are consecutive ticks (DESIGN §3), so only the first tick is on the wire; the view
 * tick rides as an offset behind each command's own tick. Redundant copies of the same command
 * in three packets cost a few bits each, because consecutive commands rarely differ.
 *
 * The encoder sends the newest CMDS_PER_PACKET commands, already sanitized by whoever made them
 * (`quantizeCmdPacket` makes a hand-built packet sendable and shows what a decode returns).
 * The decoder is the host's one trust boundary for commands: it never throws, refuses anything
 * the schema's `sanitize` would have changed and hands out sanitized commands that nothing downstream
 * re-checks. Every function takes the game's command schema (command-schema.ts) first.
 */
import { BitReader, BitWriter } from './bits';
import { CMDS_PER_PACKET, type CommandPacket, type CommandSchema } from './command-schema';
import { readDeltaInto, readFullInto } from './table-read';
import { writeDelta, writeFull } from './table-write';
import type { DecodeResult } from './wire';
import type { Tick } from './ticks';

type Cmd = { tick: Tick };

const MAX_TICK = 0x7fffffff;

const int = (v: number): number => (Number.isFinite(v) ? Math.round(v) : 0);

/** The packet's header as the wire carries it (the ack clamped, the send time mod 65536), newest commands only. */
function wireHeader<C>(p: CommandPacket<C>): CommandPacket<C> {
  return {
    ackTick: p.ackTick === null ? null : Math.min(Math.max(int(p.ackTick), 0), MAX_TICK),
    sendTimeMs: ((int(p.sendTimeMs) % 65536) + 65536) % 65536,
    cmds: p.cmds.slice(-CMDS_PER_PACKET),
  };
}

/** A hand-built packet made sendable: what `decodeCmdPacket(encodeCmdPacket(quantizeCmdPacket(p)))` returns. */
export function quantizeCmdPacket<C extends Raw, Raw extends Cmd>(
  schema: CommandSchema<C, Raw>,
  p: CommandPacket<Raw>,
): CommandPacket<C> {
  const q = wireHeader(p);
  return { ...q, cmds: q.cmds.map((c) => schema.sanitize(c)) };
}

export function encodeCmdPacket<C extends Raw, Raw extends Cmd>(
  schema: CommandSchema<C, Raw>,
  p: CommandPacket<C>,
): Uint8Array {
  const q = wireHeader(p);
  const first = q.cmds[0];
  if (first === undefined) throw new RangeError('a command packet needs at least one command');
  const w = new BitWriter(32);
  w.writeBits(q.cmds.length - 1, 2);
  w.writeBits(q.sendTimeMs, 16);
  w.writeBits(first.tick, 32);
  w.writeBits(q.ackTick === null ? 0 : 1, 1);
  if (q.ackTick !== null) w.writeVarInt(first.tick - q.ackTick, 6);
  writeFull(w, schema.codec, first, { serverTick: first.tick }, true);
  for (let i = 1; i < q.cmds.length; i++) {
    const cmd = q.cmds[i]!;
    const prev = q.cmds[i - 1]!;
    if (cmd.tick !== prev.tick + 1) throw new RangeError(`command ticks ${prev.tick}, ${cmd.tick} are not consecutive`);
    writeDelta(w, schema.codec, cmd, prev, { serverTick: cmd.tick });
  }
  return w.finish();
}

/**
 * What `decodeCmdPacketInto` reuses from packet to packet: the packet and its command objects are
 * overwritten by the next decode (the host decodes every client's packet every tick, and keeps at
 * most one command of each: CommandBuffer copies the ones it keeps).
 */
export interface CmdPacketScratch<C extends Raw, Raw extends Cmd = C> {
  readonly schema: CommandSchema<C, Raw>;
  readonly packet: CommandPacket<C>;
  /** `lists[n - 1]`: the first n command objects, the `cmds` of an n-command packet (fixed arrays: no resizing). */
  readonly lists: ReadonlyArray<Raw[]>;
  /** The field context and the key of the command being read. */
  readonly ctx: { serverTick: number };
  readonly keys: { tick: number };
}

export function newCmdPacketScratch<C extends Raw, Raw extends Cmd>(
  schema: CommandSchema<C, Raw>,
): CmdPacketScratch<C, Raw> {
  const pool = Array.from({ length: CMDS_PER_PACKET }, () => schema.blank());
  const lists = pool.map((_, i) => pool.slice(0, i + 1));
  const packet: CommandPacket<C> = { ackTick: null, sendTimeMs: 0, cmds: [] };
  return { schema, packet, lists, ctx: { serverTick: 0 }, keys: { tick: 0 } };
}

/**
 * Decodes `bytes` into `scratch` (see CmdPacketScratch); returns null, or why the packet is refused
 * (then `scratch.packet` holds nothing useful). Never throws; refuses anything `sanitizeCmd` would change.
 */
export function decodeCmdPacketInto<C extends Raw, Raw extends Cmd>(
  bytes: Uint8Array,
  scratch: CmdPacketScratch<C, Raw>,
): string | null {
  const r = new BitReader(bytes);
  const count = r.readBits(2) + 1;
  const sendTimeMs = r.readBits(16);
  const firstTick = r.readBits(32);
  const ackTick = r.readBits(1) === 1 ? firstTick - r.readVarInt(6) : null;
  if (count > CMDS_PER_PACKET) r.fail(`${count} commands`);
  if (firstTick > MAX_TICK - CMDS_PER_PACKET) r.fail('command tick out of range');
  if (ackTick !== null && (ackTick < 0 || ackTick > MAX_TICK)) r.fail('ack tick out of range');
  if (!r.ok) return `cmd packet: ${r.error}`;
  const cmds = scratch.lists[count - 1]!;
  const { ctx, keys, schema } = scratch;
  for (let i = 0; i < count && r.ok; i++) {
    const tick = firstTick + i;
    const cmd = cmds[i]!;
    ctx.serverTick = tick;
    keys.tick = tick;
    if (i === 0) readFullInto(r, schema.codec, ctx, cmd, keys as Partial<Raw>);
    else readDeltaInto(r, schema.codec, schema.copyInto(cmd, cmds[i - 1]!), cmds[i - 1]!, ctx);
    cmd.tick = tick;
    // Anything the server's own sanitizer would change did not come from our encoder.
    if (!schema.isSanitized(cmd)) r.fail('command field out of range');
  }
  r.expectEnd();
  if (!r.ok) return `cmd packet: ${r.error}`;
  scratch.packet.ackTick = ackTick;
  scratch.packet.sendTimeMs = sendTimeMs;
  // Every command passed isSanitized above: from here on they are trusted as sanitized.
  scratch.packet.cmds = cmds as C[];
  return null;
}

/** A packet of fresh objects (clients, tests, tools); the host decodes into a reused scratch instead. */
export function decodeCmdPacket<C extends Raw, Raw extends Cmd>(
  schema: CommandSchema<C, Raw>,
  bytes: Uint8Array,
): DecodeResult<CommandPacket<C>> {
  const scratch = newCmdPacketScratch(schema);
  const error = decodeCmdPacketInto(bytes, scratch);
  return error === null ? { ok: true, value: scratch.packet } : { ok: false, error };
}
