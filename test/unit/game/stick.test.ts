import { describe, expect, it } from 'vitest';
import { AIM_DEAD_ZONE, deadZone, MOVE_DEAD_ZONE, stickAim, stickMove, stickPushed } from '../../../src/game/stick';
import { TouchSticks, STICK_RADIUS } from '../../../src/game/touch-sticks';
import { MOVE_MAX, radiansToAngle } from '../../../src/sim/quantize';

describe('stick', () => {
  it('reads a resting stick as exactly centred (no drift)', () => {
    expect(stickMove({ x: 0.12, y: -0.1 })).toEqual({ moveX: 0, moveY: 0 });
    expect(deadZone({ x: MOVE_DEAD_ZONE, y: 0 }, MOVE_DEAD_ZONE)).toEqual({ x: 0, y: 0 });
  });

  it('rescales past the dead zone: just past it is slow, fully pushed is MOVE_MAX', () => {
    const slow = stickMove({ x: MOVE_DEAD_ZONE + 0.02, y: 0 });
    expect(slow.moveX).toBeGreaterThan(0);
    expect(slow.moveX).toBeLessThan(10);
    expect(stickMove({ x: 1, y: 0 })).toEqual({ moveX: MOVE_MAX, moveY: 0 });
    expect(stickMove({ x: 0, y: -1 })).toEqual({ moveX: 0, moveY: -MOVE_MAX });
  });

  it('never exceeds the unit circle (square gate corners give no bonus)', () => {
    for (const [x, y] of [
      [1, 1],
      [-1, 1],
      [0.9, -0.95],
      [1, -1],
    ] as const) {
      const m = stickMove({ x, y });
      expect(Math.hypot(m.moveX, m.moveY)).toBeLessThanOrEqual(MOVE_MAX);
      expect(Math.hypot(m.moveX, m.moveY)).toBeGreaterThan(MOVE_MAX - 2);
    }
  });

  it('treats NaN axes as centred', () => {
    expect(stickMove({ x: Number.NaN, y: Number.POSITIVE_INFINITY })).toEqual({ moveX: 0, moveY: 0 });
  });

  it('aims along the stick and keeps the previous aim in its dead zone', () => {
    expect(stickAim({ x: 0, y: 1 }, 123)).toBe(radiansToAngle(Math.PI / 2));
    expect(stickAim({ x: -1, y: 0 }, 123)).toBe(radiansToAngle(Math.PI));
    expect(stickAim({ x: AIM_DEAD_ZONE - 0.01, y: 0 }, 123)).toBe(123);
    expect(stickPushed({ x: 0.5, y: 0 }, 0.3)).toBe(true);
    expect(stickPushed({ x: 0.2, y: 0 }, 0.3)).toBe(false);
  });
});

describe('touch sticks', () => {
  it('gives the left half the move stick and the right half the aim stick, one finger each', () => {
    const t = new TouchSticks();
    expect(t.down(1, 100, 500, 800)).toBe('move');
    expect(t.down(2, 700, 500, 800)).toBe('aim');
    expect(t.down(3, 650, 300, 800)).toBeNull();
    t.move(1, 100 + STICK_RADIUS / 2, 500);
    expect(t.stick('move')).toEqual({ x: 0.5, y: 0 });
    t.move(3, 0, 0);
    expect(t.stick('aim')).toEqual({ x: 0, y: 0 });
  });

  it('drags the base behind a finger past the radius, so reversing is immediate', () => {
    const t = new TouchSticks();
    t.down(1, 100, 500, 800);
    t.move(1, 100 + 4 * STICK_RADIUS, 500);
    expect(t.stick('move')).toEqual({ x: 1, y: 0 });
    // Moving back by one radius reverses to centre at once, not after 4 radii.
    t.move(1, 100 + 3 * STICK_RADIUS, 500);
    expect(t.stick('move').x).toBeCloseTo(0);
    t.move(1, 100 + 2 * STICK_RADIUS, 500);
    expect(t.stick('move').x).toBeCloseTo(-1);
  });

  it('centres a lifted finger at once', () => {
    const t = new TouchSticks();
    t.down(7, 700, 500, 800);
    t.move(7, 700, 500 - STICK_RADIUS);
    expect(t.held('aim')).toBe(true);
    t.up(7);
    expect(t.held('aim')).toBe(false);
    expect(t.stick('aim')).toEqual({ x: 0, y: 0 });
  });
});
