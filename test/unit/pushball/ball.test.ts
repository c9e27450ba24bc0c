// The ball alone: drag, bounces off walls and posts, and the goal line (fully across, inside the mouth).
import { describe, expect, it } from 'vitest';
import {
  BALL_RADIUS,
  FIELD_X0,
  FIELD_X1,
  FIELD_Y0,
  GOAL_DEPTH,
  GOAL_Y0,
  GOAL_Y1,
  WALL_BOUNCE,
} from '../../../src/pushball/sim/config';
import { scoringTeam } from '../../../src/pushball/sim/ball';
import { stepPitch } from '../../../src/pushball/sim/step';
import { PitchPhase, type PitchWorld } from '../../../src/pushball/sim/types';
import { pitchWith, playing, run, runUntil, withBall } from './helpers';

/** An empty pitch in play with the ball set as given. */
const ballAt = (ball: Partial<PitchWorld['ball']>, tickrate = 60): PitchWorld =>
  withBall(playing(pitchWith([], { tickrate })), ball);

describe('ball drag', () => {
  it('slows a rolling ball every tick and stops it in finite time', () => {
    const w = ballAt({ x: 300, y: 300, vx: 300, vy: 0 });
    expect(stepPitch(w, new Map()).world.ball.vx).toBeLessThan(300);
    const stopped = runUntil(w, (x) => x.ball.vx === 0, 60 * 60);
    expect(stopped.world.ball.vx).toBe(0);
    expect(stopped.ticks).toBeLessThan(60 * 20);
    // It kept rolling a good way first (a light drag, not a brake).
    expect(stopped.world.ball.x).toBeGreaterThan(500);
  });

  it('slows about the same per second at 20 and at 128 ticks per second', () => {
    const after1s = (rate: number): number => run(ballAt({ x: 300, y: 300, vx: 400 }, rate), rate).world.ball.vx;
    expect(Math.abs(after1s(20) - after1s(128))).toBeLessThan(5);
  });
});

describe('wall bounces', () => {
  it('reflects the ball off a side wall, keeping WALL_BOUNCE of its normal speed', () => {
    const w = ballAt({ x: 500, y: FIELD_Y0 + 20, vx: 0, vy: -400 });
    const { world } = runUntil(w, (x) => x.ball.vy > 0, 30);
    expect(world.ball.vy).toBeGreaterThan(400 * WALL_BOUNCE * 0.9);
    expect(world.ball.vy).toBeLessThan(400 * WALL_BOUNCE);
    expect(world.ball.y).toBeGreaterThanOrEqual(FIELD_Y0 + BALL_RADIUS - 1 / 16);
  });

  it('bounces off the end wall beside the goal mouth, no goal', () => {
    const w = ballAt({ x: FIELD_X0 + 50, y: 150, vx: -600, vy: 0 });
    const { world, events } = run(w, 30);
    expect(world.ball.vx).toBeGreaterThan(0);
    expect(world.ball.x).toBeGreaterThan(FIELD_X0);
    expect(events).toEqual([]);
  });

  it('bounces a ball that hits the post off at an angle, no goal', () => {
    // Centre just inside the mouth, edge on the top post of the left goal: it glances off back into the field, downward.
    const w = ballAt({ x: FIELD_X0 + 60, y: GOAL_Y0 + 4, vx: -600, vy: 0 });
    const { world, events } = run(w, 30);
    expect(world.ball.vx).toBeGreaterThan(0);
    expect(world.ball.vy).toBeGreaterThan(0);
    expect(world.ball.x).toBeGreaterThan(FIELD_X0);
    expect(events).toEqual([]);
    expect(world.rules.scores).toEqual([0, 0]);
  });

  it('never lets the ball through a wall, even at top speed and the lowest tickrate', () => {
    for (const [vx, vy] of [
      [900, 0],
      [-900, 0],
      [0, 900],
      [636, -636],
    ] as const) {
      let w = ballAt({ x: 500, y: 150, vx, vy }, 20);
      w = { ...w, rules: { ...w.rules, phase: PitchPhase.Ended } };
      for (let t = 0; t < 100; t++) {
        w = stepPitch(w, new Map()).world;
        expect(w.ball.x).toBeGreaterThan(FIELD_X0 - GOAL_DEPTH);
        expect(w.ball.x).toBeLessThan(FIELD_X1 + GOAL_DEPTH);
        expect(w.ball.y).toBeGreaterThan(FIELD_Y0);
      }
    }
  });
});

describe('goal line', () => {
  it('scores when the ball is fully past the line inside the mouth, not while it straddles it', () => {
    const mid = (GOAL_Y0 + GOAL_Y1) / 2;
    expect(scoringTeam({ x: FIELD_X0 - BALL_RADIUS - 1 / 16, y: mid, vx: 0, vy: 0, lastTouch: -1 })).toBe(1);
    expect(scoringTeam({ x: FIELD_X0 - BALL_RADIUS, y: mid, vx: 0, vy: 0, lastTouch: -1 })).toBeNull();
    expect(scoringTeam({ x: FIELD_X0 + 5, y: mid, vx: 0, vy: 0, lastTouch: -1 })).toBeNull();
    expect(scoringTeam({ x: FIELD_X1 + BALL_RADIUS + 1 / 16, y: mid, vx: 0, vy: 0, lastTouch: -1 })).toBe(0);
    expect(scoringTeam({ x: FIELD_X0 - 20, y: GOAL_Y0 - 1, vx: 0, vy: 0, lastTouch: -1 })).toBeNull();
  });

  it('a shot into the left goal scores for team 1 (own side conceded) once, the ball fully in the net', () => {
    const w = ballAt({ x: 300, y: 300, vx: -700, vy: 0 });
    const { world, events } = runUntil(w, (x) => x.rules.phase !== PitchPhase.Playing, 120);
    expect(events).toEqual([{ type: 'goal', team: 1, scorerId: -1 }]);
    expect(world.rules.scores).toEqual([0, 1]);
    expect(world.ball.x).toBeLessThan(FIELD_X0 - BALL_RADIUS);
    expect(world.ball.x).toBeGreaterThanOrEqual(FIELD_X0 - GOAL_DEPTH + BALL_RADIUS - 1 / 16);
  });

  it('a ball rolling to a stop on the line does not score; a touch harder and it does', () => {
    const stopOn = run(ballAt({ x: FIELD_X0 + 10, y: 300, vx: -30, vy: 0 }), 300);
    expect(stopOn.world.ball.vx).toBe(0);
    // It straddles the line: centre past it, edge not.
    expect(stopOn.world.ball.x).toBeLessThan(FIELD_X0);
    expect(stopOn.world.ball.x).toBeGreaterThan(FIELD_X0 - BALL_RADIUS);
    expect(stopOn.events).toEqual([]);
    const over = run(ballAt({ x: FIELD_X0 + 10, y: 300, vx: -35, vy: 0 }), 300);
    expect(over.events).toEqual([{ type: 'goal', team: 1, scorerId: -1 }]);
  });
});
