import { describe, it, expect } from 'vitest';
import type { ArenaWireTypes } from '../../../src/arena/protocol/arena-messages';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import fc from 'fast-check';
import { decodeSnapshot, quantizeSnapshot } from '../../../src/protocol/snapshot';
import { encodeSnapshotParts } from '../../../src/protocol/snapshot-parts';
import { SnapshotAssembler } from '../../../src/protocol/snapshot-assembler';
import { MAX_DATAGRAM_BYTES } from '../../../src/protocol/wire';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import { Rng, evolve, snapshot } from './gen';

const lookup =
  (...known: Snapshot[]) =>
  (tick: number) =>
    known.find((s) => s.serverTick === tick);

function decodeAll(parts: Uint8Array[], baseline: Snapshot | null): Snapshot[] {
  return parts.map((bytes) => {
    const out = decodeSnapshot(ARENA_WIRE, bytes, lookup(...(baseline ? [baseline] : [])));
    if (!out.ok) throw new Error(out.error);
    return out.value;
  });
}

function shuffle<T>(r: Rng, list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('snapshot parts', () => {
  it('a snapshot that fits stays one message', () => {
    const s = snapshot(new Rng(1), { players: 5 });
    const parts = encodeSnapshotParts(ARENA_WIRE, s, null);
    expect(parts).toHaveLength(1);
    expect(decodeAll(parts, null)[0]).toEqual(quantizeSnapshot(ARENA_WIRE, s, 0));
  });

  it('splits into parts that each fit, decode alone, and reassemble (in any order) to the target', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 200, max: 1150 }), fc.boolean(), (seed, maxBytes, withBaseline) => {
        const r = new Rng(seed);
        // Every part carries the match block: keep it small enough for the tightest budgets tried here.
        const baseline = withBaseline
          ? quantizeSnapshot(
              ARENA_WIRE,
              snapshot(r, { players: r.int(0, 120), projectiles: r.int(0, 40), matchPlayers: 3 }),
              0,
            )
          : null;
        const target = baseline
          ? evolve(r, baseline, 4)
          : snapshot(r, { players: r.int(60, 200), projectiles: r.int(0, 40), events: r.int(0, 30), matchPlayers: 3 });
        const parts = encodeSnapshotParts(ARENA_WIRE, target, baseline, maxBytes);
        for (const p of parts) expect(p.length).toBeLessThanOrEqual(maxBytes);
        const decoded = decodeAll(parts, baseline);
        decoded.forEach((d, i) => expect([d.part, d.partCount]).toEqual([i, parts.length]));
        const assembler = new SnapshotAssembler<ArenaWireTypes>(ARENA_WIRE);
        const results = shuffle(r, decoded).map((d) => assembler.add(d));
        expect(results.slice(0, -1).every((x) => x === null)).toBe(true);
        expect(results.at(-1)).toEqual(quantizeSnapshot(ARENA_WIRE, target, baseline?.serverTick ?? 0));
      }),
      { numRuns: 150 },
    );
  });

  it('128 players in full need more than one datagram and each part is under the limit', () => {
    const s = snapshot(new Rng(2), { players: 128, projectiles: 10, events: 10 });
    const parts = encodeSnapshotParts(ARENA_WIRE, s, null);
    expect(parts.length).toBeGreaterThan(1);
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThanOrEqual(MAX_DATAGRAM_BYTES);
  });

  it('a part infers removals only inside its own id range', () => {
    const r = new Rng(3);
    const baseline = quantizeSnapshot(ARENA_WIRE, snapshot(r, { players: 100, projectiles: 0, events: 0 }), 0);
    const removedId = baseline.players[90]!.id;
    const moved = baseline.players.map((p) => ({ ...p, x: (p.x + 3) % 4096 })).filter((p) => p.id !== removedId);
    const target = { ...baseline, serverTick: baseline.serverTick + 4, players: moved };
    const decoded = decodeAll(encodeSnapshotParts(ARENA_WIRE, target, baseline, 80), baseline);
    expect(decoded.length).toBeGreaterThan(2);
    expect(decoded.flatMap((d) => d.players).map((p) => p.id)).not.toContain(removedId);
    expect(decoded.flatMap((d) => d.players)).toHaveLength(99);
  });
});

describe('SnapshotAssembler', () => {
  const part = (tick: number, i: number, n: number, id: number): Snapshot => ({
    ...quantizeSnapshot(
      ARENA_WIRE,
      snapshot(new Rng(tick * 10 + i), { tick, players: 0, projectiles: 0, events: 0 }),
      0,
    ),
    part: i,
    partCount: n,
    players: [
      {
        id,
        x: 0,
        y: 0,
        vx: 0,
        vy: 0,
        aim: 0,
        health: 100,
        alive: true,
        crouch: false,
        weapon: 0,
        teleportSeq: 0,
        kills: 0,
        deaths: 0,
      },
    ],
  });

  it('drops parts of a tick older than the newest completed one', () => {
    const a = new SnapshotAssembler<ArenaWireTypes>(ARENA_WIRE);
    expect(a.add(part(10, 0, 2, 1))).toBeNull();
    expect(a.add(part(12, 0, 2, 1))).toBeNull();
    expect(a.add(part(12, 1, 2, 2))?.players.map((p) => p.id)).toEqual([1, 2]);
    expect(a.add(part(10, 1, 2, 2))).toBeNull();
  });

  it('ignores duplicate parts and keeps a bounded number of incomplete ticks', () => {
    const a = new SnapshotAssembler<ArenaWireTypes>(ARENA_WIRE, 2);
    expect(a.add(part(1, 0, 2, 1))).toBeNull();
    expect(a.add(part(1, 0, 2, 1))).toBeNull();
    a.add(part(2, 0, 2, 1));
    a.add(part(3, 0, 2, 1));
    // Tick 1 was evicted: its second part no longer completes anything.
    expect(a.add(part(1, 1, 2, 2))).toBeNull();
    expect(a.add(part(3, 1, 2, 2))?.serverTick).toBe(3);
  });

  it('passes a whole snapshot straight through', () => {
    const whole = part(5, 0, 1, 1);
    expect(new SnapshotAssembler<ArenaWireTypes>(ARENA_WIRE).add(whole)).toBe(whole);
  });
});
