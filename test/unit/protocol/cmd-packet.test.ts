import { describe, it, expect } from 'vitest';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import fc from 'fast-check';
import {
  decodeCmdPacket,
  decodeCmdPacketInto,
  encodeCmdPacket,
  newCmdPacketScratch,
  quantizeCmdPacket,
} from '../../../src/protocol/cmd-packet';
import { BitWriter } from '../../../src/protocol/bits';
import type { CmdPacket } from '../../../src/arena/protocol/arena-messages';
import type { UserCmd } from '../../../src/sim/types';
import { Rng, userCmd } from './gen';

function packet(r: Rng, count: number): CmdPacket<UserCmd> {
  const first = r.int(0, 2 ** 31 - 10);
  const base = userCmd(r, first);
  // Consecutive commands usually repeat most fields: mix copies and fresh values.
  const cmds = Array.from({ length: count }, (_, i) =>
    r.bool(0.5) ? { ...base, tick: first + i } : userCmd(r, first + i),
  );
  // The ack is independent of the command ticks: none, behind them, or ahead of them (a slow client clock).
  const ackTick = r.bool(0.1) ? null : r.bool(0.1) ? 0 : Math.max(0, first - r.int(-100, 100));
  return { ackTick, sendTimeMs: r.int(0, 65535), cmds };
}

describe('command packet codec', () => {
  it('decode(encode(quantizeCmdPacket(ARENA_COMMANDS, p))) equals quantizeCmdPacket(ARENA_COMMANDS, p)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 5 }), (seed, count) => {
        const p = packet(new Rng(seed), count);
        const out = decodeCmdPacket(
          ARENA_COMMANDS,
          encodeCmdPacket(ARENA_COMMANDS, quantizeCmdPacket(ARENA_COMMANDS, p)),
        );
        expect(out).toEqual({ ok: true, value: quantizeCmdPacket(ARENA_COMMANDS, p) });
      }),
      { numRuns: 2000 },
    );
  });

  it('decoding into one reused scratch gives each packet exactly its own commands, none left from the one before', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 6 }),
        (seed, counts) => {
          const r = new Rng(seed);
          const scratch = newCmdPacketScratch(ARENA_COMMANDS);
          for (const count of counts) {
            const p = packet(r, count);
            const bytes = encodeCmdPacket(ARENA_COMMANDS, quantizeCmdPacket(ARENA_COMMANDS, p));
            // A refused packet in between must not disturb the next one.
            expect(decodeCmdPacketInto(bytes.subarray(0, 3), scratch)).not.toBeNull();
            expect(decodeCmdPacketInto(bytes, scratch)).toBeNull();
            expect(scratch.packet).toEqual(quantizeCmdPacket(ARENA_COMMANDS, p));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps only the newest three commands and sanitizes them', () => {
    const r = new Rng(3);
    const p = packet(r, 5);
    p.cmds[4] = { ...p.cmds[4]!, moveX: 900, buttons: 0xff, aim: -1, weaponSelect: 77 };
    const out = decodeCmdPacket(ARENA_COMMANDS, encodeCmdPacket(ARENA_COMMANDS, quantizeCmdPacket(ARENA_COMMANDS, p)));
    if (!out.ok) throw new Error(out.error);
    expect(out.value.cmds.map((c) => c.tick)).toEqual(p.cmds.slice(2).map((c) => c.tick));
    expect(out.value.cmds[2]).toMatchObject({ moveX: 127, buttons: 15, aim: 65535, weaponSelect: 255 });
  });

  it('redundant commands cost little: two repeats of a steady command add at most 4 bytes', () => {
    const r = new Rng(4);
    const cmd = { ...userCmd(r, 5000), viewTick: 4990 };
    const one = encodeCmdPacket(
      ARENA_COMMANDS,
      quantizeCmdPacket(ARENA_COMMANDS, { ackTick: 4990, sendTimeMs: 1, cmds: [cmd] }),
    );
    const three = encodeCmdPacket(
      ARENA_COMMANDS,
      quantizeCmdPacket(ARENA_COMMANDS, {
        ackTick: 4990,
        sendTimeMs: 1,
        cmds: [cmd, { ...cmd, tick: 5001, viewTick: 4991 }, { ...cmd, tick: 5002, viewTick: 4992 }],
      }),
    );
    expect(three.length - one.length).toBeLessThanOrEqual(4);
  });

  it('refuses a move axis of -128 and a non-consecutive packet from the encoder', () => {
    const w = new BitWriter();
    w.writeBits(0, 2);
    w.writeBits(0, 16);
    w.writeBits(100, 32);
    w.writeBits(1, 1);
    w.writeVarInt(0, 6);
    w.writeSigned(-128, 8);
    const out = decodeCmdPacket(ARENA_COMMANDS, w.finish());
    expect(out.ok).toBe(false);
    const r = new Rng(5);
    expect(() =>
      encodeCmdPacket(
        ARENA_COMMANDS,
        quantizeCmdPacket(ARENA_COMMANDS, { ackTick: 0, sendTimeMs: 0, cmds: [userCmd(r, 10), userCmd(r, 12)] }),
      ),
    ).toThrow(/consecutive/);
  });

  it('carries an ack ahead of the command ticks and "no baseline held" unchanged', () => {
    const r = new Rng(6);
    const cmd = userCmd(r, 1000);
    for (const ackTick of [null, 0, 990, 1000, 1040, 5000]) {
      const out = decodeCmdPacket(
        ARENA_COMMANDS,
        encodeCmdPacket(ARENA_COMMANDS, quantizeCmdPacket(ARENA_COMMANDS, { ackTick, sendTimeMs: 7, cmds: [cmd] })),
      );
      if (!out.ok) throw new Error(out.error);
      expect(out.value.ackTick).toBe(ackTick);
    }
  });

  it('refuses empty and truncated input', () => {
    expect(decodeCmdPacket(ARENA_COMMANDS, new Uint8Array(0)).ok).toBe(false);
    const bytes = encodeCmdPacket(ARENA_COMMANDS, quantizeCmdPacket(ARENA_COMMANDS, packet(new Rng(9), 3)));
    for (let n = 0; n < bytes.length; n++) expect(decodeCmdPacket(ARENA_COMMANDS, bytes.subarray(0, n)).ok).toBe(false);
  });
});
