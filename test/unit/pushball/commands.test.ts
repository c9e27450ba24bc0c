/**
 * Pushball's commands through the netcode's command path, unedited: the packet codec and the
 * host's command buffer run on PUSHBALL_COMMANDS. A packet round-trips to the sanitized commands;
 * random bytes never throw and never yield a command the sim's sanitizer would change; a tick the
 * client sent nothing for repeats its last move, and after the grace the player lets go.
 */
import { describe, expect, it } from 'vitest';
import { decodeCmdPacket, encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { PUSHBALL_COMMANDS } from '../../../src/pushball/protocol/pushball-commands';
import { isSanitizedPushCmd, sanitizePushCmd } from '../../../src/pushball/sim';
import { CommandBuffer } from '../../../src/server/command-buffer';

const cmd = (tick: number, moveX: number, moveY: number, buttons = 0) =>
  sanitizePushCmd({ tick, moveX, moveY, buttons });

describe('Pushball commands on the netcode command path', () => {
  it('a packet of consecutive commands decodes to exactly those commands', () => {
    const p = { ackTick: 90, sendTimeMs: 1234, cmds: [cmd(100, 127, -40), cmd(101, 127, -40, 1), cmd(102, 0, 0)] };
    const got = decodeCmdPacket(PUSHBALL_COMMANDS, encodeCmdPacket(PUSHBALL_COMMANDS, p));
    expect(got).toEqual({ ok: true, value: p });
    // A hand-built packet is made sendable by the game's sanitizer.
    const raw = { ackTick: null, sendTimeMs: 70000, cmds: [{ tick: 5, moveX: 300.4, moveY: -2.6, buttons: 7 }] };
    const q = quantizeCmdPacket(PUSHBALL_COMMANDS, raw);
    expect(q.cmds).toEqual([{ tick: 5, moveX: 127, moveY: -3, buttons: 1 }]);
    expect(decodeCmdPacket(PUSHBALL_COMMANDS, encodeCmdPacket(PUSHBALL_COMMANDS, q))).toEqual({ ok: true, value: q });
  });

  it('random bytes never throw, and whatever decodes is sanitized', () => {
    let seed = 11;
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
    let decoded = 0;
    for (let i = 0; i < 3000; i++) {
      const bytes = Uint8Array.from({ length: 2 + (i % 12) }, next);
      const r = decodeCmdPacket(PUSHBALL_COMMANDS, bytes);
      if (!r.ok) continue;
      decoded++;
      for (const c of r.value.cmds) expect(isSanitizedPushCmd(c)).toBe(true);
    }
    expect(decoded).toBeGreaterThan(0);
  });

  it('a missing tick repeats the last move; past the grace the player lets go', () => {
    const buffer = new CommandBuffer(PUSHBALL_COMMANDS, 60, 30, 15);
    expect(buffer.push(cmd(10, 100, 50, 1), 9, 9)).toBe('accepted');
    expect(buffer.take(10)!.cmd).toEqual(cmd(10, 100, 50, 1));
    const repeat = buffer.take(11)!;
    expect(repeat.repeated).toBe(true);
    expect(repeat.cmd).toEqual(cmd(11, 100, 50, 1));
    const lost = buffer.take(10 + 16)!;
    expect(lost.cmd).toEqual(cmd(26, 0, 0, 0));
    expect(buffer.counters.neutral).toBe(1);
  });
});
