import { describe, it, expect } from 'vitest';
import { MatchBlockCache } from '../../../src/arena/server/match-block-cache';
import { publicMatch } from '../../../src/sim/match';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { addPlayer, createWorld } from '../../../src/sim/world';
import type { WorldState } from '../../../src/sim/types';

describe('MatchBlockCache', () => {
  it('rebuilds the block exactly when the match object, a pickup timer or the map (clear) changes', () => {
    const cfg = { tickrate: 60, map: DEFAULT_MAP };
    let world: WorldState = addPlayer(createWorld(1, DEFAULT_MAP), 3, cfg);
    const cache = new MatchBlockCache();
    let builds = 0;
    const build =
      (w: WorldState, mapId = 0) =>
      () => {
        builds++;
        return publicMatch(w, mapId);
      };
    const first = cache.get(world, build(world));
    // The next tick's world: same match object, a fresh pickups array with the same timers.
    world = { ...world, tick: world.tick + 1, pickups: world.pickups.slice() };
    expect(cache.get(world, build(world))).toBe(first);
    expect(builds).toBe(1);

    world = { ...world, pickups: world.pickups.map((t, i) => (i === 0 ? 500 : t)) };
    const taken = cache.get(world, build(world));
    expect(builds).toBe(2);
    expect(taken.pickups[0]).toBe(500);

    world = addPlayer(world, 4, cfg);
    expect(cache.get(world, build(world)).players.map((p) => p.id)).toEqual([3, 4]);
    expect(builds).toBe(3);

    cache.clear();
    expect(cache.get(world, build(world, 2)).mapId).toBe(2);
    expect(builds).toBe(4);
  });
});
