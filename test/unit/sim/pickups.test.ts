import { describe, expect, it } from 'vitest';
import { MAX_HEALTH, secondsToTicks, WEAPONS } from '../../../src/sim/config';
import { PickupKind } from '../../../src/sim/match-types';
import { HEALTH_PACK, PICKUP_RESPAWN_SECONDS, touchPickups } from '../../../src/sim/pickups';
import { stepWorld } from '../../../src/sim/world';
import type { ArenaMap, WorldState } from '../../../src/sim/types';
import { cfgFor, cmd, playerAt, worldOf } from './helpers';
import { saneCmds } from '../../helpers/sane-cmds';

const map: ArenaMap = {
  name: 'pickups',
  width: 1000,
  height: 1000,
  walls: [],
  spawns: [{ x: 900, y: 900 }],
  pickups: [
    { kind: PickupKind.Health, x: 500, y: 500 },
    { kind: PickupKind.Ammo, x: 700, y: 500 },
  ],
};
const cfg = cfgFor(map);
const HEALTH_RESPAWN = secondsToTicks(PICKUP_RESPAWN_SECONDS[PickupKind.Health], 60);

function idle(w: WorldState, ticks: number): WorldState {
  for (let i = 0; i < ticks; i++) w = stepWorld(w, new Map(), cfg).world;
  return w;
}

describe('pickups', () => {
  it('a hurt player standing on a health pack takes it; it comes back exactly on time', () => {
    const w = worldOf([playerAt(0, 500, 500, { health: 30 })], 0, [0, 0]);
    const r = stepWorld(w, new Map(), cfg);
    expect(r.world.players[0]!.health).toBe(30 + HEALTH_PACK);
    expect(r.world.pickups).toEqual([1 + HEALTH_RESPAWN, 0]);
    expect(r.events).toContainEqual({ type: 'pickup', player: 0, pickup: 0, kind: PickupKind.Health });
    // Hurt again while standing on the spot: nothing until the pack is back, then it is taken again.
    let hurt = { ...r.world, players: [{ ...r.world.players[0]!, health: 10 }] };
    hurt = idle(hurt, HEALTH_RESPAWN - 1);
    expect(hurt.tick).toBe(HEALTH_RESPAWN);
    expect(hurt.players[0]!.health).toBe(10);
    const back = stepWorld(hurt, new Map(), cfg);
    expect(back.world.players[0]!.health).toBe(10 + HEALTH_PACK);
    expect(back.world.pickups[0]).toBe(back.world.tick + HEALTH_RESPAWN);
  });

  it('a healthy player leaves the pack; health never exceeds the maximum', () => {
    const full = stepWorld(worldOf([playerAt(0, 500, 500)], 0, [0, 0]), new Map(), cfg).world;
    expect(full.pickups).toEqual([0, 0]);
    const nearly = stepWorld(
      worldOf([playerAt(0, 500, 500, { health: MAX_HEALTH - 5 })], 0, [0, 0]),
      new Map(),
      cfg,
    ).world;
    expect(nearly.players[0]!.health).toBe(MAX_HEALTH);
  });

  it('ammo refills every magazine and ends a reload; only a player who needs it takes it', () => {
    const p = playerAt(0, 700, 500, { ammo: [3, 0], reloadEndTick: 50 });
    const taken = touchPickups(p, [0, 0], map, 10, 60)!;
    expect(taken.index).toBe(1);
    expect(taken.player.ammo).toEqual(WEAPONS.map((d) => d.magazine));
    expect(taken.player.reloadEndTick).toBe(0);
    expect(touchPickups(playerAt(0, 700, 500), [0, 0], map, 10, 60)).toBeNull();
  });

  it('touch is a circle test on the grid: just outside reaches nothing', () => {
    const hurt = { health: 10 };
    expect(touchPickups(playerAt(0, 530, 500, hurt), [0, 0], map, 1, 60)).not.toBeNull();
    expect(touchPickups(playerAt(0, 530.0625, 500, hurt), [0, 0], map, 1, 60)).toBeNull();
    expect(touchPickups(playerAt(0, 500, 500, { ...hurt, alive: false }), [0, 0], map, 1, 60)).toBeNull();
  });

  it('two players on one pack in the same tick: the lower id gets it', () => {
    const w = worldOf([playerAt(3, 500, 490, { health: 10 }), playerAt(5, 500, 510, { health: 10 })], 0, [0, 0]);
    const r = stepWorld(w, new Map(), cfg).world;
    expect(r.players.map((p) => p.health)).toEqual([10 + HEALTH_PACK, 10]);
  });

  it('does nothing on a map without pickups', () => {
    const bare = cfgFor({ ...map, pickups: undefined });
    const r = stepWorld(worldOf([playerAt(0, 500, 500, { health: 10 })]), saneCmds(new Map([[0, cmd(1)]])), bare).world;
    expect(r.players[0]!.health).toBe(10);
  });
});
