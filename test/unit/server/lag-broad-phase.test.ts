import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LagCompensator } from '../../../src/server/lag-compensator';
import { ARENA_HITBOX_RADII, rayBoxOf } from '../../../src/arena/server/shot-judge';
import { traceShot } from '../../../src/sim/hitscan';
import { DEFAULT_MAP } from '../../../src/sim/map';
import type { PublicPlayerState } from '../../../src/sim/types';

function player(id: number, x: number, y: number, extra: Partial<PublicPlayerState> = {}): PublicPlayerState {
  return {
    id,
    x,
    y,
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
    ...extra,
  };
}

const RANGE = 2400;

describe('LagCompensator broad phase (candidatesAt)', () => {
  it('a shot hits exactly what testing every rewound hitbox hits, for random histories and shots', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 0, max: 2 ** 30 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 65535 }), fc.double({ min: 0, max: 30, noNaN: true })), {
          minLength: 1,
          maxLength: 20,
        }),
        (players, seed, shots) => {
          let s = seed;
          const rand = (): number => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
          const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
          // Players wander, crouch, die and teleport; more than the history's first capacity (16).
          let list = Array.from({ length: players }, (_, i) => player(i * 3, rand() * 2000, rand() * 1500));
          for (let t = 0; t <= 30; t++) {
            list = list.map((p) => ({
              ...p,
              x: Math.max(0, p.x + (rand() - 0.5) * 40),
              y: Math.max(0, p.y + (rand() - 0.5) * 40),
              crouch: rand() < 0.2,
              alive: rand() < 0.9,
              teleportSeq: rand() < 0.05 ? (p.teleportSeq + 1) % 256 : p.teleportSeq,
            }));
            comp.record(t, list);
          }
          const box = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
          for (const [aim, time] of shots) {
            const shooter = list[Math.floor(rand() * list.length)]!;
            const shot = { x: shooter.x, y: shooter.y, aim };
            const all = comp.hitboxesAt(time, shooter.id);
            const near = comp.candidatesAt(time, shooter.id, rayBoxOf(shot, RANGE, box));
            expect(near.length).toBeLessThanOrEqual(all.filter((h) => h.alive).length);
            expect(traceShot(DEFAULT_MAP, shot.x, shot.y, aim, RANGE, near, shooter.id)).toEqual(
              traceShot(DEFAULT_MAP, shot.x, shot.y, aim, RANGE, all, shooter.id),
            );
            // The candidates are the rewound hitboxes themselves, not approximations.
            for (const h of near) expect(all).toContainEqual(h);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('tests only the hitboxes near the ray, and reuses its list from shot to shot', () => {
    const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
    for (let t = 0; t < 5; t++)
      comp.record(t, [
        player(1, 100, 100),
        player(2, 500, 105),
        player(3, 100, 900),
        player(4, 1500, 90, { alive: false }),
      ]);
    const box = rayBoxOf({ x: 100, y: 100, aim: 0 }, RANGE, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
    const first = comp.candidatesAt(3.5, 1, box);
    expect(first.map((h) => h.id)).toEqual([2]);
    const second = comp.candidatesAt(2, 1, box);
    expect(second).toBe(first);
  });

  it('keeps older records when more players than ever before join', () => {
    const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
    comp.record(1, [player(0, 10, 10), player(1, 20, 20)]);
    comp.record(
      2,
      Array.from({ length: 40 }, (_, i) => player(i, i * 10, 5)),
    );
    expect(comp.hitboxesAt(1, 99).map((h) => [h.id, h.x])).toEqual([
      [0, 10],
      [1, 20],
    ]);
    expect(comp.hitboxesAt(2, 99)).toHaveLength(40);
    expect(comp.holds(1)).toBe(true);
    expect(comp.holds(1.5)).toBe(true);
    expect(comp.holds(2.5)).toBe(false);
  });
});
