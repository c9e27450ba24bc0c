// Pushball's input mapping (src/pushball/game/pushball-input.ts): keys, the gamepad and the touch
// controls to one PushInput — axes in [-127, 127], diagonals as long as a straight move, the
// kick on bit 0 from Space or K, the pad's A (or RT) and the touch kick.
import { describe, expect, it } from 'vitest';
import { PAD_BUTTON, type PadLike } from '../../../src/game/gamepad';
import {
  DIAGONAL,
  NO_KEYS,
  inputKindFrom,
  padFrom,
  pushInputFrom,
  type PushKeys,
  type PushPad,
  type PushTouch,
} from '../../../src/pushball/game/pushball-input';
import { BUTTON_KICK, isSanitizedPushCmd } from '../../../src/pushball/sim';

const keys = (...held: (keyof PushKeys)[]): PushKeys => ({
  ...NO_KEYS,
  ...Object.fromEntries(held.map((k) => [k, true])),
});
const padLike = (axes: number[], down: number[] = [], mapping = 'standard'): PadLike => ({
  connected: true,
  mapping,
  axes,
  buttons: Array.from({ length: 17 }, (_, i) => ({ pressed: down.includes(i), value: down.includes(i) ? 1 : 0 })),
});
const touch = (x: number, y: number, kick = false): PushTouch => ({ move: { x, y }, kick, active: true });

describe('pushInputFrom', () => {
  it('maps each direction key to a full axis (x right, y down) and nothing to nothing', () => {
    expect(pushInputFrom(NO_KEYS, null, null)).toEqual({ moveX: 0, moveY: 0, buttons: 0 });
    expect(pushInputFrom(keys('right'), null, null)).toEqual({ moveX: 127, moveY: 0, buttons: 0 });
    expect(pushInputFrom(keys('left'), null, null)).toEqual({ moveX: -127, moveY: 0, buttons: 0 });
    expect(pushInputFrom(keys('up'), null, null)).toEqual({ moveX: 0, moveY: -127, buttons: 0 });
    expect(pushInputFrom(keys('down'), null, null)).toEqual({ moveX: 0, moveY: 127, buttons: 0 });
    expect(pushInputFrom(keys('left', 'right'), null, null)).toEqual({ moveX: 0, moveY: 0, buttons: 0 });
  });

  it('normalises diagonals: both axes 89, length ≤ 127 and as close to it as integers allow', () => {
    expect(DIAGONAL).toBe(89);
    for (const [h, v, sx, sy] of [
      ['right', 'down', 1, 1],
      ['left', 'up', -1, -1],
      ['right', 'up', 1, -1],
      ['left', 'down', -1, 1],
    ] as const) {
      const i = pushInputFrom(keys(h, v), null, null);
      expect(i).toEqual({ moveX: sx * 89, moveY: sy * 89, buttons: 0 });
      expect(Math.hypot(i.moveX, i.moveY)).toBeLessThanOrEqual(127);
      expect(Math.hypot(i.moveX + sx, i.moveY + sy)).toBeGreaterThan(127);
    }
  });

  it('sets the kick bit (bit 0) for Space/K, and the result is already a valid command', () => {
    const i = pushInputFrom(keys('kick', 'up', 'left'), null, null);
    expect(i.buttons).toBe(BUTTON_KICK);
    expect(BUTTON_KICK).toBe(1);
    expect(isSanitizedPushCmd({ tick: 1, ...i })).toBe(true);
  });

  it('reads the gamepad: left stick with a dead zone, A or RT kicks', () => {
    const full = padFrom(padLike([1, 0, 0, 0]));
    expect(pushInputFrom(NO_KEYS, full, null)).toEqual({ moveX: 127, moveY: 0, buttons: 0 });
    const resting = padFrom(padLike([0.1, -0.1, 0, 0]));
    expect(pushInputFrom(NO_KEYS, resting, null)).toEqual({ moveX: 0, moveY: 0, buttons: 0 });
    const corner = pushInputFrom(NO_KEYS, padFrom(padLike([1, 1, 0, 0])), null);
    expect(Math.hypot(corner.moveX, corner.moveY)).toBeLessThanOrEqual(127);
    expect(corner.moveX).toBeGreaterThan(80);
    expect(pushInputFrom(NO_KEYS, padFrom(padLike([0, 0], [PAD_BUTTON.a])), null).buttons).toBe(BUTTON_KICK);
    expect(pushInputFrom(NO_KEYS, padFrom(padLike([0, 0], [PAD_BUTTON.rt])), null).buttons).toBe(BUTTON_KICK);
    expect(pushInputFrom(NO_KEYS, padFrom(padLike([0, 0], [PAD_BUTTON.b])), null).buttons).toBe(0);
    expect(padFrom(null)).toBeNull();
    // A pad without the standard mapping: button 0 still kicks, the trigger's index means nothing.
    expect(padFrom(padLike([0, 0], [0], ''))?.kick).toBe(true);
    expect(padFrom(padLike([0, 0], [PAD_BUTTON.rt], ''))?.kick).toBe(false);
  });

  it('reads the touch controls: the stick moves, the kick button kicks', () => {
    expect(pushInputFrom(NO_KEYS, null, touch(0, -1))).toEqual({ moveX: 0, moveY: -127, buttons: 0 });
    expect(pushInputFrom(NO_KEYS, null, touch(0, 0, true))).toEqual({ moveX: 0, moveY: 0, buttons: BUTTON_KICK });
    const half = pushInputFrom(NO_KEYS, null, touch(0.575, 0));
    expect(half.moveX).toBeGreaterThan(40);
    expect(half.moveX).toBeLessThan(90);
  });

  it('lets the keyboard win over a stick, a pushed pad over touch, and any kick kick', () => {
    const pad: PushPad = { move: { x: 0, y: 1 }, kick: false };
    expect(pushInputFrom(keys('left'), pad, touch(1, 0))).toEqual({ moveX: -127, moveY: 0, buttons: 0 });
    expect(pushInputFrom(NO_KEYS, pad, touch(1, 0))).toEqual({ moveX: 0, moveY: 127, buttons: 0 });
    const idlePad: PushPad = { move: { x: 0, y: 0 }, kick: false };
    expect(pushInputFrom(NO_KEYS, idlePad, touch(1, 0, true))).toEqual({ moveX: 127, moveY: 0, buttons: BUTTON_KICK });
    expect(pushInputFrom(NO_KEYS, { ...idlePad, kick: true }, null).buttons).toBe(BUTTON_KICK);
  });
});

describe('inputKindFrom', () => {
  it('follows the device touched this frame, else keeps the previous one', () => {
    const idle: PushPad = { move: { x: 0, y: 0 }, kick: false };
    expect(inputKindFrom(NO_KEYS, idle, null, 'touch')).toBe('touch');
    expect(inputKindFrom(keys('kick'), idle, null, 'touch')).toBe('keyboard');
    expect(inputKindFrom(NO_KEYS, { move: { x: 0.9, y: 0 }, kick: false }, null, 'keyboard')).toBe('gamepad');
    expect(inputKindFrom(NO_KEYS, null, touch(0, 0, true), 'keyboard')).toBe('touch');
  });
});
