/**
 * Keyboard and mouse state → one `InputSample` (pure: the renderer reads the devices, this decides).
 *
 * Inputs: which game keys are held, the local player's and the mouse's screen positions, the
 * weapon the player asked for. Output: an InputSample with move axes in [-127, 127] (world axes,
 * +y down), an Angle16 aim, the sim `Buttons` bitfield, and a weapon select.
 * Invariant: opposite keys cancel; a diagonal is as fast as a straight move (the axes are scaled to
 * length 127, the sim clamps the wish length to 1 anyway, so this only keeps the numbers honest).
 */
import type { InputSample } from '../arena/client/view-model';
import { MOVE_MAX, radiansToAngle } from '../sim/quantize';
import { Buttons, WEAPON_COUNT, WEAPON_KEEP } from '../sim/types';

export interface HeldKeys {
  up: boolean;
  down: boolean;
  left: boolean;
  right: boolean;
  fire: boolean;
  reload: boolean;
  crouch: boolean;
}

export function noKeysHeld(): HeldKeys {
  return { up: false, down: false, left: false, right: false, fire: false, reload: false, crouch: false };
}

/** Move axes from the held direction keys. */
export function moveAxes(keys: HeldKeys): { moveX: number; moveY: number } {
  const dx = (keys.right ? 1 : 0) - (keys.left ? 1 : 0);
  const dy = (keys.down ? 1 : 0) - (keys.up ? 1 : 0);
  if (dx !== 0 && dy !== 0) {
    // Diagonal: 127 / sqrt 2 rounded down, so the wish vector stays within the unit circle.
    const d = Math.floor(MOVE_MAX / Math.SQRT2);
    return { moveX: dx * d, moveY: dy * d };
  }
  return { moveX: dx * MOVE_MAX + 0, moveY: dy * MOVE_MAX + 0 };
}

/** Aim from a point to another, both on screen (same axes as the world: +y down). */
export function aimAngle(fromX: number, fromY: number, toX: number, toY: number): number {
  const dx = toX - fromX;
  const dy = toY - fromY;
  if (dx === 0 && dy === 0) return 0;
  return radiansToAngle(Math.atan2(dy, dx));
}

export function buttonsFrom(keys: HeldKeys): number {
  return (keys.fire ? Buttons.Fire : 0) | (keys.reload ? Buttons.Reload : 0) | (keys.crouch ? Buttons.Crouch : 0);
}

/** The weapon a number key asks for ("1" → 0, "2" → 1), or null for any other key. */
export function weaponForKey(key: string): number | null {
  const n = Number(key);
  if (!Number.isInteger(n) || n < 1 || n > WEAPON_COUNT || key.length !== 1) return null;
  return n - 1;
}

/** The next weapon when the wheel turns: down = next, up = previous, wrapping round. */
export function weaponForWheel(current: number, deltaY: number): number {
  if (deltaY === 0) return current;
  const step = deltaY > 0 ? 1 : -1;
  return (((current + step) % WEAPON_COUNT) + WEAPON_COUNT) % WEAPON_COUNT;
}

/**
 * What to put in `weaponSelect`: the wanted weapon until the predicted state holds it, then keep.
 * Repeating the request for a few frames survives a frame rate above the command rate.
 */
export function weaponSelectFor(wanted: number | null, current: number): number {
  return wanted === null || wanted === current ? WEAPON_KEEP : wanted;
}

export interface AimPoint {
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  /** Aim to keep when the mouse sits on the player (no direction). */
  previous: number;
}

export function sampleInput(keys: HeldKeys, aim: AimPoint, weaponSelect: number): InputSample {
  const { moveX, moveY } = moveAxes(keys);
  const still = aim.fromX === aim.toX && aim.fromY === aim.toY;
  return {
    moveX,
    moveY,
    aim: still ? aim.previous : aimAngle(aim.fromX, aim.fromY, aim.toX, aim.toY),
    buttons: buttonsFrom(keys),
    weaponSelect,
  };
}
