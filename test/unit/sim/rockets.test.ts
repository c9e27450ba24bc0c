import { describe, expect, it } from 'vitest';
import { RESPAWN_SECONDS, WEAPONS, secondsToTicks } from '../../../src/sim/config';
import { splashDamage } from '../../../src/sim/projectiles';
import { stepWorld } from '../../../src/sim/world';
import { Buttons, Weapon, type PlayerId, type SimEvent, type UserCmd, type WorldState } from '../../../src/sim/types';
import { cfgFor, cmd, mapWith, playerAt, worldOf } from './helpers';

const rocket = WEAPONS[Weapon.Rocket]!;
const wallMap = mapWith([{ x: 400, y: 300, w: 40, h: 400 }], [{ x: 50, y: 50 }], 4000, 1000);
const cfg = cfgFor(wallMap);

/** Steps the world `ticks` times; `firstCmds` are used on the first tick only, then everyone idles. */
function run(
  world: WorldState,
  ticks: number,
  firstCmds: Map<PlayerId, UserCmd>,
): { world: WorldState; events: { tick: number; e: SimEvent }[] } {
  let w = world;
  const events: { tick: number; e: SimEvent }[] = [];
  for (let i = 0; i < ticks; i++) {
    const r = stepWorld(w, i === 0 ? firstCmds : new Map(), cfg);
    w = r.world;
    for (const e of r.events) events.push({ tick: w.tick, e });
  }
  return { world: w, events };
}

const fireRocketRight = (id: PlayerId) => new Map([[id, cmd(1, { buttons: Buttons.Fire, aim: 0 })]]);

describe('splashDamage', () => {
  it('falls linearly from full damage at the centre to 0 at the radius', () => {
    expect(splashDamage(100, 120, 0)).toBe(100);
    expect(splashDamage(100, 120, 30)).toBe(75);
    expect(splashDamage(100, 120, 60)).toBe(50);
    expect(splashDamage(100, 120, 90)).toBe(25);
    expect(splashDamage(100, 120, 119)).toBe(1);
    expect(splashDamage(100, 120, 120)).toBe(0);
    expect(splashDamage(100, 120, 500)).toBe(0);
  });
});

describe('rockets in the world', () => {
  it('fly at their speed, explode on the wall face and hurt by distance', () => {
    const world = worldOf([
      playerAt(0, 100, 500, { weapon: Weapon.Rocket }),
      playerAt(1, 340, 560), // 84.85 from the blast: 100 * (1 - 84.85 / 120) = 29.3
      playerAt(2, 384, 400), // 101.27 from the blast: 15.6
      playerAt(3, 200, 700), // 283 away: out of range
      playerAt(4, 460, 500), // 60 away but behind the wall
    ]);
    const r = run(world, 40, fireRocketRight(0));
    const exploded = r.events.find((x) => x.e.type === 'exploded');
    // 300 units at 600 u/s and 60 Hz = 30 ticks.
    expect(exploded).toEqual({ tick: 30, e: { type: 'exploded', projectile: 0, owner: 0, x: 400, y: 500 } });
    expect(r.world.players.map((p) => p.health)).toEqual([100, 100 - 29, 100 - 16, 100, 100]);
    expect(r.world.projectiles).toEqual([]);
    const hits = r.events.filter((x) => x.e.type === 'hit').map((x) => x.e);
    expect(hits).toEqual([
      { type: 'hit', shooter: 0, target: 1, weapon: Weapon.Rocket, damage: 29, x: 400, y: 500 },
      { type: 'hit', shooter: 0, target: 2, weapon: Weapon.Rocket, damage: 16, x: 400, y: 500 },
    ]);
  });

  it('explode on the first player in their path', () => {
    const world = worldOf([playerAt(0, 100, 500, { weapon: Weapon.Rocket }), playerAt(1, 300, 500)]);
    const r = run(world, 40, fireRocketRight(0));
    const exploded = r.events.find((x) => x.e.type === 'exploded')!.e;
    expect(exploded).toMatchObject({ x: 284, y: 500 });
    // Blast on the hitbox edge, 16 from the centre: 100 * (1 - 16 / 120) = 86.7.
    expect(r.world.players[1]!.health).toBe(100 - 87);
  });

  it('explode at their timeout in the open', () => {
    const world = worldOf([playerAt(0, 500, 100, { weapon: Weapon.Rocket })]);
    const r = run(world, 300, fireRocketRight(0));
    const lifetime = secondsToTicks(rocket.range / rocket.projectileSpeed, 60);
    const exploded = r.events.find((x) => x.e.type === 'exploded');
    // Launched and moved on tick 1, so the last of `lifetime` moves happens on tick `lifetime`.
    expect(exploded?.tick).toBe(lifetime);
    expect(exploded?.e).toMatchObject({ x: 500 + rocket.range, y: 100 });
  });

  it('never tunnel through a thin wall or a player, however fast (swept test)', () => {
    const thin = cfgFor(mapWith([{ x: 500, y: 0, w: 1, h: 1000 }], [{ x: 50, y: 50 }], 4000, 1000));
    const fast = { id: 3, owner: 0, x: 100, y: 500, vx: 2000, vy: 0, explodeTick: 999 };
    let w: WorldState = { ...worldOf([playerAt(0, 50, 900)]), projectiles: [fast] };
    const events: SimEvent[] = [];
    for (let i = 0; i < 20; i++) {
      const r = stepWorld(w, new Map(), thin);
      w = r.world;
      events.push(...r.events);
    }
    expect(events.find((e) => e.type === 'exploded')).toMatchObject({ x: 500, y: 500 });
    const throughPlayer = { ...worldOf([playerAt(0, 50, 900), playerAt(1, 1000, 500)]), projectiles: [fast] };
    let v = throughPlayer;
    const seen: SimEvent[] = [];
    for (let i = 0; i < 40; i++) {
      const r = stepWorld(v, new Map(), cfgFor(mapWith([], [{ x: 50, y: 50 }], 4000, 1000)));
      v = r.world;
      seen.push(...r.events);
    }
    expect(seen.find((e) => e.type === 'exploded')).toMatchObject({ x: 1000 - 16, y: 500 });
  });

  it('do not collide with their owner', () => {
    const world = worldOf([playerAt(0, 100, 500, { weapon: Weapon.Rocket })]);
    const r = run(world, 3, fireRocketRight(0));
    expect(r.events.some((x) => x.e.type === 'exploded')).toBe(false);
    expect(r.world.projectiles[0]?.x).toBe(130);
  });

  it('a fired event marks the launch', () => {
    const r = run(worldOf([playerAt(0, 100, 500, { weapon: Weapon.Rocket })]), 1, fireRocketRight(0));
    expect(r.events[0]).toEqual({
      tick: 1,
      e: { type: 'fired', shooter: 0, weapon: Weapon.Rocket, x: 100, y: 500, aim: 0, endX: 100, endY: 500 },
    });
    expect(r.world.projectiles).toHaveLength(1);
    expect(r.world.projectiles[0]).toMatchObject({ id: 0, owner: 0, vx: 600, vy: 0, x: 110, y: 500 });
    expect(r.world.nextProjectileId).toBe(1);
  });
});

describe('kills and score', () => {
  it('a lethal rifle hit kills: alive off, deaths and kills counted, respawn scheduled', () => {
    const world = worldOf([playerAt(0, 100, 500), playerAt(1, 300, 500, { health: 20, vx: 100 })]);
    const r = run(world, 1, new Map([[0, cmd(1, { buttons: Buttons.Fire })]]));
    const [shooter, victim] = r.world.players;
    expect(victim).toMatchObject({ alive: false, health: 0, deaths: 1, kills: 0, vx: 0, vy: 0 });
    expect(victim!.respawnTick).toBe(1 + secondsToTicks(RESPAWN_SECONDS, 60));
    expect(shooter).toMatchObject({ kills: 1, deaths: 0, alive: true });
    expect(r.events.map((x) => x.e.type)).toEqual(['fired', 'hit', 'killed']);
    expect(r.events[2]!.e).toEqual({ type: 'killed', killer: 0, victim: 1, weapon: Weapon.Rifle });
  });

  it('a non-lethal hit only takes health', () => {
    const r = run(
      worldOf([playerAt(0, 100, 500), playerAt(1, 300, 500)]),
      1,
      new Map([[0, cmd(1, { buttons: Buttons.Fire })]]),
    );
    expect(r.world.players[1]).toMatchObject({ health: 80, alive: true, deaths: 0 });
    expect(r.world.players[0]!.kills).toBe(0);
  });

  it('a rocket into a wall at point blank is a suicide: a death, no kill', () => {
    const world = worldOf([playerAt(0, 384, 500, { weapon: Weapon.Rocket, health: 50, kills: 3 })]);
    const r = run(world, 5, fireRocketRight(0));
    expect(r.world.players[0]).toMatchObject({ alive: false, deaths: 1, kills: 3 });
    expect(r.events.find((x) => x.e.type === 'killed')?.e).toEqual({
      type: 'killed',
      killer: 0,
      victim: 0,
      weapon: Weapon.Rocket,
    });
  });

  it('a rocket of a player who left still damages and credits no one', () => {
    const world = worldOf([playerAt(1, 300, 500, { health: 10 })]);
    const flying = { ...world, projectiles: [{ id: 7, owner: 9, x: 200, y: 500, vx: 600, vy: 0, explodeTick: 100 }] };
    const r = run(flying, 20, new Map());
    expect(r.world.players[0]).toMatchObject({ alive: false, deaths: 1 });
    expect(r.events.find((x) => x.e.type === 'killed')?.e).toMatchObject({ killer: 9, victim: 1 });
  });
});
