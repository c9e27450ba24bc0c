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
 * The encoder sends the newest CMDS_PER_PACKET commands, sanitized (`quantizeCmdPacket` shows the
 * result). The decoder never throws and refuses anything `sanitizeCmd` would have changed.
 */
import { isSanitizedCmd, sanitizeCmd } from '../sim/quantize';
import type { UserCmd } from '../sim/types';
import { BitReader, BitWriter } from './bits';
import { USER_CMD_CODEC, readDelta, readFull, writeDelta, writeFull } from './fields';
import { CMDS_PER_PACKET, type CmdPacket, type DecodeResult } from './messages';

const MAX_TICK = 0x7fffffff;

/** What `decodeCmdPacket(encodeCmdPacket(p))` returns. */
export function quantizeCmdPacket(p: CmdPacket): CmdPacket {
  const int = (v: number): number => (Number.isFinite(v) ? Math.round(v) : 0);
  return {
    ackTick: p.ackTick === null ? null : Math.min(Math.max(int(p.ackTick), 0), MAX_TICK),
    sendTimeMs: ((int(p.sendTimeMs) % 65536) + 65536) % 65536,
    cmds: p.cmds.slice(-CMDS_PER_PACKET).map(sanitizeCmd),
  };
}

export function encodeCmdPacket(p: CmdPacket): Uint8Array {
  const q = quantizeCmdPacket(p);
  const first = q.cmds[0];
  if (first === undefined) throw new RangeError('a command packet needs at least one command');
  const w = new BitWriter(32);
  w.writeBits(q.cmds.length - 1, 2);
  w.writeBits(q.sendTimeMs, 16);
  w.writeBits(first.tick, 32);
  w.writeBits(q.ackTick === null ? 0 : 1, 1);
  if (q.ackTick !== null) w.writeVarInt(first.tick - q.ackTick, 6);
  writeFull(w, USER_CMD_CODEC, first, { serverTick: first.tick }, true);
  for (let i = 1; i < q.cmds.length; i++) {
    const cmd = q.cmds[i]!;
    const prev = q.cmds[i - 1]!;
    if (cmd.tick !== prev.tick + 1) throw new RangeError(`command ticks ${prev.tick}, ${cmd.tick} are not consecutive`);
    writeDelta(w, USER_CMD_CODEC, cmd, prev, { serverTick: cmd.tick });
  }
  return w.finish();
}

export function decodeCmdPacket(bytes: Uint8Array): DecodeResult<CmdPacket> {
  const r = new BitReader(bytes);
  const count = r.readBits(2) + 1;
  const sendTimeMs = r.readBits(16);
  const firstTick = r.readBits(32);
  const ackTick = r.readBits(1) === 1 ? firstTick - r.readVarInt(6) : null;
  if (count > CMDS_PER_PACKET) r.fail(`${count} commands`);
  if (firstTick > MAX_TICK - CMDS_PER_PACKET) r.fail('command tick out of range');
  if (ackTick !== null && (ackTick < 0 || ackTick > MAX_TICK)) r.fail('ack tick out of range');
  const cmds: UserCmd[] = [];
  for (let i = 0; i < count && r.ok; i++) {
    const tick = firstTick + i;
    const prev = cmds[i - 1];
    const ctx = { serverTick: tick };
    const cmd = prev ? readDelta(r, USER_CMD_CODEC, prev, ctx) : readFull(r, USER_CMD_CODEC, ctx, { tick });
    cmd.tick = tick;
    // Anything the server's own sanitizer would change did not come from our encoder.
    if (!isSanitizedCmd(cmd)) r.fail('command field out of range');
    cmds.push(cmd);
  }
  r.expectEnd();
  if (!r.ok) return { ok: false, error: `cmd packet: ${r.error}` };
  return { ok: true, value: { ackTick, sendTimeMs, cmds } };
}
