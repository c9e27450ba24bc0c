/**
 * Keyboard + mouse, gamepad and touch → the one `InputSample` the client sends (pure).
 *
 * Inputs: this frame's state of each device (absent ones as null/idle), where the local player is
 * drawn, where the mouse pointer is, the previous aim and input kind. Outputs: the sample, the
 * input kind in use (the device touched most recently: it picks the aim source and the controls
 * hint), the crosshair point, and whether the scoreboard is held.
 * Invariants: movement adds up device by device and is clamped to the unit circle (keys and a stick
 * together are no faster than either); any device's fire/reload/crouch counts; the aim comes from
 * the kind in use only (a resting stick never steals the mouse's aim); with the mouse the
 * crosshair is the pointer, with a stick it sits CROSSHAIR_DISTANCE px along the aim.
 */
import type { InputSample } from '../arena/client/view-model';
import { angleToRadians, MOVE_MAX } from '../sim/quantize';
import { Buttons } from '../sim/types';
import type { PadState } from './gamepad';
import { aimAngle, buttonsFrom, moveAxes, type HeldKeys } from './input-map';
import { stickAim, stickMove, stickPushed } from './stick';
import type { TouchState } from './touch-controls';

export type InputKind = 'keyboard' | 'gamepad' | 'touch';

/** How far from the player (CSS px) the crosshair sits when a stick aims. */
export const CROSSHAIR_DISTANCE = 140;
/** The aim stick fires once pushed this far (a resting thumb does not). */
export const TOUCH_FIRE_PUSH = 0.3;

export interface DeviceFrame {
  keys: HeldKeys;
  /** Keys held or the mouse moved/clicked this frame. */
  keyboardActive: boolean;
  pointer: { x: number; y: number } | null;
  pad: PadState | null;
  touch: TouchState;
  tabHeld: boolean;
}

export interface CombineContext {
  /** Where the local player is drawn (CSS px), or null (no local player yet). */
  from: { x: number; y: number } | null;
  previousAim: number;
  previousKind: InputKind;
  weaponSelect: number;
}

export interface CombinedInput {
  input: InputSample;
  kind: InputKind;
  crosshair: { x: number; y: number } | null;
  scoreboard: boolean;
}

export function inputKind(d: DeviceFrame, previous: InputKind): InputKind {
  if (d.touch.active) return 'touch';
  if (d.pad?.active) return 'gamepad';
  if (d.keyboardActive) return 'keyboard';
  return previous;
}

function combinedMove(d: DeviceFrame): { moveX: number; moveY: number } {
  const keys = moveAxes(d.keys);
  const pad = d.pad ? stickMove(d.pad.move) : { moveX: 0, moveY: 0 };
  const touch = stickMove(d.touch.move);
  const x = keys.moveX + pad.moveX + touch.moveX;
  const y = keys.moveY + pad.moveY + touch.moveY;
  const length = Math.hypot(x, y);
  if (length <= MOVE_MAX) return { moveX: x + 0, moveY: y + 0 };
  const k = MOVE_MAX / length;
  return { moveX: Math.trunc(x * k) + 0, moveY: Math.trunc(y * k) + 0 };
}

function aimFor(kind: InputKind, d: DeviceFrame, c: CombineContext): number {
  if (kind === 'gamepad' && d.pad) return stickAim(d.pad.aim, c.previousAim);
  if (kind === 'touch') return stickAim(d.touch.aim, c.previousAim);
  if (!c.from || !d.pointer || (c.from.x === d.pointer.x && c.from.y === d.pointer.y)) return c.previousAim;
  return aimAngle(c.from.x, c.from.y, d.pointer.x, d.pointer.y);
}

export function combineInput(d: DeviceFrame, c: CombineContext): CombinedInput {
  const kind = inputKind(d, c.previousKind);
  const aim = aimFor(kind, d, c);
  const pad = d.pad;
  const touchFire = d.touch.aiming && stickPushed(d.touch.aim, TOUCH_FIRE_PUSH);
  const buttons =
    buttonsFrom(d.keys) |
    (pad?.fire || touchFire ? Buttons.Fire : 0) |
    (pad?.reload || d.touch.reload ? Buttons.Reload : 0) |
    (pad?.crouch || d.touch.crouch ? Buttons.Crouch : 0);
  let crosshair = d.pointer;
  // A stick aims, or the mouse has not been seen yet: the crosshair goes along the aim.
  if ((kind !== 'keyboard' || !crosshair) && c.from) {
    const a = angleToRadians(aim);
    crosshair = { x: c.from.x + Math.cos(a) * CROSSHAIR_DISTANCE, y: c.from.y + Math.sin(a) * CROSSHAIR_DISTANCE };
  }
  return {
    input: { ...combinedMove(d), aim, buttons, weaponSelect: c.weaponSelect },
    kind,
    crosshair,
    scoreboard: d.tabHeld || !!pad?.scoreboard || d.touch.scoreboard,
  };
}
