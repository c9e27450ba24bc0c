import { describe, expect, it } from 'vitest';
import { AIM_AHEAD, crosshairPoint, seedFromClient } from '../../../src/game/pointer';

const ORIGIN = { x: 0, y: 0 };

describe('crosshairPoint', () => {
  it('follows the mouse once kaboom has seen it move', () => {
    expect(crosshairPoint({ moved: true, seed: { x: 5, y: 5 } }, { x: 300, y: 200 }, { x: 10, y: 10, aim: 0 }, 800, 600)).toEqual({ x: 300, y: 200 });
  });

  it('starts at the seed (where the pointer was at mount), not at kaboom\'s (0, 0)', () => {
    expect(crosshairPoint({ moved: false, seed: { x: 640, y: 410 } }, ORIGIN, { x: 100, y: 100, aim: 0 }, 1280, 720)).toEqual({ x: 640, y: 410 });
  });

  it('keeps a seed inside the view', () => {
    expect(crosshairPoint({ moved: false, seed: { x: 2000, y: -5 } }, ORIGIN, null, 1280, 720)).toEqual({ x: 1280, y: 0 });
  });

  it('without a seed, sits ahead of the local player along its aim', () => {
    const p = crosshairPoint({ moved: false, seed: null }, ORIGIN, { x: 400, y: 300, aim: Math.PI / 2 }, 800, 600);
    expect(p.x).toBeCloseTo(400);
    expect(p.y).toBeCloseTo(300 + AIM_AHEAD);
  });

  it('without a seed or a local player, sits at the centre', () => {
    expect(crosshairPoint({ moved: false, seed: null }, ORIGIN, null, 800, 600)).toEqual({ x: 400, y: 300 });
  });
});

describe('seedFromClient', () => {
  const box = { left: 10, top: 20, width: 800, height: 600 };
  it('turns a client position into canvas pixels', () => {
    expect(seedFromClient({ x: 110, y: 220 }, box)).toEqual({ x: 100, y: 200 });
  });
  it('drops unknown, non-finite or outside positions', () => {
    expect(seedFromClient(null, box)).toBeNull();
    expect(seedFromClient(undefined, box)).toBeNull();
    expect(seedFromClient({ x: Number.NaN, y: 1 }, box)).toBeNull();
    expect(seedFromClient({ x: 5, y: 100 }, box)).toBeNull();
    expect(seedFromClient({ x: 100, y: 700 }, box)).toBeNull();
  });
});
