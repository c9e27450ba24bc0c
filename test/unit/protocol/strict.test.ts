/**
 * Strict decoding (issue 14): every bit the spec fixes is checked, so a message from a wrong
 * encoder is refused (and counted by the host) instead of accepted with a guessed meaning. Our own
 * encoders always write the canonical form (the round-trip, fuzz and golden tests hold them to it);
 * each case below hand-writes the one non-canonical thing and shows it refused.
 */
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, expect, it } from 'vitest';
import { BitReader, BitWriter } from '../../../src/protocol/bits';
import { decodeCmdPacket } from '../../../src/protocol/cmd-packet';
import { readEntityList } from '../../../src/protocol/entity-list';
import {
  PLAYER_CODEC,
  PROJECTILE_CODEC,
  PUBLIC_PLAYER_CODEC,
  readDelta,
  writeFull,
} from '../../../src/arena/protocol/fields';
import { readClassed, readClassedOrAbsolute, VEL_WIDTHS, AIM_WIDTHS } from '../../../src/protocol/motion-codecs';
import { snapshotChecksum } from '../../../src/protocol/baseline-checksum';
import { MATCH_HEADER_CODEC } from '../../../src/arena/protocol/match-codecs';
import { readMatchBlock } from '../../../src/arena/protocol/match-block';
import { quantizeMatch } from '../../../src/arena/protocol/match-value';
import { GameMode, MatchPhase, Team, type PublicMatchState } from '../../../src/sim/match-types';
import { decodeSnapshot, quantizeSnapshot, writeHeader } from '../../../src/protocol/snapshot';
import { GameServer } from '../../../src/server/game-server';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { decodeCommandPacket as referenceDecode } from '../../../tools/reference-client/commands';
import type { PublicPlayerState } from '../../../src/sim/types';
import { Rng, player, publicPlayer, snapshot } from './gen';

/** A command packet whose later commands carry their viewTick step without the delta's set bit. */
function viewTickWithoutSetBit(first: number, lag: number, count: number): Uint8Array {
  const w = new BitWriter();
  w.writeBits(count - 1, 2);
  w.writeBits(1234, 16);
  w.writeBits(first, 32);
  w.writeBits(1, 1);
  w.writeVarInt(lag, 6);
  // Command 0 in full: moveX, moveY, aim, buttons, weaponSelect, viewTick (set + offset), viewFrac.
  w.writeSigned(127, 8);
  w.writeSigned(0, 8);
  w.writeBits(8192, 16);
  w.writeBits(0, 4);
  w.writeBits(255, 8);
  w.writeBool(true);
  w.writeVarInt(-lag, 5);
  w.writeBits(0, 8);
  // Later commands: hot mask pattern 0 (viewTick), rare mask 0, then the step with no set bit.
  for (let i = 1; i < count; i++) {
    w.writeBits(0, 2);
    w.writeVarInt(1, 3);
  }
  return w.finish();
}

const reader = (build: (w: BitWriter) => void): BitReader => {
  const w = new BitWriter();
  build(w);
  return new BitReader(w.finish());
};

describe('strict decoders', () => {
  it('refuse a viewTick delta without its set bit (accepted half the time before), and the host counts each one', () => {
    const server = new GameServer(
      { tickrate: 60, maxUnlagS: 1, lagCompensation: true, seed: 1, maxPlayers: 4 },
      arenaServerGame,
    );
    server.addClient(1, 0);
    let refused = 0;
    for (let first = 1000; first < 1100; first++) {
      for (const lag of [3, 6, 8, 12]) {
        for (const count of [2, 3]) {
          const bytes = viewTickWithoutSetBit(first, lag, count);
          if (!decodeCmdPacket(ARENA_COMMANDS, bytes).ok) refused++;
          // The reference client, written from the docs, refuses it as well.
          expect(referenceDecode(bytes).ok).toBe(false);
          // Fewer than the 20 a second that get a peer kicked: each one is counted.
          if (first < 1002) expect(() => server.receive(1, bytes, 0)).not.toThrow();
        }
      }
    }
    expect(refused).toBe(800);
    expect(server.stats().clients.find((c) => c.clientId === 1)?.decodeFailures).toBe(16);
  });

  it('refuse an overlong varint (a zero last group after the first)', () => {
    const r = reader((w) => {
      w.writeBits((5 << 1) | 1, 8); // group 5, more follows
      w.writeBits(0, 8); // group 0, last: adds nothing
    });
    r.readVarUint(7);
    expect(r.error).toBe('overlong varint');
    const zero = reader((w) => w.writeVarUint(0, 7));
    expect(zero.readVarUint(7)).toBe(0);
    expect(zero.ok).toBe(true);
  });

  it('refuse a difference in a wider class than it needs, and an absolute value that fits a class', () => {
    const wide = reader((w) => (w.writeBits(1, 2), w.writeBits(6, AIM_WIDTHS[1]!)));
    readClassed(wide, AIM_WIDTHS);
    expect(wide.error).toBe('non-canonical class');
    const abs = reader((w) => (w.writeBits(3, 2), w.writeSigned(1000 + 5, 16)));
    readClassedOrAbsolute(abs, 1000, VEL_WIDTHS, 16, true);
    expect(abs.error).toBe('non-canonical class');
    const jump = reader((w) => (w.writeBits(3, 2), w.writeSigned(-30000, 16)));
    expect(readClassedOrAbsolute(jump, 1000, VEL_WIDTHS, 16, true)).toBe(-30000);
    expect(jump.ok).toBe(true);
  });

  it('refuse a raw mask that has a pattern code, and a field marked changed that did not change', () => {
    const base = { id: 3, owner: 1, x: 10, y: 20, vx: 0, vy: 0, explodeTick: 0 };
    // Projectile hot patterns: x+y, none; then "11" and the raw mask x+y (0011) = pattern 0.
    const raw = reader((w) => (w.writeBits(0b11, 2), w.writeBits(0b0011, 4)));
    readDelta(raw, PROJECTILE_CODEC, base, { serverTick: 100 });
    expect(raw.error).toBe('raw mask equals a pattern');
    const p: PublicPlayerState = publicPlayer(new Rng(1), 4);
    // Hot pattern 2 (none), rare pattern 1 (health), then health written unchanged.
    const same = reader((w) => (w.writeBits(0b110, 3), w.writeBits(0b10, 2), w.writeBits(p.health, 8)));
    readDelta(same, PUBLIC_PLAYER_CODEC, p, { serverTick: 100 });
    expect(same.error).toBe('health marked changed but unchanged');
  });

  it('refuse an entity list that keeps every baseline entity and adds none instead of saying "same ids"', () => {
    const base = [publicPlayer(new Rng(2), 5), publicPlayer(new Rng(3), 9)];
    const r = reader((w) => (w.writeBits(0, 1), w.writeBits(0b11, 2), w.writeVarUint(0, 3)));
    readEntityList(r, PUBLIC_PLAYER_CODEC, 256, base, { lo: 0, hi: 255 }, { serverTick: 100 });
    expect(r.error).toBe('unchanged id list not sent as "same ids"');
  });

  it('refuse a delta snapshot that sends self in full although the baseline holds the same player', () => {
    const baseline = quantizeSnapshot(
      ARENA_WIRE,
      snapshot(new Rng(4), { tick: 500, players: 0, projectiles: 0, events: 0 }),
      0,
    );
    const self = player(new Rng(5), baseline.self.id, 504);
    const w = new BitWriter();
    writeHeader(
      w,
      ARENA_WIRE,
      { serverTick: 504, lastCmdTick: 503, cmdBufferDepth: 0, echoTimeMs: 0, echoHoldMs: 0 },
      500,
      { part: 0, partCount: 1, ranges: ARENA_WIRE.allRanges, events: [] },
      0,
      snapshotChecksum(ARENA_WIRE, baseline),
    );
    w.writeBool(false);
    writeFull(w, PLAYER_CODEC, self, { serverTick: 504 });
    w.writeBits(1, 1); // players: same ids (none)
    w.writeBits(1, 1); // projectiles: same ids (none)
    w.writeVarUint(0, 3); // no events
    w.writeBool(false); // match block: unchanged
    const out = decodeSnapshot(ARENA_WIRE, w.finish(), () => baseline);
    expect(out).toEqual({ ok: false, error: 'snapshot: self sent in full against a baseline of the same player' });
  });

  describe('match block (protocol 3): each part sent as changed must differ from the baseline', () => {
    const ctx = { serverTick: 5000 };
    const base: PublicMatchState = quantizeMatch({
      mode: GameMode.TeamDeathmatch,
      mapId: 1,
      phase: MatchPhase.Live,
      phaseEndTick: 9000,
      fragLimit: 30,
      timeLimitS: 600,
      friendlyFire: false,
      seq: 2,
      teamScores: [3, 1],
      players: [{ id: 4, team: Team.Red, score: 3, bot: false }],
      pickups: [0, 5100],
      results: null,
    });
    /** A delta block marked changed: header unchanged, players the same ids and unchanged. */
    const changedPrefix = (w: BitWriter): void => {
      w.writeBool(true);
      w.writeBits(0b00, 2); // header: hot mask (the empty group's one pattern), rare pattern 0 (none)
      w.writeBits(1, 1); // players: same ids
      w.writeBits(0b00, 2); // player 4: hot mask, rare pattern 0 (none)
    };
    const read = (build: (w: BitWriter) => void): BitReader => {
      const r = reader(build);
      readMatchBlock(r, base, ctx);
      return r;
    };

    it('refuses a block marked changed whose every part is unchanged', () => {
      const r = read((w) => (changedPrefix(w), w.writeBool(true), w.writeBool(true)));
      expect(r.error).toBe('match block marked changed but unchanged');
    });

    it('refuses pickups or results sent behind "same: 0" that equal the baseline\'s', () => {
      const pickups = read((w) => {
        changedPrefix(w);
        w.writeBool(false);
        w.writeVarUint(2, 2);
        w.writeBool(false); // spot 0: there
        w.writeBool(true);
        w.writeVarInt(100, 5); // spot 1: back at 5100, as before
        w.writeBool(true);
      });
      expect(pickups.error).toBe('match pickups marked changed but unchanged');
      const results = read((w) => (changedPrefix(w), w.writeBool(true), w.writeBool(false), w.writeBool(false)));
      expect(results.error).toBe('match results marked changed but unchanged');
      // The same bits with a real change (spot 1 back now) decode.
      const taken = read(
        (w) => (
          changedPrefix(w),
          w.writeBool(false),
          w.writeVarUint(2, 2),
          w.writeBool(false),
          w.writeBool(false),
          w.writeBool(true)
        ),
      );
      expect(taken.ok).toBe(true);
    });

    it('refuses a score marked changed by zero (the table rule, on the Score kind)', () => {
      // Header hot mask, rare pattern 1 (redScore), then a change of 0.
      const r = read((w) => (w.writeBool(true), w.writeBits(0b010, 3), w.writeVarInt(0, 2)));
      expect(r.error).toBe('redScore marked changed but unchanged');
    });

    it('refuses a second spelling of the empty hot group\'s mask ("1" then a raw mask of no bits)', () => {
      expect(MATCH_HEADER_CODEC.hot.length).toBe(0);
      const r = read((w) => (w.writeBool(true), w.writeBits(0b10, 2)));
      expect(r.error).toBe('raw mask equals a pattern');
    });
  });
});
