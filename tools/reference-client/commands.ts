/**
 * The command packet (docs/PROTOCOL.md "Command packet"): up to three consecutive commands, the
 * newest last, with the client's ack and clock. Commands must already be in range (the host
 * refuses a packet holding anything its `sanitizeCmd` would change).
 */
import { BitReader, BitWriter, type TraceEntry } from './bits';
import { writeEntityDelta, writeFull } from './command-fields';
import { readEntityDelta, readEntityFull } from './fields';
import { COMMAND } from './tables';

export const Buttons = { Fire: 1, AltFire: 2, Reload: 4, Crouch: 8 } as const;
export const WEAPON_KEEP = 255;

export interface Command {
  tick: number;
  /** [-127, 127]; (127, 0) is full speed right (+x), (0, 127) full speed down (+y). */
  moveX: number;
  moveY: number;
  /** 1/65536 turn, 0 = +x, increasing towards +y. */
  aim: number;
  buttons: number;
  /** 0 rifle, 1 rocket, 255 keep. */
  weaponSelect: number;
  /** The server tick (and 1/256 fraction) at which the client drew the others: lag compensation rewinds to it. */
  viewTick: number;
  viewFrac: number;
}

export interface CommandPacket {
  /** Newest complete snapshot held, or null for "none held" (the host then sends a full one). */
  ackTick: number | null;
  /** A millisecond clock mod 65536 that keeps increasing (the host picks the newest packet by it). */
  sendTimeMs: number;
  /** 1-3 commands with consecutive ticks, oldest first. */
  cmds: Command[];
}

export function encodeCommandPacket(p: CommandPacket): Uint8Array<ArrayBuffer> {
  const first = p.cmds[0];
  if (!first || p.cmds.length > 3) throw new RangeError('1 to 3 commands per packet');
  const w = new BitWriter();
  w.u(p.cmds.length - 1, 2);
  w.u(p.sendTimeMs, 16);
  w.u(first.tick, 32);
  w.bool(p.ackTick !== null);
  if (p.ackTick !== null) w.varint(first.tick - p.ackTick, 6);
  // The first command in full (every field but the tick), each later one as a delta from the one before.
  for (const f of COMMAND.fields) writeFull(w, f, first[f.name as keyof Command], first.tick);
  for (let i = 1; i < p.cmds.length; i++) {
    const cmd = p.cmds[i]!;
    const prev = p.cmds[i - 1]!;
    if (cmd.tick !== prev.tick + 1) throw new RangeError('command ticks must be consecutive');
    writeEntityDelta(
      w,
      COMMAND,
      cmd as unknown as Record<string, number>,
      prev as unknown as Record<string, number>,
      cmd.tick,
    );
  }
  return w.bytes();
}

/**
 * Reads a command packet (what a host, a proxy or a capture tool needs). Ranges are checked as the
 * host checks them: a packet the host would refuse is refused here too.
 */
export function decodeCommandPacket(
  bytes: Uint8Array,
  trace: TraceEntry[] | null = null,
): { ok: true; value: CommandPacket } | { ok: false; error: string } {
  const r = new BitReader(bytes, trace);
  const count = r.at('command count - 1').u(2) + 1;
  const sendTimeMs = r.at('sendTimeMs').u(16);
  const firstTick = r.at('first command tick').u(32);
  const ackTick = r.at('hasAck').bool() ? firstTick - r.at('first tick - ackTick').varint(6) : null;
  if (count > 3) r.fail('more than 3 commands');
  if (firstTick > 0x7fffffff - 3) r.fail('command tick out of range');
  if (ackTick !== null && (ackTick < 0 || ackTick > 0x7fffffff)) r.fail('ack tick out of range');
  const cmds: Command[] = [];
  for (let i = 0; i < count && r.ok; i++) {
    const tick = firstTick + i;
    const prev = cmds[i - 1];
    const fields = prev
      ? readEntityDelta(r, COMMAND, { ...prev }, tick, 0, `cmd ${i}`)
      : readEntityFull(r, COMMAND, tick, undefined, `cmd ${i}`);
    const cmd = { ...fields, tick } as unknown as Command;
    if (cmd.viewTick < 0 || cmd.viewTick > 0x7fffffff) r.fail('view tick out of range');
    cmds.push(cmd);
  }
  r.end();
  return r.ok ? { ok: true, value: { ackTick, sendTimeMs, cmds } } : { ok: false, error: r.error! };
}
