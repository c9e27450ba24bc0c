import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveBox } from '../../../src/sim/collide';
import { MAX_SPEED, PLAYER_RADIUS } from '../../../src/sim/config';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { stepPlayer } from '../../../src/sim/player';
import type { ArenaMap } from '../../../src/sim/types';
import { cfgFor, cmd, mapWith, onGrid, overlaps, playerAt, rectBox } from './helpers';

const R = PLAYER_RADIUS;

function freeAt(map: ArenaMap, x: number, y: number): boolean {
  return map.walls.every((w) => !overlaps([x - R, y - R, x + R, y + R], rectBox(w)));
}

/** Asserts the two axis sweeps of a move from (x0, y0) to (x1, y1) crossed no wall and stayed in bounds. */
function expectCleanSweep(map: ArenaMap, x0: number, y0: number, x1: number, y1: number): void {
  const sweepX = [Math.min(x0, x1) - R, y0 - R, Math.max(x0, x1) + R, y0 + R];
  const sweepY = [x1 - R, Math.min(y0, y1) - R, x1 + R, Math.max(y0, y1) + R];
  for (const w of map.walls) {
    expect(overlaps(sweepX, rectBox(w))).toBe(false);
    expect(overlaps(sweepY, rectBox(w))).toBe(false);
  }
  expect(x1 - R).toBeGreaterThanOrEqual(0);
  expect(y1 - R).toBeGreaterThanOrEqual(0);
  expect(x1 + R).toBeLessThanOrEqual(map.width);
  expect(y1 + R).toBeLessThanOrEqual(map.height);
}

/** A stopped axis must end in contact with a wall face or the bounds, not short of it. */
function touchesSomething(map: ArenaMap, alongX: boolean, x: number, y: number): boolean {
  const pos = alongX ? x : y;
  const cross = alongX ? y : x;
  const limit = alongX ? map.width : map.height;
  if (pos === R || pos === limit - R) return true;
  return map.walls.some((w) => {
    const [lo, hi, clo, chi] = alongX ? [w.x, w.x + w.w, w.y, w.y + w.h] : [w.y, w.y + w.h, w.x, w.x + w.w];
    const crossOverlap = cross + R > clo && cross - R < chi;
    return crossOverlap && (pos + R === lo || pos - R === hi);
  });
}

const gridCoord = (max: number) => fc.integer({ min: R * 16, max: (max - R) * 16 }).map((v) => v / 16);

describe('moveBox: no tunnelling at any speed', () => {
  it('never crosses a wall of the default map, for any start and displacement (property)', () => {
    const start = fc
      .record({ x: gridCoord(DEFAULT_MAP.width), y: gridCoord(DEFAULT_MAP.height) })
      .filter((s) => freeAt(DEFAULT_MAP, s.x, s.y));
    const delta = fc.double({ min: -5000, max: 5000, noNaN: true });
    fc.assert(
      fc.property(start, delta, delta, (s, dx, dy) => {
        const m = moveBox(DEFAULT_MAP, 0, s.x, s.y, dx, dy, []);
        expectCleanSweep(DEFAULT_MAP, s.x, s.y, m.x, m.y);
        expect(onGrid(m.x) && onGrid(m.y)).toBe(true);
        if (m.blockedX) expect(touchesSomething(DEFAULT_MAP, true, m.x, s.y)).toBe(true);
        if (m.blockedY) expect(touchesSomething(DEFAULT_MAP, false, m.x, m.y)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('stops at a 1-unit-thin wall even when the displacement is a thousand times its width', () => {
    const map = mapWith([{ x: 500, y: 0, w: 1, h: 1000 }]);
    const right = moveBox(map, 0, 100, 500, 5000, 0, []);
    expect(right.x).toBe(500 - R);
    expect(right.blockedX).toBe(true);
    const left = moveBox(map, 0, 900, 500, -5000, 0, []);
    expect(left.x).toBe(501 + R);
    const down = moveBox(mapWith([{ x: 0, y: 300, w: 1000, h: 1 }]), 0, 500, 100, 0, 1e6, []);
    expect(down.y).toBe(300 - R);
  });

  it('passes a gap exactly as wide as the box (touching faces do not block)', () => {
    const map = mapWith([
      { x: 400, y: 0, w: 20, h: 484 },
      { x: 400, y: 516, w: 20, h: 484 },
    ]);
    const m = moveBox(map, 0, 300, 500, 300, 0, []);
    expect(m.x).toBe(600);
    expect(m.blockedX).toBe(false);
  });

  it('a player stepped at full speed at a low tickrate never ends inside a wall (property)', () => {
    const cfg = cfgFor(DEFAULT_MAP, 20);
    const start = fc
      .record({ x: gridCoord(DEFAULT_MAP.width), y: gridCoord(DEFAULT_MAP.height) })
      .filter((s) => freeAt(DEFAULT_MAP, s.x, s.y));
    const move = fc.record({ x: fc.integer({ min: -127, max: 127 }), y: fc.integer({ min: -127, max: 127 }) });
    fc.assert(
      fc.property(start, fc.array(move, { minLength: 1, maxLength: 60 }), (s, moves) => {
        let p = playerAt(0, s.x, s.y, { vx: MAX_SPEED, vy: -MAX_SPEED / 2 });
        moves.forEach((m, i) => {
          const next = stepPlayer(p, cmd(i + 1, { moveX: m.x, moveY: m.y }), i + 1, cfg, []).player;
          expectCleanSweep(DEFAULT_MAP, p.x, p.y, next.x, next.y);
          p = next;
        });
      }),
      { numRuns: 300 },
    );
  });
});
