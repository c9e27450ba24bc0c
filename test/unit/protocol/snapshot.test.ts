import { describe, it, expect } from 'vitest';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import fc from 'fast-check';
import { decodeSnapshot, encodeSnapshot, motionScale, quantizeSnapshot } from '../../../src/protocol/snapshot';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import { Rng, evolve, snapshot } from './gen';

const lookup =
  (...known: Snapshot[]) =>
  (tick: number) =>
    known.find((s) => s.serverTick === tick);

describe('snapshot codec', () => {
  it('full: decode(encode(s, null)) equals quantizeSnapshot(ARENA_WIRE, s, 0)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const s = snapshot(new Rng(seed));
        expect(decodeSnapshot(ARENA_WIRE, encodeSnapshot(ARENA_WIRE, s, null), lookup())).toEqual({
          ok: true,
          value: quantizeSnapshot(ARENA_WIRE, s, 0),
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('delta: applying the bytes to the baseline gives the target exactly (added, removed, changed, unchanged)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 40 }), (seed, age) => {
        const r = new Rng(seed);
        const baseline = quantizeSnapshot(ARENA_WIRE, snapshot(r), 0);
        const target = evolve(r, baseline, age);
        const out = decodeSnapshot(ARENA_WIRE, encodeSnapshot(ARENA_WIRE, target, baseline), lookup(baseline));
        expect(out).toEqual({ ok: true, value: quantizeSnapshot(ARENA_WIRE, target, baseline.serverTick) });
      }),
      { numRuns: 1500 },
    );
  });

  it('an unchanged world costs little: same entities, same fields', () => {
    const r = new Rng(11);
    const baseline = quantizeSnapshot(ARENA_WIRE, snapshot(r, { players: 15, projectiles: 4, events: 0 }), 0);
    const target = { ...baseline, serverTick: baseline.serverTick + 8, lastCmdTick: baseline.lastCmdTick + 8 };
    const full = encodeSnapshot(ARENA_WIRE, target, null);
    const delta = encodeSnapshot(ARENA_WIRE, target, baseline);
    // Timers are written relative to the server tick, so self changes in its timer fields only.
    expect(delta.length).toBeLessThan(30);
    expect(full.length).toBeGreaterThan(150);
    expect(decodeSnapshot(ARENA_WIRE, delta, lookup(baseline))).toEqual({
      ok: true,
      value: { ...target, baselineTick: baseline.serverTick },
    });
  });

  it('carries projectiles whose ids wrapped (creation order is not id order) and returns them in id order', () => {
    const r = new Rng(15);
    const base = quantizeSnapshot(ARENA_WIRE, snapshot(r, { projectiles: 0 }), 0);
    const rocket = (id: number) => ({ id, owner: 1, x: 10, y: 20, vx: 600, vy: 0, explodeTick: base.serverTick + 50 });
    const baseline = { ...base, projectiles: [rocket(65534)] };
    const target = {
      ...base,
      serverTick: base.serverTick + 4,
      projectiles: [rocket(65534), rocket(65535), rocket(0), rocket(1)],
    };
    const out = decodeSnapshot(ARENA_WIRE, encodeSnapshot(ARENA_WIRE, target, baseline), lookup(baseline));
    if (!out.ok) throw new Error(out.error);
    expect(out.value.projectiles.map((p) => p.id)).toEqual([0, 1, 65534, 65535]);
    expect(out.value).toEqual(quantizeSnapshot(ARENA_WIRE, target, baseline.serverTick));
  });

  it('predicts positions from velocities: steady movers cost a few bits each', () => {
    const r = new Rng(16);
    const base = quantizeSnapshot(ARENA_WIRE, snapshot(r, { players: 15, projectiles: 0, events: 0 }), 0);
    // 60 units/s at 60 Hz: one unit per tick, so 4 ticks later every player is 4 units further.
    const steady = base.players.map((p, i) => ({ ...p, x: 100 + i * 10, y: 200, vx: 60, vy: -60 }));
    const baseline = { ...base, players: steady };
    const target = {
      ...baseline,
      serverTick: base.serverTick + 4,
      players: steady.map((p) => ({ ...p, x: p.x + 4, y: p.y - 4 })),
    };
    expect(motionScale(ARENA_WIRE, target, baseline)).toBe(Math.round((65536 * 4) / 120));
    const bytes = encodeSnapshot(ARENA_WIRE, target, baseline);
    expect(decodeSnapshot(ARENA_WIRE, bytes, lookup(baseline))).toEqual({
      ok: true,
      value: quantizeSnapshot(ARENA_WIRE, target, baseline.serverTick),
    });
    // Header (with the 2-byte baseline checksum) and unchanged self ~17 B, then per player: raw mask
    // 8 bits + rare 1 + two zero errors of 4 bits (without the prediction each error would take 11
    // bits: ~75 B in all).
    expect(bytes.length).toBeLessThanOrEqual(18 + Math.ceil((15 * 17) / 8));
  });

  it('says which baseline is missing', () => {
    const r = new Rng(12);
    const baseline = quantizeSnapshot(ARENA_WIRE, snapshot(r), 0);
    const target = evolve(r, baseline, 4);
    expect(decodeSnapshot(ARENA_WIRE, encodeSnapshot(ARENA_WIRE, target, baseline), lookup())).toEqual({
      ok: false,
      error: `baseline ${baseline.serverTick} unknown`,
    });
  });

  it('clamps the command buffer depth to [-64, 63] and never yields -0', () => {
    const r = new Rng(13);
    const s = { ...snapshot(r), cmdBufferDepth: -500 };
    const out = decodeSnapshot(ARENA_WIRE, encodeSnapshot(ARENA_WIRE, s, null), lookup());
    if (!out.ok) throw new Error(out.error);
    expect(out.value.cmdBufferDepth).toBe(-64);
    const zeroVel = { ...s, self: { ...s.self, vx: 0, vy: 0 } };
    const z = decodeSnapshot(ARENA_WIRE, encodeSnapshot(ARENA_WIRE, zeroVel, null), lookup());
    expect(z.ok && Object.is(z.value.self.vx, 0)).toBe(true);
  });

  it('turns NaN timings into 0 instead of failing the snapshot, and refuses a baseline that is not older', () => {
    const s = {
      ...snapshot(new Rng(17)),
      echoTimeMs: Number.NaN,
      echoHoldMs: Number.POSITIVE_INFINITY,
      cmdBufferDepth: Number.NaN,
    };
    const out = decodeSnapshot(ARENA_WIRE, encodeSnapshot(ARENA_WIRE, s, null), lookup());
    expect(out.ok && [out.value.echoTimeMs, out.value.echoHoldMs, out.value.cmdBufferDepth]).toEqual([0, 0, 0]);
    expect(() => encodeSnapshot(ARENA_WIRE, s, s)).toThrow(/not older/);
  });

  it('refuses off-grid positions at the encoder (the sim quantizes, so this is a bug upstream)', () => {
    const s = snapshot(new Rng(14));
    expect(() => encodeSnapshot(ARENA_WIRE, { ...s, self: { ...s.self, x: 1.01 } }, null)).toThrow(/grid/);
  });
});
