/**
 * Reads every input device once per frame into `DeviceFrame`s and combines them (input-combine.ts):
 * keyboard keys through kaboom (WASD or arrows, R, Shift, Tab, left mouse), the mouse position
 * through a PointerTracker, the first gamepad through the Gamepad API, touches through the
 * on-screen TouchControls. One reader per mounted game; it remembers the input kind in use and
 * the last aim.
 * Invariant: the only place that names physical keys for movement; while `blocked` (a menu or the
 * chat line is open) the sample is neutral and nothing is read as a press.
 */
import type { KaboomCtx } from 'kaboom';
import type { InputSample } from '../arena/client/view-model';
import { WEAPON_KEEP } from '../sim/types';
import type { PadReader, PadState } from './gamepad';
import { combineInput, type CombinedInput, type InputKind } from './input-combine';
import { noKeysHeld, weaponForWheel, type HeldKeys } from './input-map';
import type { PointerTracker } from './pointer-tracker';
import type { TouchControls } from './touch-controls';

export function readHeldKeys(k: KaboomCtx, out: HeldKeys): HeldKeys {
  out.up = k.isKeyDown('w') || k.isKeyDown('up');
  out.down = k.isKeyDown('s') || k.isKeyDown('down');
  out.left = k.isKeyDown('a') || k.isKeyDown('left');
  out.right = k.isKeyDown('d') || k.isKeyDown('right');
  out.reload = k.isKeyDown('r');
  out.crouch = k.isKeyDown('shift');
  out.fire = k.isMouseDown('left');
  return out;
}

const anyHeld = (keys: HeldKeys): boolean =>
  keys.up || keys.down || keys.left || keys.right || keys.reload || keys.crouch || keys.fire;

export interface Devices {
  k: KaboomCtx;
  pointer: PointerTracker;
  pad: PadReader;
  touch: TouchControls;
}

export interface FrameContext {
  from: { x: number; y: number } | null;
  /** The weapon the local player holds now. */
  currentWeapon: number;
  /** What to put in weaponSelect (the caller's wanted-weapon logic). */
  weaponSelect: number;
  blocked: boolean;
}

export interface ReadResult extends CombinedInput {
  /** The weapon a pad or touch button asked for this frame, or null. */
  wantedWeapon: number | null;
  /** Start was pressed on the pad (open or close the menu). */
  menuPressed: boolean;
}

const NEUTRAL: InputSample = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };

function padWeapon(pad: PadState | null, current: number): number | null {
  if (!pad) return null;
  if (pad.switchWeapon || pad.nextWeapon) return weaponForWheel(current, 1);
  if (pad.previousWeapon) return weaponForWheel(current, -1);
  return null;
}

export class InputReader {
  kind: InputKind = 'keyboard';
  aim = 0;
  private readonly keys = noKeysHeld();

  constructor(private readonly d: Devices) {
    // A phone or tablet starts in touch mode (its hint and aim), before the first touch.
    if (d.touch.enabled()) this.kind = 'touch';
  }

  read(c: FrameContext): ReadResult {
    const pad = this.d.pad.read();
    const touch = this.d.touch.read();
    const pointerActive = this.d.pointer.takeActivity();
    if (c.blocked) return this.neutral(c, pad?.menu ?? false);
    const keys = readHeldKeys(this.d.k, this.keys);
    const combined = combineInput(
      {
        keys,
        keyboardActive: pointerActive || anyHeld(keys),
        pointer: this.d.pointer.position(),
        pad,
        touch,
        tabHeld: this.d.k.isKeyDown('tab'),
      },
      { from: c.from, previousAim: this.aim, previousKind: this.kind, weaponSelect: c.weaponSelect },
    );
    this.kind = combined.kind;
    this.aim = combined.input.aim;
    const wanted = touch.switchWeapon ? weaponForWheel(c.currentWeapon, 1) : padWeapon(pad, c.currentWeapon);
    return { ...combined, wantedWeapon: wanted, menuPressed: pad?.menu ?? false };
  }

  private neutral(c: FrameContext, menuPressed: boolean): ReadResult {
    return {
      input: { ...NEUTRAL, aim: this.aim },
      kind: this.kind,
      crosshair: this.d.pointer.position() ?? c.from,
      scoreboard: false,
      wantedWeapon: null,
      menuPressed,
    };
  }
}
