import { describe, expect, it } from 'vitest';
import type { ViewEvent } from '../../../src/arena/client/view-model';
import {
  LIFE,
  createEffects,
  ingestEvents,
  pruneEffects,
  stepParticles,
  type FxScene,
} from '../../../src/game/effects';
import { COUNTS, playerSlot } from '../../../src/game/fx/bursts';
import { HURT_LIFE } from '../../../src/game/fx/hurt-direction';
import { shakeOffset } from '../../../src/game/fx/shake';
import { Weapon } from '../../../src/sim/types';

const positions = new Map([
  [1, { x: 100, y: 100 }],
  [2, { x: 400, y: 100 }],
]);
const scene = (onWall = false): FxScene => ({
  positionOf: (id) => positions.get(id) ?? null,
  onWall: () => onWall,
  rng: () => 0.5,
});
const ev = (event: ViewEvent['event'], predicted = false): ViewEvent => ({ predicted, tick: 1, event });

describe('effects placed in the scene', () => {
  it('bursts a dead player into shards of its colour where it fell, only when the server confirms the kill', () => {
    const fx = createEffects();
    ingestEvents(fx, [ev({ type: 'killed', killer: 1, victim: 2, weapon: 0 }, true)], 0, 1, [], scene());
    expect(fx.particles.count).toBe(0);
    const cues = ingestEvents(fx, [ev({ type: 'killed', killer: 1, victim: 2, weapon: 0 })], 0, 1, [], scene());
    expect(fx.particles.count).toBe(COUNTS.death);
    expect(fx.particles.x[0]).toBe(400);
    expect(fx.particles.color[0]).toBe(playerSlot(2));
    expect(fx.killMarkerAt).toBe(0);
    expect(cues).toEqual([{ kind: 'kill' }]);
  });

  it('points a hurt indicator from the local player toward the shooter and shakes the view', () => {
    const fx = createEffects();
    ingestEvents(
      fx,
      [ev({ type: 'hit', shooter: 2, target: 1, weapon: 0, damage: 30, x: 100, y: 100 })],
      5,
      1,
      [],
      scene(),
    );
    expect(fx.hurtFrom).toHaveLength(1);
    expect(fx.hurtFrom[0]?.angle).toBeCloseTo(0); // shooter straight to the right (+x)
    expect(fx.shake.trauma).toBeGreaterThan(0);
    expect(fx.particles.count).toBe(COUNTS.sparks);
    pruneEffects(fx, 5 + HURT_LIFE + 0.01);
    expect(fx.hurtFrom).toHaveLength(0);
  });

  it('sparks off a wall where a shot stopped, and not in open air', () => {
    const shot = ev({ type: 'fired', shooter: 2, weapon: 0, x: 400, y: 100, aim: 0, endX: 900, endY: 100 });
    const air = createEffects();
    ingestEvents(air, [shot], 0, 1, [], scene(false));
    expect(air.particles.count).toBe(0);
    const wall = createEffects();
    ingestEvents(wall, [shot], 0, 1, [], scene(true));
    expect(wall.particles.count).toBe(COUNTS.wallSparks);
    expect(wall.particles.vx[0]).toBeLessThan(0); // back toward the shooter
  });

  it('shakes hard for a nearby explosion and not at all for a distant one', () => {
    const near = createEffects();
    const cues = ingestEvents(
      near,
      [ev({ type: 'exploded', projectile: 1, owner: 2, x: 120, y: 100 })],
      0,
      1,
      [],
      scene(),
    );
    expect(near.shake.trauma).toBeGreaterThan(0.4);
    expect(near.particles.count).toBe(COUNTS.explosion);
    expect(cues).toEqual([{ kind: 'explosion', x: 120, y: 100 }]);
    const far = createEffects();
    ingestEvents(far, [ev({ type: 'exploded', projectile: 1, owner: 2, x: 3000, y: 100 })], 0, 1, [], scene());
    expect(far.shake.trauma).toBe(0);
    expect(shakeOffset(far.shake, 0)).toEqual({ x: 0, y: 0 });
  });

  it('rings a respawn and plays reload, switch and pickup sounds for the local player only', () => {
    const fx = createEffects();
    const cues = ingestEvents(
      fx,
      [
        ev({ type: 'respawned', player: 2, x: 50, y: 60 }),
        ev({ type: 'reloaded', player: 1, weapon: 0 }),
        ev({ type: 'reloaded', player: 2, weapon: 0 }),
        ev({ type: 'switched', player: 1, weapon: Weapon.Rocket }),
        {
          predicted: false,
          tick: 1,
          event: { type: 'pickup', player: 1, pickup: 3, kind: 0 } as unknown as ViewEvent['event'],
        },
      ],
      0,
      1,
      [],
      scene(),
    );
    expect(fx.spawns).toEqual([{ x: 50, y: 60, born: 0, player: 2 }]);
    expect(fx.particles.count).toBe(COUNTS.spawn);
    expect(cues.map((c) => c.kind)).toEqual(['spawn', 'reload', 'switch', 'pickup']);
    pruneEffects(fx, LIFE.spawn + 0.01);
    expect(fx.spawns).toHaveLength(0);
  });

  it('trails every flying rocket and ages particles by the frame time', () => {
    const fx = createEffects();
    stepParticles(
      fx,
      [
        { id: 1, owner: 2, x: 10, y: 20 },
        { id: 2, owner: 3, x: 30, y: 40 },
      ],
      0,
      () => 0.5,
    );
    expect(fx.particles.count).toBe(2 * COUNTS.trail);
    stepParticles(fx, [], 0.1, () => 0.5);
    expect(fx.particles.count).toBe(2 * COUNTS.trail);
    // A long hitch ages particles by at most 0.1 s per frame, so a few frames later they are gone.
    for (let t = 1; t <= 8; t++) stepParticles(fx, [], 1 + t, () => 0.5);
    expect(fx.particles.count).toBe(0);
  });
});
