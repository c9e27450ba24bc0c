// Player movement: acceleration, top speed, braking, walls, kickoff restrictions, and advancePlayer = the world step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CENTRE_CIRCLE,
  CENTRE_X,
  CENTRE_Y,
  FIELD_X0,
  FIELD_Y0,
  PLAYER_MAX_SPEED,
  PLAYER_RADIUS,
} from '../../../src/pushball/sim/config';
import { advancePlayer } from '../../../src/pushball/sim/player';
import { stepPitch } from '../../../src/pushball/sim/step';
import { PitchPhase, type PitchWorld, type PushCmd } from '../../../src/pushball/sim/types';
import { cmd, pitchWith, player, playing, run, speed, withBall, withPlayer } from './helpers';

const GRID_STEP = 1 / 16;
/** One player alone in open field, in play. */
const solo = (): ReturnType<typeof pitchWith> => withPlayer(playing(pitchWith([1])), 1, { x: 500, y: 200 });
const hold = (c: PushCmd) => () => new Map([[1, c]]);

describe('player movement', () => {
  it('accelerates toward the stick and moves that way', () => {
    const { world } = run(solo(), 5, hold(cmd(127, 0)));
    const p = player(world, 1);
    expect(p.vx).toBeGreaterThan(50);
    expect(p.vy).toBe(0);
    expect(p.x).toBeGreaterThan(500);
    expect(p.y).toBe(200);
  });

  it('reaches the top speed in well under a second and never exceeds it, straight or diagonal', () => {
    for (const [mx, my] of [
      [0, -127],
      [127, 127],
      [-90, 127],
    ] as const) {
      let w = withPlayer(solo(), 1, { x: 300, y: 300 });
      for (let t = 0; t < 30; t++) {
        w = stepPitch(w, new Map([[1, cmd(mx, my)]])).world;
        expect(speed(player(w, 1))).toBeLessThanOrEqual(PLAYER_MAX_SPEED + GRID_STEP);
      }
      expect(speed(player(w, 1))).toBeGreaterThan(PLAYER_MAX_SPEED - 1);
    }
  });

  it('a half-tilted stick gives about half the top speed', () => {
    const { world } = run(withPlayer(solo(), 1, { x: 200 }), 60, hold(cmd(64, 0)));
    expect(speed(player(world, 1))).toBeCloseTo((PLAYER_MAX_SPEED * 64) / 127, 0);
  });

  it('brakes to a full stop within half a second of releasing the stick (friction)', () => {
    const fast = withPlayer(solo(), 1, { vx: PLAYER_MAX_SPEED, vy: 0 });
    const one = run(fast, 1).world;
    expect(player(one, 1).vx).toBeLessThan(PLAYER_MAX_SPEED);
    expect(player(one, 1).vx).toBeGreaterThan(0);
    const { world } = run(fast, 30);
    expect(player(world, 1).vx).toBe(0);
  });

  it('turns toward a new stick direction gradually (acceleration is limited)', () => {
    const running = withPlayer(solo(), 1, { vx: PLAYER_MAX_SPEED, vy: 0 });
    const p = player(run(running, 1, hold(cmd(-127, 0))).world, 1);
    expect(p.vx).toBeGreaterThan(0);
    expect(p.vx).toBeLessThan(PLAYER_MAX_SPEED);
  });

  it('walls stop players; the goal mouth is wall for players too', () => {
    const toCorner = run(withPlayer(solo(), 1, { x: 150, y: 150 }), 60, hold(cmd(-127, -127))).world;
    expect([player(toCorner, 1).x, player(toCorner, 1).y]).toEqual([
      FIELD_X0 + PLAYER_RADIUS,
      FIELD_Y0 + PLAYER_RADIUS,
    ]);
    expect([player(toCorner, 1).vx, player(toCorner, 1).vy]).toEqual([0, 0]);
    const intoGoal = run(withPlayer(solo(), 1, { x: 200, y: CENTRE_Y }), 60, hold(cmd(-127, 0))).world;
    expect(player(intoGoal, 1).x).toBe(FIELD_X0 + PLAYER_RADIUS);
  });

  it('counts the kick cooldown down to zero, one per tick', () => {
    const w = withPlayer(solo(), 1, { kickCooldown: 2 });
    expect(player(run(w, 1).world, 1).kickCooldown).toBe(1);
    expect(player(run(w, 5).world, 1).kickCooldown).toBe(0);
  });
});

describe('kickoff restrictions', () => {
  it('keeps both teams in their own half', () => {
    // 1 is team 0 (left), 2 is team 1 (right); team 0 kicks off. Both run past the ball without touching it.
    const w = pitchWith([1, 2]);
    const { world } = run(
      w,
      60,
      () =>
        new Map([
          [1, cmd(127, -60)],
          [2, cmd(-127, 60)],
        ]),
    );
    expect(world.rules.phase).toBe(PitchPhase.Kickoff);
    expect(player(world, 1).x).toBeLessThanOrEqual(CENTRE_X - PLAYER_RADIUS);
    expect(player(world, 2).x).toBeGreaterThanOrEqual(CENTRE_X + PLAYER_RADIUS);
  });

  it('keeps the team not kicking off out of the centre circle, but lets the kicking team reach the ball', () => {
    const w = pitchWith([1, 2]);
    const wait = run(w, 60, () => new Map([[2, cmd(-127, 0)]])).world;
    expect(player(wait, 2).x).toBeGreaterThanOrEqual(CENTRE_X + CENTRE_CIRCLE + PLAYER_RADIUS - GRID_STEP);
    expect(wait.ball).toEqual(w.ball);
    expect(wait.rules.phase).toBe(PitchPhase.Kickoff);
    const go = run(w, 60, () => new Map([[1, cmd(127, 0)]])).world;
    expect(go.ball.vx).toBeGreaterThan(0);
    expect(go.rules.phase).toBe(PitchPhase.Playing);
  });
});

describe('advancePlayer (the per-player step)', () => {
  it('gives the same player as the world step for a player that touches nothing (property)', () => {
    const axis = fc.integer({ min: -127, max: 127 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ moveX: axis, moveY: axis, buttons: fc.integer({ min: 0, max: 1 }) }), {
          minLength: 1,
          maxLength: 120,
        }),
        fc.constantFrom(20, 60, 128),
        (moves, tickrate) => {
          // The ball far off the pitch (no wall near it), so the player touches nothing.
          const away = (w: PitchWorld): PitchWorld => withBall(w, { x: 2000, y: 2000, vx: 0, vy: 0 });
          let world = away(withPlayer(playing(pitchWith([1], { tickrate })), 1, { x: 500, y: 300 }));
          let alone = player(world, 1);
          for (const m of moves) {
            const c = { tick: world.tick, ...m };
            alone = advancePlayer(alone, c, world);
            world = stepPitch(world, new Map([[1, c]])).world;
            expect(alone).toEqual(player(world, 1));
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('reads junk commands as sanitized ones and mutates nothing', () => {
    const world = solo();
    const before = structuredClone(world);
    const junk = { tick: NaN, moveX: 1e9, moveY: -0.4, buttons: -3 };
    expect(advancePlayer(player(world, 1), junk, world)).toEqual(advancePlayer(player(world, 1), cmd(127, 0), world));
    expect(world).toEqual(before);
  });
});
