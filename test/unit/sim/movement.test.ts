import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CROUCH_RADIUS, CROUCH_SPEED, MAX_SPEED, PLAYER_RADIUS } from '../../../src/sim/config';
import { hitboxOf } from '../../../src/sim/hitscan';
import { nextVelocity } from '../../../src/sim/movement';
import { stepPlayer } from '../../../src/sim/player';
import { Buttons, type Hitbox, type PlayerState } from '../../../src/sim/types';
import { cfgFor, cmd, mapWith, onGrid, playerAt, speedOf } from './helpers';

const open = cfgFor(mapWith([], [{ x: 500, y: 500 }], 4000, 4000));

function run(p: PlayerState, ticks: number, fields: Parameters<typeof cmd>[1], blockers: Hitbox[] = []): PlayerState[] {
  const out: PlayerState[] = [];
  let cur = p;
  for (let t = 1; t <= ticks; t++) {
    cur = stepPlayer(cur, cmd(t, fields), t, open, blockers).player;
    out.push(cur);
  }
  return out;
}

describe('speed limits', () => {
  const cases = [
    { name: 'straight', moveX: 127, moveY: 0, crouch: false, max: MAX_SPEED },
    { name: 'diagonal', moveX: 127, moveY: 127, crouch: false, max: MAX_SPEED },
    { name: 'crouched', moveX: -127, moveY: 0, crouch: true, max: CROUCH_SPEED },
    { name: 'crouched diagonal', moveX: 127, moveY: -127, crouch: true, max: CROUCH_SPEED },
  ];
  for (const c of cases) {
    it(`reaches and never exceeds the max speed (${c.name})`, () => {
      const states = run(playerAt(0, 2000, 2000), 120, {
        moveX: c.moveX,
        moveY: c.moveY,
        buttons: c.crouch ? Buttons.Crouch : 0,
      });
      for (const s of states) expect(speedOf(s)).toBeLessThanOrEqual(c.max);
      expect(speedOf(states[states.length - 1]!)).toBeGreaterThan(c.max - 0.25);
      // Acceleration takes time: not at full speed after one tick.
      expect(speedOf(states[0]!)).toBeLessThan(c.max / 2);
    });
  }

  it('a half-pushed stick asks for about half speed', () => {
    const states = run(playerAt(0, 2000, 2000), 120, { moveX: 0, moveY: 64 });
    expect(states[119]!.vy).toBeCloseTo((MAX_SPEED * 64) / 127, 0);
  });

  it('crouching while running caps the speed at once', () => {
    const running = run(playerAt(0, 2000, 2000), 60, { moveX: 127 })[59]!;
    const next = stepPlayer(running, cmd(61, { moveX: 127, buttons: Buttons.Crouch }), 61, open, []).player;
    expect(next.crouch).toBe(true);
    expect(speedOf(next)).toBeLessThanOrEqual(CROUCH_SPEED);
  });

  it('no sequence of moves ever exceeds the limit or leaves the grid (property)', () => {
    const move = fc.record({
      x: fc.integer({ min: -127, max: 127 }),
      y: fc.integer({ min: -127, max: 127 }),
      crouch: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(move, { minLength: 1, maxLength: 200 }), (moves) => {
        let p = playerAt(0, 2000, 2000);
        moves.forEach((m, i) => {
          p = stepPlayer(
            p,
            cmd(i + 1, { moveX: m.x, moveY: m.y, buttons: m.crouch ? Buttons.Crouch : 0 }),
            i + 1,
            open,
            [],
          ).player;
          expect(speedOf(p)).toBeLessThanOrEqual(m.crouch ? CROUCH_SPEED : MAX_SPEED);
          // stepPlayer alone (without the world's end-of-tick snap) must already give wire values.
          expect([p.x, p.y, p.vx, p.vy].every(onGrid)).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('friction', () => {
  it('brings a running player to a full stop, monotonically, within a second', () => {
    const running = playerAt(0, 2000, 2000, { vx: MAX_SPEED, vy: 0 });
    const states = run(running, 60, {});
    let prev = MAX_SPEED;
    for (const s of states) {
      expect(speedOf(s)).toBeLessThanOrEqual(prev);
      prev = speedOf(s);
    }
    expect(states[59]!.vx).toBe(0);
    expect(states[59]!.vy).toBe(0);
    const stopTick = states.findIndex((s) => s.vx === 0);
    expect(stopTick).toBeGreaterThan(10);
  });

  it('moves the player by velocity / tickrate each tick', () => {
    const p = playerAt(0, 2000, 2000, { vx: 120, vy: -60 });
    const v = nextVelocity(120, -60, 0, 0, false, 60);
    const next = stepPlayer(p, cmd(1), 1, open, []).player;
    expect(next.x).toBeCloseTo(2000 + v.vx / 60, 1);
    expect(next.y).toBeCloseTo(2000 + v.vy / 60, 1);
  });
});

describe('walls', () => {
  const wall = { x: 600, y: 0, w: 40, h: 1000 };
  const cfg = cfgFor(mapWith([wall]));

  it('slides along a wall: the blocked component is zeroed, the parallel one kept', () => {
    const p = playerAt(0, wall.x - PLAYER_RADIUS, 500, { vx: 200, vy: 100 });
    const expected = nextVelocity(200, 100, 0, 0, false, 60);
    const next = stepPlayer(p, cmd(1), 1, cfg, []).player;
    expect(next.x).toBe(wall.x - PLAYER_RADIUS);
    expect(next.vx).toBe(0);
    expect(next.vy).toBe(expected.vy);
    // Friction above STOP_SPEED removes FRICTION/tickrate = 10 % of the speed: 100 -> 90.
    expect(next.vy).toBe(90);
    expect(next.y).toBeGreaterThan(500);
  });

  it('running diagonally into a wall keeps running along it', () => {
    let p = playerAt(0, 500, 500);
    for (let t = 1; t <= 120; t++) p = stepPlayer(p, cmd(t, { moveX: 127, moveY: 127 }), t, cfg, []).player;
    expect(p.x).toBe(wall.x - PLAYER_RADIUS);
    expect(p.vy).toBeGreaterThan(150);
  });

  it('stops at the map bounds', () => {
    let p = playerAt(0, 100, 100);
    for (let t = 1; t <= 120; t++) p = stepPlayer(p, cmd(t, { moveX: -127, moveY: -127 }), t, cfg, []).player;
    expect(p.x).toBe(PLAYER_RADIUS);
    expect(p.y).toBe(PLAYER_RADIUS);
    expect(p.vx).toBe(0);
    expect(p.vy).toBe(0);
  });
});

describe('blockers (other players)', () => {
  const other = (x: number, y: number, alive = true): Hitbox => ({ ...hitboxOf(playerAt(1, x, y)), alive });

  it('a live player stops the mover at box contact', () => {
    const states = run(playerAt(0, 300, 500), 90, { moveX: 127 }, [other(400, 500)]);
    const last = states[89]!;
    expect(last.x).toBe(400 - 2 * PLAYER_RADIUS);
    expect(last.vx).toBe(0);
  });

  it('a dead player does not block', () => {
    const states = run(playerAt(0, 300, 500), 90, { moveX: 127 }, [other(400, 500, false)]);
    expect(states[89]!.x).toBeGreaterThan(450);
  });

  it('the mover ignores its own box and any box it already overlaps', () => {
    const self = hitboxOf(playerAt(0, 300, 500));
    const stuck = other(310, 500);
    const states = run(playerAt(0, 300, 500), 60, { moveX: 127 }, [self, stuck]);
    expect(states[59]!.x).toBeGreaterThan(400);
  });
});

describe('crouch', () => {
  it('sets the crouch flag from the button and shrinks the hitbox, not the movement box', () => {
    const p = stepPlayer(playerAt(0, 500, 500), cmd(1, { buttons: Buttons.Crouch }), 1, open, []).player;
    expect(p.crouch).toBe(true);
    expect(hitboxOf(p).radius).toBe(CROUCH_RADIUS);
    expect(hitboxOf({ ...p, crouch: false }).radius).toBe(PLAYER_RADIUS);
    const wallCfg = cfgFor(mapWith([{ x: 600, y: 0, w: 40, h: 1000 }]));
    let q = playerAt(0, 500, 500);
    for (let t = 1; t <= 120; t++)
      q = stepPlayer(q, cmd(t, { moveX: 127, buttons: Buttons.Crouch }), t, wallCfg, []).player;
    expect(q.x).toBe(600 - PLAYER_RADIUS);
  });
});

describe('dead players', () => {
  it('change only their aim', () => {
    const dead = playerAt(0, 500, 500, { alive: false, health: 0, vx: 0, respawnTick: 99 });
    const r = stepPlayer(
      dead,
      cmd(1, { moveX: 127, aim: 1234, buttons: Buttons.Fire | Buttons.Reload, weaponSelect: 1 }),
      1,
      open,
      [],
    );
    expect(r.player).toEqual({ ...dead, aim: 1234 });
    expect(r.shot).toBeNull();
    expect(r.events).toEqual([]);
  });

  it('stepPlayer never mutates its input', () => {
    const p = playerAt(0, 500, 500, { vx: 50 });
    const frozen = structuredClone(p);
    stepPlayer(p, cmd(1, { moveX: 127, buttons: Buttons.Fire }), 1, open, []);
    expect(p).toEqual(frozen);
  });
});
