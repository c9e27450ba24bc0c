import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_HEALTH, PLAYER_RADIUS, WEAPONS } from '../../../src/sim/config';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { addPlayer, createWorld, stepWorld } from '../../../src/sim/world';
import { BUTTONS_MASK, WEAPON_KEEP, type PlayerId, type UserCmd, type WorldState } from '../../../src/sim/types';
import { cfgFor, onGrid, overlaps, rectBox } from './helpers';
import { saneCmds } from '../../helpers/sane-cmds';

const cfg = cfgFor(DEFAULT_MAP);
const R = PLAYER_RADIUS;
const isInt = (v: number, lo: number, hi: number) => Number.isInteger(v) && v >= lo && v <= hi && !Object.is(v, -0);

/** Every rule of the wire grid and the map, checked on one world state. */
function expectOnGridAndInside(w: WorldState): void {
  expect(isInt(w.tick, 0, 2 ** 31)).toBe(true);
  expect(isInt(w.rng, 0, 2 ** 32 - 1)).toBe(true);
  expect(isInt(w.nextProjectileId, 0, 65535)).toBe(true);
  for (const p of w.players) {
    for (const v of [p.x, p.y, p.vx, p.vy]) expect(onGrid(v) && !Object.is(v, -0)).toBe(true);
    expect(isInt(p.aim, 0, 65535)).toBe(true);
    expect(isInt(p.health, 0, MAX_HEALTH)).toBe(true);
    expect(p.alive).toBe(p.health > 0);
    p.ammo.forEach((a, i) => expect(isInt(a, 0, WEAPONS[i]!.magazine)).toBe(true));
    for (const t of [p.nextFireTick, p.reloadEndTick, p.deployEndTick, p.respawnTick, p.kills, p.deaths])
      expect(isInt(t, 0, 2 ** 31)).toBe(true);
    expect(isInt(p.teleportSeq, 0, 255)).toBe(true);
    expect(p.x >= R && p.x <= DEFAULT_MAP.width - R && p.y >= R && p.y <= DEFAULT_MAP.height - R).toBe(true);
    const box = [p.x - R, p.y - R, p.x + R, p.y + R];
    for (const wall of DEFAULT_MAP.walls) expect(overlaps(box, rectBox(wall))).toBe(false);
  }
  for (const q of w.projectiles) {
    for (const v of [q.x, q.y, q.vx, q.vy]) expect(onGrid(v)).toBe(true);
    expect(q.x >= 0 && q.x <= DEFAULT_MAP.width && q.y >= 0 && q.y <= DEFAULT_MAP.height).toBe(true);
    expect(isInt(q.explodeTick, 0, 2 ** 31)).toBe(true);
  }
}

// Raw, unsanitized command fields: stepWorld must cope with anything a decoder lets through.
const cmdArb = fc.record({
  moveX: fc.integer({ min: -300, max: 300 }),
  moveY: fc.integer({ min: -300, max: 300 }),
  aim: fc.integer({ min: -100000, max: 200000 }),
  buttons: fc.integer({ min: 0, max: 255 }),
  weaponSelect: fc.constantFrom(0, 1, WEAPON_KEEP, 7),
});

describe('quantization and bounds invariants (property)', () => {
  it('after every step, every number is on its grid and every player inside the map', () => {
    const run = fc.record({
      seed: fc.integer({ min: 0, max: 2 ** 31 }),
      players: fc.integer({ min: 1, max: 6 }),
      health: fc.integer({ min: 1, max: MAX_HEALTH }),
      ticks: fc.array(fc.array(cmdArb, { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 120 }),
    });
    fc.assert(
      fc.property(run, (r) => {
        let w = createWorld(r.seed);
        for (let id = 0; id < r.players; id++) w = addPlayer(w, id, cfg);
        // Low health makes deaths, and so respawns, likely within a short run.
        w = { ...w, players: w.players.map((p) => ({ ...p, health: r.health })) };
        for (const tickCmds of r.ticks) {
          const cmds = new Map<PlayerId, UserCmd>();
          w.players.forEach((p, i) => {
            const c = tickCmds[i]!;
            cmds.set(p.id, {
              ...c,
              buttons: c.buttons & (BUTTONS_MASK | 0xf0),
              tick: w.tick + 1,
              viewTick: w.tick,
              viewFrac: 0,
            });
          });
          w = stepWorld(w, saneCmds(cmds), cfg).world;
          expectOnGridAndInside(w);
        }
      }),
      { numRuns: 150 },
    );
  });
});
