import { describe, expect, it } from 'vitest';
import type { PadState } from '../../../src/game/gamepad';
import { combineInput, CROSSHAIR_DISTANCE, type DeviceFrame } from '../../../src/game/input-combine';
import { noKeysHeld } from '../../../src/game/input-map';
import { CENTRED } from '../../../src/game/stick';
import type { TouchState } from '../../../src/game/touch-controls';
import { MOVE_MAX, radiansToAngle } from '../../../src/sim/quantize';
import { Buttons, WEAPON_KEEP } from '../../../src/sim/types';

const idleTouch: TouchState = {
  move: CENTRED,
  aim: CENTRED,
  aiming: false,
  reload: false,
  crouch: false,
  scoreboard: false,
  switchWeapon: false,
  active: false,
};
const idlePad: PadState = {
  move: CENTRED,
  aim: CENTRED,
  fire: false,
  reload: false,
  crouch: false,
  scoreboard: false,
  switchWeapon: false,
  previousWeapon: false,
  nextWeapon: false,
  menu: false,
  active: false,
};
const frame = (d: Partial<DeviceFrame>): DeviceFrame => ({
  keys: noKeysHeld(),
  keyboardActive: false,
  pointer: null,
  pad: null,
  touch: idleTouch,
  tabHeld: false,
  ...d,
});
const ctx = { from: { x: 400, y: 300 }, previousAim: 77, previousKind: 'keyboard' as const, weaponSelect: WEAPON_KEEP };

describe('combineInput', () => {
  it('aims at the mouse pointer and puts the crosshair on it', () => {
    const r = combineInput(frame({ pointer: { x: 400, y: 500 }, keyboardActive: true }), ctx);
    expect(r.kind).toBe('keyboard');
    expect(r.input.aim).toBe(radiansToAngle(Math.PI / 2));
    expect(r.crosshair).toEqual({ x: 400, y: 500 });
  });

  it('puts the crosshair along the aim before the mouse was ever seen (never the corner)', () => {
    const r = combineInput(frame({}), ctx);
    expect(r.crosshair).not.toBeNull();
    expect(Math.hypot((r.crosshair?.x ?? 0) - 400, (r.crosshair?.y ?? 0) - 300)).toBeCloseTo(CROSSHAIR_DISTANCE);
  });

  it('a gamepad moves, aims with the right stick and fires with the trigger', () => {
    const pad = { ...idlePad, move: { x: 1, y: 0 }, aim: { x: 0, y: -1 }, fire: true, active: true };
    const r = combineInput(frame({ pad, pointer: { x: 0, y: 0 } }), ctx);
    expect(r.kind).toBe('gamepad');
    expect(r.input.moveX).toBe(MOVE_MAX);
    expect(r.input.aim).toBe(radiansToAngle(-Math.PI / 2));
    expect(r.input.buttons & Buttons.Fire).toBeTruthy();
    // The crosshair follows the stick's aim, not the forgotten mouse pointer.
    expect(r.crosshair?.y).toBeCloseTo(300 - CROSSHAIR_DISTANCE);
  });

  it('a resting pad does not steal the mouse aim', () => {
    const r = combineInput(frame({ pad: idlePad, pointer: { x: 500, y: 300 }, keyboardActive: true }), ctx);
    expect(r.kind).toBe('keyboard');
    expect(r.input.aim).toBe(0);
  });

  it('touch: fires only while the aim stick is held and pushed', () => {
    const resting = { ...idleTouch, aiming: true, active: true };
    expect(combineInput(frame({ touch: resting }), ctx).input.buttons & Buttons.Fire).toBe(0);
    const pushed = { ...idleTouch, aiming: true, aim: { x: -1, y: 0 }, move: { x: 0, y: 1 }, active: true };
    const r = combineInput(frame({ touch: pushed }), ctx);
    expect(r.kind).toBe('touch');
    expect(r.input.buttons & Buttons.Fire).toBeTruthy();
    expect(r.input.aim).toBe(radiansToAngle(Math.PI));
    expect(r.input.moveY).toBe(MOVE_MAX);
    const reload = combineInput(frame({ touch: { ...idleTouch, reload: true, active: true } }), ctx);
    expect(reload.input.buttons & Buttons.Reload).toBeTruthy();
  });

  it('keys and a stick together are no faster than either', () => {
    const keys = { ...noKeysHeld(), right: true, down: true };
    const pad = { ...idlePad, move: { x: 1, y: 0 }, active: true };
    const r = combineInput(frame({ keys, pad, keyboardActive: true }), ctx);
    expect(Math.hypot(r.input.moveX, r.input.moveY)).toBeLessThanOrEqual(MOVE_MAX);
    expect(r.input.moveX).toBeGreaterThan(r.input.moveY);
  });

  it('holds the scoreboard from Tab, the pad Back button or the touch Scores button', () => {
    expect(combineInput(frame({ tabHeld: true }), ctx).scoreboard).toBe(true);
    expect(combineInput(frame({ pad: { ...idlePad, scoreboard: true } }), ctx).scoreboard).toBe(true);
    expect(combineInput(frame({ touch: { ...idleTouch, scoreboard: true } }), ctx).scoreboard).toBe(true);
    expect(combineInput(frame({}), ctx).scoreboard).toBe(false);
  });
});
