import { describe, expect, it } from 'vitest';
import { PLAYER_RADIUS, SPAWN_CLEARANCE, WEAPONS, secondsToTicks } from '../../../src/sim/config';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { nextRandom } from '../../../src/sim/rng';
import { Weapon } from '../../../src/sim/types';
import { overlaps, rectBox } from './helpers';

describe('secondsToTicks', () => {
  it('rounds to whole ticks and never returns less than 1', () => {
    expect(secondsToTicks(0.1, 60)).toBe(6);
    expect(secondsToTicks(1.2, 60)).toBe(72);
    expect(secondsToTicks(0.4, 20)).toBe(8);
    expect(secondsToTicks(0.001, 60)).toBe(1);
    expect(secondsToTicks(0, 128)).toBe(1);
  });
});

describe('WEAPONS', () => {
  it('is frozen and indexed by WeaponId', () => {
    expect(Object.isFrozen(WEAPONS)).toBe(true);
    expect(Object.isFrozen(WEAPONS[0])).toBe(true);
    expect(WEAPONS[Weapon.Rifle]?.projectileSpeed).toBe(0);
    expect(WEAPONS[Weapon.Rocket]?.projectileSpeed).toBeGreaterThan(0);
    expect(WEAPONS[Weapon.Rocket]?.splashRadius).toBe(120);
  });
});

describe('DEFAULT_MAP', () => {
  it('has integer walls inside the bounds', () => {
    expect(DEFAULT_MAP.walls.length).toBeGreaterThanOrEqual(12);
    for (const w of DEFAULT_MAP.walls) {
      for (const v of [w.x, w.y, w.w, w.h]) expect(Number.isInteger(v)).toBe(true);
      expect(w.x).toBeGreaterThanOrEqual(0);
      expect(w.y).toBeGreaterThanOrEqual(0);
      expect(w.x + w.w).toBeLessThanOrEqual(DEFAULT_MAP.width);
      expect(w.y + w.h).toBeLessThanOrEqual(DEFAULT_MAP.height);
    }
  });

  it('has at least 8 spawn points clear of walls, inside the bounds and mutually free', () => {
    const r = PLAYER_RADIUS;
    expect(DEFAULT_MAP.spawns.length).toBeGreaterThanOrEqual(8);
    for (const s of DEFAULT_MAP.spawns) {
      expect(s.x - r).toBeGreaterThanOrEqual(0);
      expect(s.y - r).toBeGreaterThanOrEqual(0);
      expect(s.x + r).toBeLessThanOrEqual(DEFAULT_MAP.width);
      expect(s.y + r).toBeLessThanOrEqual(DEFAULT_MAP.height);
      const margin = [s.x - r - 8, s.y - r - 8, s.x + r + 8, s.y + r + 8];
      for (const w of DEFAULT_MAP.walls) expect(overlaps(margin, rectBox(w))).toBe(false);
      for (const o of DEFAULT_MAP.spawns) {
        if (o !== s) expect(Math.hypot(o.x - s.x, o.y - s.y)).toBeGreaterThanOrEqual(SPAWN_CLEARANCE);
      }
    }
  });

  it('is deeply frozen', () => {
    expect(Object.isFrozen(DEFAULT_MAP)).toBe(true);
    expect(Object.isFrozen(DEFAULT_MAP.walls)).toBe(true);
    expect(Object.isFrozen(DEFAULT_MAP.walls[0])).toBe(true);
    expect(Object.isFrozen(DEFAULT_MAP.spawns)).toBe(true);
  });
});

describe('nextRandom', () => {
  it('is a pure function of the state with values in [0, 1) and uint32 states', () => {
    let state = 42;
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const a = nextRandom(state);
      expect(nextRandom(state)).toEqual(a);
      expect(a.value).toBeGreaterThanOrEqual(0);
      expect(a.value).toBeLessThan(1);
      expect(Number.isInteger(a.state) && a.state >= 0 && a.state < 2 ** 32).toBe(true);
      seen.add(a.value);
      state = a.state;
    }
    expect(seen.size).toBeGreaterThan(9_990);
  });

  it('is roughly uniform', () => {
    const buckets = new Array<number>(10).fill(0);
    let state = 7;
    for (let i = 0; i < 100_000; i++) {
      const r = nextRandom(state);
      buckets[Math.floor(r.value * 10)]! += 1;
      state = r.state;
    }
    for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
  });
});
