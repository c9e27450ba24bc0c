/**
 * The baseline checksum has two implementations that must give the same 16 bits: the decoder's
 * (`snapshotChecksum`, from Snapshot objects, its fields written out per type) and the encoder's
 * (`viewChecksum`, from packed rows, walking the field tables). If they drifted apart, every delta
 * would be refused as a baseline mismatch.
 */
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { snapshotChecksum, viewChecksum } from '../../../src/protocol/baseline-checksum';
import { quantizeSnapshot, sortedEntities } from '../../../src/protocol/snapshot';
import { FrameChecksums } from '../../../src/protocol/frame-checksums';
import { SnapshotFrame, viewOfFrame, viewOfSnapshot } from '../../../src/protocol/snapshot-view';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import type { PlayerState } from '../../../src/sim/types';
import { Rng, matchBlock, player, projectile, snapshot } from './gen';

const viewSum = (s: Snapshot): number =>
  viewChecksum(ARENA_WIRE, viewOfSnapshot(ARENA_WIRE, sortedEntities(ARENA_WIRE, s)));

describe('baseline checksum', () => {
  it('is the same from Snapshot objects as from packed rows, for random snapshots', () => {
    const r = new Rng(31);
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const s = quantizeSnapshot(ARENA_WIRE, snapshot(r, { matchPlayers: r.int(0, 40) }), 0);
      const sum = snapshotChecksum(ARENA_WIRE, s);
      expect(sum).toBe(viewSum(s));
      seen.add(sum);
    }
    // A checksum that ignored its input would pass the equality above.
    expect(seen.size).toBeGreaterThan(250);
  });

  it('agrees on values past int32 (counters and ticks above 2^31) and on a snapshot without a match block', () => {
    const r = new Rng(32);
    const s = quantizeSnapshot(ARENA_WIRE, snapshot(r, { tick: 2 ** 32 - 10, players: 3 }), 0);
    const big: Snapshot = {
      ...s,
      self: { ...s.self, kills: 2 ** 33 + 5, nextFireTick: 2 ** 32 - 3 },
      match: undefined,
    };
    expect(snapshotChecksum(ARENA_WIRE, big)).toBe(viewSum(big));
    // × 16, then modulo 2^32: 2^27 + 5 kills is past int32 but still differs from 5 in the hash.
    const past = { ...big, self: { ...big.self, kills: 2 ** 27 + 5 } };
    expect(snapshotChecksum(ARENA_WIRE, past)).toBe(viewSum(past));
    expect(snapshotChecksum(ARENA_WIRE, past)).not.toBe(
      snapshotChecksum(ARENA_WIRE, { ...big, self: { ...big.self, kills: 5 } }),
    );
  });

  it('changes with any one field of self, another player, a projectile or the match block', () => {
    const r = new Rng(33);
    const s = quantizeSnapshot(ARENA_WIRE, snapshot(r, { players: 4, projectiles: 2, matchPlayers: 4 }), 0);
    const base = snapshotChecksum(ARENA_WIRE, s);
    const variants: Snapshot[] = [
      { ...s, self: { ...s.self, aim: (s.self.aim + 1) % 65536 } },
      { ...s, players: s.players.map((p, i) => (i === 0 ? { ...p, alive: !p.alive } : p)) },
      { ...s, projectiles: s.projectiles.map((j, i) => (i === 1 ? { ...j, x: j.x === 0 ? 1 / 16 : 0 } : j)) },
      { ...s, match: { ...s.match!, seq: (s.match!.seq + 1) % 256 } },
    ];
    for (const v of variants) {
      expect(snapshotChecksum(ARENA_WIRE, v)).toBe(viewSum(v));
      expect(snapshotChecksum(ARENA_WIRE, v)).not.toBe(base);
    }
  });

  it("the host's per-frame checksums (four receivers at a time) equal viewChecksum for every receiver, at every player count", () => {
    const r = new Rng(34);
    const sums = new FrameChecksums(ARENA_WIRE);
    for (let n = 1; n <= 11; n++) {
      const tick = 1000 + n;
      const players = Array.from({ length: n }, (_, i) => player(r, i * 3 + r.int(0, 2), tick));
      const projectiles = Array.from({ length: r.int(0, 5) }, (_, i) => projectile(r, i * 7, tick));
      const frame = new SnapshotFrame(ARENA_WIRE).capture(tick, [players, projectiles], matchBlock(r, tick, 12));
      const order = players.map((p) => p.id).reverse();
      for (const id of order) expect(sums.checksum(frame, id)).toBe(viewChecksum(ARENA_WIRE, viewOfFrame(frame, id)));
      // The same frame captured again with other contents: nothing from the first capture is returned.
      const moved = players.map((p) => ({ ...p, x: (p.x + 1) % 4096 }));
      frame.capture(tick, [moved, projectiles], frame.match);
      for (const id of order) expect(sums.checksum(frame, id)).toBe(viewChecksum(ARENA_WIRE, viewOfFrame(frame, id)));
    }
    expect(() => sums.checksum(new SnapshotFrame(ARENA_WIRE).capture(5, [[], []]), 1)).toThrow(RangeError);
  });

  it('the per-frame checksums (bytes hashed as zero-run steps) equal viewChecksum on random frames, zero-heavy ones included (property)', () => {
    // Idle players (every number 0 or tiny), negative velocities (0xff bytes), full-range
    // positions: zero runs of every length and position inside a row, and rows whose step counts
    // differ from their neighbours' (the lanes' fallback).
    const idle = (p: PlayerState, r: Rng): PlayerState => ({
      ...p,
      x: r.pick([0, 1 / 16, p.x]),
      vx: r.pick([0, -1 / 16, p.vx]),
      vy: 0,
      aim: r.pick([0, 256, p.aim]),
      health: r.pick([0, 100]),
      kills: 0,
      deaths: 0,
      teleportSeq: 0,
      ammo: p.ammo.map((a) => (r.bool() ? 0 : a)),
      nextFireTick: 0,
      reloadEndTick: 0,
      deployEndTick: 0,
      respawnTick: 0,
    });
    const sums = new FrameChecksums(ARENA_WIRE);
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (seed, n, idleShare) => {
          const r = new Rng(seed);
          const tick = 2000 + r.int(0, 5000);
          const players = Array.from({ length: n }, (_, i) => {
            const p = player(r, i * 5 + r.int(0, 4), tick);
            return r.next() < idleShare ? idle(p, r) : p;
          });
          const projectiles = Array.from({ length: r.int(0, 6) }, (_, i) => projectile(r, i * 3 + 1, tick));
          const frame = new SnapshotFrame(ARENA_WIRE).capture(
            tick,
            [players, projectiles],
            r.bool(0.2) ? undefined : matchBlock(r, tick, 24),
          );
          for (const p of players)
            expect(sums.checksum(frame, p.id)).toBe(viewChecksum(ARENA_WIRE, viewOfFrame(frame, p.id)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('with companions, 16 clients due among 32 (every other one, as at 30 snapshots/s) take 4 groups of lanes, not 8', () => {
    const r = new Rng(35);
    const tick = 4000;
    const players = Array.from({ length: 32 }, (_, i) => player(r, i, tick));
    const frame = new SnapshotFrame(ARENA_WIRE).capture(tick, [players, []], matchBlock(r, tick, 32));
    const due = players.filter((p) => p.id % 2 === 1).map((p) => p.id);
    const paired = new FrameChecksums(ARENA_WIRE);
    const adjacent = new FrameChecksums(ARENA_WIRE);
    for (const id of due) {
      expect(paired.checksum(frame, id, due)).toBe(viewChecksum(ARENA_WIRE, viewOfFrame(frame, id)));
      expect(adjacent.checksum(frame, id)).toBe(viewChecksum(ARENA_WIRE, viewOfFrame(frame, id)));
    }
    expect(paired.counters.groups).toBe(4);
    expect(adjacent.counters.groups).toBe(8);
  });

  it('with companions (the receivers due this tick) filling the lanes, every checksum still equals viewChecksum, whatever the order, gaps, repeats and unknown ids (property)', () => {
    const sums = new FrameChecksums(ARENA_WIRE);
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 40 }), (seed, n) => {
        const r = new Rng(seed);
        const tick = 3000 + r.int(0, 5000);
        const players = Array.from({ length: n }, (_, i) => player(r, i * 4 + r.int(0, 3), tick));
        const projectiles = Array.from({ length: r.int(0, 4) }, (_, i) => projectile(r, i * 5 + 2, tick));
        const frame = new SnapshotFrame(ARENA_WIRE).capture(tick, [players, projectiles], matchBlock(r, tick, 24));
        const ids = players.map((p) => p.id);
        // Every other client due (the 30/s default), or a random set, in a random order, with an
        // id that is not in the frame and a repeat: the lanes are far-apart rows, not neighbours.
        const due = r.bool() ? ids.filter((_, i) => i % 2 === r.int(0, 1)) : ids.filter(() => r.bool());
        for (let i = due.length - 1; i > 0; i--) {
          const j = r.int(0, i);
          [due[i], due[j]] = [due[j]!, due[i]!];
        }
        const companions = [...due, 255, ...due.slice(0, 1)];
        for (const id of due)
          expect(sums.checksum(frame, id, companions)).toBe(viewChecksum(ARENA_WIRE, viewOfFrame(frame, id)));
        // Those not due, asked afterwards (a late joiner on the same baseline): still right.
        for (const id of ids)
          expect(sums.checksum(frame, id, companions)).toBe(viewChecksum(ARENA_WIRE, viewOfFrame(frame, id)));
      }),
      { numRuns: 150 },
    );
  });
});
