import { describe, it, expect } from 'vitest';
import {
  aimAngle,
  buttonsFrom,
  moveAxes,
  noKeysHeld,
  sampleInput,
  weaponForKey,
  weaponForWheel,
  weaponSelectFor,
} from '../../../src/game/input-map';
import { Buttons, WEAPON_KEEP } from '../../../src/sim/types';

describe('moveAxes', () => {
  it('maps WASD to full-speed world axes with +y down', () => {
    expect(moveAxes({ ...noKeysHeld(), right: true })).toEqual({ moveX: 127, moveY: 0 });
    expect(moveAxes({ ...noKeysHeld(), left: true })).toEqual({ moveX: -127, moveY: 0 });
    expect(moveAxes({ ...noKeysHeld(), up: true })).toEqual({ moveX: 0, moveY: -127 });
    expect(moveAxes({ ...noKeysHeld(), down: true })).toEqual({ moveX: 0, moveY: 127 });
  });

  it('cancels opposite keys and gives no -0', () => {
    const m = moveAxes({ ...noKeysHeld(), left: true, right: true, up: true, down: true });
    expect(Object.is(m.moveX, 0)).toBe(true);
    expect(Object.is(m.moveY, 0)).toBe(true);
  });

  it('keeps a diagonal inside the unit circle and integer', () => {
    const m = moveAxes({ ...noKeysHeld(), up: true, right: true });
    expect(m.moveX).toBe(89);
    expect(m.moveY).toBe(-89);
    expect(Math.hypot(m.moveX, m.moveY)).toBeLessThanOrEqual(127);
  });
});

describe('aimAngle', () => {
  it('measures from the player to the mouse in Angle16 units, +y down', () => {
    expect(aimAngle(100, 100, 200, 100)).toBe(0);
    expect(aimAngle(100, 100, 100, 200)).toBe(16384);
    expect(aimAngle(100, 100, 0, 100)).toBe(32768);
    expect(aimAngle(100, 100, 100, 0)).toBe(49152);
    expect(aimAngle(0, 0, 10, 10)).toBe(8192);
  });

  it('sampleInput keeps the previous aim when the mouse is on the player', () => {
    const s = sampleInput(noKeysHeld(), { fromX: 5, fromY: 5, toX: 5, toY: 5, previous: 1234 }, WEAPON_KEEP);
    expect(s.aim).toBe(1234);
  });
});

describe('buttons and weapons', () => {
  it('sets the sim button bits', () => {
    expect(buttonsFrom(noKeysHeld())).toBe(0);
    expect(buttonsFrom({ ...noKeysHeld(), fire: true, crouch: true })).toBe(Buttons.Fire | Buttons.Crouch);
    expect(buttonsFrom({ ...noKeysHeld(), reload: true })).toBe(Buttons.Reload);
  });

  it('maps 1 and 2 to weapons and nothing else', () => {
    expect(weaponForKey('1')).toBe(0);
    expect(weaponForKey('2')).toBe(1);
    expect(weaponForKey('3')).toBeNull();
    expect(weaponForKey('0')).toBeNull();
    expect(weaponForKey('w')).toBeNull();
    expect(weaponForKey('')).toBeNull();
  });

  it('cycles weapons with the wheel in both directions', () => {
    expect(weaponForWheel(0, 100)).toBe(1);
    expect(weaponForWheel(1, 100)).toBe(0);
    expect(weaponForWheel(0, -100)).toBe(1);
    expect(weaponForWheel(1, 0)).toBe(1);
  });

  it('asks for the wanted weapon until it is held', () => {
    expect(weaponSelectFor(1, 0)).toBe(1);
    expect(weaponSelectFor(1, 1)).toBe(WEAPON_KEEP);
    expect(weaponSelectFor(null, 0)).toBe(WEAPON_KEEP);
  });

  it('builds a whole sample', () => {
    const s = sampleInput(
      { ...noKeysHeld(), right: true, fire: true },
      { fromX: 0, fromY: 0, toX: -1, toY: 0, previous: 0 },
      1,
    );
    expect(s).toEqual({ moveX: 127, moveY: 0, aim: 32768, buttons: Buttons.Fire, weaponSelect: 1 });
  });
});
