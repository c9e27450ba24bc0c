/**
 * Pushball's input (pure: the mount reads the devices, this decides): held keys, the first
 * gamepad and the touch controls become one `PushInput` per frame.
 *
 * Keyboard: WASD or the arrows move, Space or K kicks. Gamepad (src/game/gamepad.ts's pad): the
 * left stick moves, A (or RT) kicks. Touch: the virtual stick moves, the kick button kicks.
 * Output: world axes in [-127, 127] (x right, y down) and the kick bit (BUTTON_KICK).
 * Invariants: opposite keys cancel; a diagonal is as long as a straight move (never past 127);
 * the keyboard's direction wins over a stick's, a pushed pad stick over the touch stick; any
 * device's kick kicks; a stick inside its dead zone moves nothing (src/game/stick.ts).
 */
import { PAD_BUTTON, type PadLike } from '../../game/gamepad';
import { CENTRED, MOVE_DEAD_ZONE, stickMove, stickPushed, type Stick } from '../../game/stick';
import { BUTTON_KICK, MOVE_MAX } from '../sim';
import type { PushInput } from '../client/pushball-client-game';

export interface PushKeys {
  up: boolean;
  down: boolean;
  left: boolean;
  right: boolean;
  kick: boolean;
}

/** A gamepad as Pushball reads it. */
export interface PushPad {
  move: Stick;
  kick: boolean;
}

/** The touch controls as Pushball reads them (pushball-touch.ts). */
export interface PushTouch {
  move: Stick;
  kick: boolean;
  /** A finger is on the stick or the kick button. */
  active: boolean;
}

export type PushInputKind = 'keyboard' | 'gamepad' | 'touch';

export const NO_KEYS: Readonly<PushKeys> = Object.freeze({
  up: false,
  down: false,
  left: false,
  right: false,
  kick: false,
});
export const NEUTRAL_INPUT: Readonly<PushInput> = Object.freeze({ moveX: 0, moveY: 0, buttons: 0 });
/** Each axis of a keyboard diagonal: 127 / √2 rounded down, so the move stays inside the circle of 127. */
export const DIAGONAL = Math.floor(MOVE_MAX / Math.SQRT2);

/** Move axes from the held direction keys, or null when none moves. */
export function keyAxes(keys: PushKeys): { moveX: number; moveY: number } | null {
  const dx = (keys.right ? 1 : 0) - (keys.left ? 1 : 0);
  const dy = (keys.down ? 1 : 0) - (keys.up ? 1 : 0);
  if (dx === 0 && dy === 0) return null;
  const length = dx !== 0 && dy !== 0 ? DIAGONAL : MOVE_MAX;
  return { moveX: dx * length + 0, moveY: dy * length + 0 };
}

/** The frame's input from every device (null: no such device this frame). */
export function pushInputFrom(keys: PushKeys, pad: PushPad | null, touch: PushTouch | null): PushInput {
  const axes =
    keyAxes(keys) ??
    (pad && stickPushed(pad.move, MOVE_DEAD_ZONE) ? stickMove(pad.move) : stickMove(touch?.move ?? CENTRED));
  const kick = keys.kick || (pad?.kick ?? false) || (touch?.kick ?? false);
  return { moveX: axes.moveX, moveY: axes.moveY, buttons: kick ? BUTTON_KICK : 0 };
}

const held = (pad: PadLike, i: number): boolean => {
  const b = pad.buttons[i];
  return !!b && (b.pressed || b.value > 0.5);
};

const axis = (pad: PadLike, i: number): number => {
  const v = pad.axes[i];
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(Math.max(v, -1), 1) : 0;
};

/**
 * Pushball's reading of a pad (the first connected one, gamepad.ts `firstPad`): the left stick,
 * and A or RT for the kick on a pad with the standard mapping (any other pad: button 0).
 */
export function padFrom(pad: PadLike | null): PushPad | null {
  if (!pad) return null;
  const kick = held(pad, PAD_BUTTON.a) || (pad.mapping === 'standard' && held(pad, PAD_BUTTON.rt));
  return { move: { x: axis(pad, 0), y: axis(pad, 1) }, kick };
}

/** The device in use: the one touched this frame, else the previous one. */
export function inputKindFrom(
  keys: PushKeys,
  pad: PushPad | null,
  touch: PushTouch | null,
  previous: PushInputKind,
): PushInputKind {
  if (touch?.active) return 'touch';
  if (pad && (pad.kick || stickPushed(pad.move, MOVE_DEAD_ZONE))) return 'gamepad';
  if (keys.kick || keyAxes(keys) !== null) return 'keyboard';
  return previous;
}
