// Contacts: momentum exchange (player–ball 3:1, player–player), pushing the ball, kicks with reach and cooldown.
import { describe, expect, it } from 'vitest';
import {
  BALL_BOUNCE,
  BALL_MASS,
  BALL_RADIUS,
  KICK_REACH,
  KICK_SPEED,
  PLAYER_MASS,
  PLAYER_RADIUS,
} from '../../../src/pushball/sim/config';
import { collidePlayers, exchangeMomentum, kickCooldownTicks, kicksBall } from '../../../src/pushball/sim/contact';
import { stepPitch } from '../../../src/pushball/sim/step';
import type { PitchWorld } from '../../../src/pushball/sim/types';
import { cmd, pitchWith, player, playing, run, withBall, withPlayer } from './helpers';

const KICK = 1;
/** Player 1 at (x, 300) in play, the ball at rest at (bx, by). */
function setup(x: number, bx: number, by = 300): PitchWorld {
  return withBall(withPlayer(playing(pitchWith([1])), 1, { x, y: 300 }), { x: bx, y: by, vx: 0, vy: 0 });
}

describe('momentum exchange', () => {
  it('conserves momentum and reverses the approach speed times the restitution (player 3 : ball 1)', () => {
    const p = { x: 0, y: 0, vx: 200, vy: 0 };
    const b = { x: 25, y: 0, vx: 0, vy: 0 };
    exchangeMomentum(p, PLAYER_MASS, b, BALL_MASS, 1, 0, BALL_BOUNCE);
    expect(PLAYER_MASS * p.vx + BALL_MASS * b.vx).toBeCloseTo(PLAYER_MASS * 200, 9);
    expect(b.vx - p.vx).toBeCloseTo(200 * BALL_BOUNCE, 9);
    // The lighter ball leaves faster than the player came in: 3/4 · 1.5 · 200 = 225.
    expect(b.vx).toBeCloseTo(225, 9);
  });

  it('does nothing to discs already moving apart', () => {
    const a = { x: 0, y: 0, vx: -10, vy: 0 };
    const b = { x: 25, y: 0, vx: 10, vy: 0 };
    exchangeMomentum(a, 3, b, 1, 1, 0, 0.5);
    expect([a.vx, b.vx]).toEqual([-10, 10]);
  });

  it('separates overlapping players half each way and bounces them', () => {
    const a = { id: 1, team: 0 as const, x: 300, y: 300, vx: 100, vy: 0, kickCooldown: 0 };
    const b = { id: 2, team: 1 as const, x: 320, y: 300, vx: -100, vy: 0, kickCooldown: 0 };
    collidePlayers([a, b]);
    expect(b.x - a.x).toBeCloseTo(2 * PLAYER_RADIUS, 9);
    expect(a.x + b.x).toBeCloseTo(620, 9);
    expect(a.vx).toBeLessThan(0);
    expect(b.vx).toBeGreaterThan(0);
  });
});

describe('pushing the ball', () => {
  it('a running player knocks the ball ahead, faster than itself, and slows down (momentum transfer)', () => {
    const w = setup(300, 400);
    const { world } = run(w, 40, () => new Map([[1, cmd(127, 0)]]));
    const p = player(world, 1);
    expect(world.ball.vx).toBeGreaterThan(0);
    expect(world.ball.x).toBeGreaterThan(400 + 40);
    expect(world.ball.lastTouch).toBe(1);
    // The first contact tick: the ball gains more than the player loses (mass 1 vs 3).
    let prev = w;
    for (let t = 0; t < 40; t++) {
      const next = stepPitch(prev, new Map([[1, cmd(127, 0)]])).world;
      if (next.ball.vx > 0) {
        const lost = player(prev, 1).vx - player(next, 1).vx;
        expect(lost).toBeGreaterThan(0);
        expect(next.ball.vx).toBeGreaterThan(2 * lost);
        break;
      }
      prev = next;
    }
    expect(p.x).toBeLessThan(world.ball.x - PLAYER_RADIUS - BALL_RADIUS + 1);
  });

  it('a still ball and a still player do not interact when apart', () => {
    const w = setup(300, 300 + PLAYER_RADIUS + BALL_RADIUS + 1);
    expect(run(w, 10).world.ball).toEqual(w.ball);
  });
});

describe('kicks', () => {
  const gap = (g: number): number => 300 + PLAYER_RADIUS + BALL_RADIUS + g;

  it('kicks the ball away from the player centre when in reach and ready, and starts the cooldown', () => {
    // Ball up-right of the player: the kick goes up-right.
    const w = setup(300, 300 + 20, 300 - 16);
    const r = stepPitch(w, new Map([[1, cmd(0, 0, KICK)]]));
    expect(r.events).toEqual([{ type: 'kick', playerId: 1 }]);
    expect(r.world.ball.vx).toBeGreaterThan(0);
    expect(r.world.ball.vy).toBeLessThan(0);
    expect(Math.hypot(r.world.ball.vx, r.world.ball.vy)).toBeGreaterThan(KICK_SPEED * 0.95);
    expect(player(r.world, 1).kickCooldown).toBe(15);
    expect(r.world.ball.lastTouch).toBe(1);
  });

  it('reaches a ball whose edge is just under KICK_REACH away, not one farther', () => {
    const near = stepPitch(setup(300, gap(KICK_REACH - 0.5)), new Map([[1, cmd(0, 0, KICK)]]));
    expect(near.events).toHaveLength(1);
    const far = stepPitch(setup(300, gap(KICK_REACH + 0.5)), new Map([[1, cmd(0, 0, KICK)]]));
    expect(far.events).toEqual([]);
    expect(far.world.ball.vx).toBe(0);
  });

  it('does not kick without the button', () => {
    const r = stepPitch(setup(300, gap(1)), new Map([[1, cmd(0, 0, 0)]]));
    expect(r.events).toEqual([]);
  });

  it('holding kick kicks again only after the cooldown (0.25 s), at any tickrate', () => {
    for (const tickrate of [20, 60, 128]) {
      let w = withPlayer(playing(pitchWith([1], { tickrate })), 1, { x: 300, y: 300 });
      const kicks: number[] = [];
      for (let t = 0; t < tickrate; t++) {
        // Keep the ball in reach, at rest, every tick: only the cooldown decides.
        w = withBall(w, { x: gap(1), y: 300, vx: 0, vy: 0 });
        w = withPlayer(w, 1, { x: 300, y: 300, vx: 0, vy: 0 });
        const r = stepPitch(w, new Map([[1, cmd(0, 0, KICK)]]));
        if (r.events.some((e) => e.type === 'kick')) kicks.push(t);
        w = r.world;
      }
      const every = tickrate / 4;
      expect(kicks, `tickrate ${tickrate}`).toEqual([0, 1, 2, 3].map((k) => k * every));
    }
  });

  it('a kick from the other side sends the ball the other way', () => {
    const r = stepPitch(setup(300, 300 - PLAYER_RADIUS - BALL_RADIUS - 1), new Map([[1, cmd(0, 0, KICK)]]));
    expect(r.world.ball.vx).toBeLessThan(-KICK_SPEED * 0.95);
  });
});

describe('kicksBall (the kick rule prediction shares with the step)', () => {
  const at = (x: number, kickCooldown = 0) => ({ id: 1, team: 0 as const, x, y: 300, vx: 0, vy: 0, kickCooldown });
  const ball = { x: 300 + PLAYER_RADIUS + BALL_RADIUS + KICK_REACH - 0.5, y: 300, vx: 0, vy: 0, lastTouch: -1 };

  it('needs the button, a ready kick and the ball in reach', () => {
    expect(kicksBall(at(300), cmd(0, 0, KICK), ball)).toBe(true);
    expect(kicksBall(at(300), cmd(0, 0, 0), ball)).toBe(false);
    expect(kicksBall(at(300, 1), cmd(0, 0, KICK), ball)).toBe(false);
    expect(kicksBall(at(299), cmd(0, 0, KICK), ball)).toBe(false);
  });

  it('agrees with the step: a kick event exactly when kicksBall says so (ball at rest, player still)', () => {
    const seen = new Set<boolean>();
    for (let g = 0; g <= 2 * KICK_REACH; g += 0.5) {
      const w = setup(300, gap0(g));
      const says = kicksBall(player(w, 1), cmd(0, 0, KICK), w.ball);
      const stepped = stepPitch(w, new Map([[1, cmd(0, 0, KICK)]]));
      expect(stepped.events.length === 1, `gap ${g}`).toBe(says);
      seen.add(says);
    }
    expect(seen.size).toBe(2); // both answers came up: the loop spans the reach
  });

  it('the cooldown is a quarter second in whole ticks', () => {
    expect([20, 60, 128].map(kickCooldownTicks)).toEqual([5, 15, 32]);
  });
});

function gap0(g: number): number {
  return 300 + PLAYER_RADIUS + BALL_RADIUS + g;
}
