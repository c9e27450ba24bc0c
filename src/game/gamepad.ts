/**
 * A gamepad through the Gamepad API, twin-stick style, read once per frame.
 *
 * Layout (the "standard" mapping every common pad reports): left stick moves, right stick aims,
 * right trigger (RT/R2) fires, X/□ reloads, Y/△ switches to the other weapon, LB/RB (L1/R1) pick
 * the previous/next weapon, B/○ or the left trigger crouches while held, Back/Select holds the
 * scoreboard, Start/Options opens the menu. A pad without the standard mapping still moves and
 * aims with axes 0–3.
 *
 * Inputs: `navigator.getGamepads()` (or any function returning pad-like objects: the e2e test
 * stubs it). Outputs: `PadState` per frame, with presses as edges (true on the frame the button
 * went down), and whether the pad was touched at all this frame (for "the input in use").
 * Invariants: the first connected pad is used; a missing API or a throwing call reads as no pad.
 */
import { AIM_DEAD_ZONE, MOVE_DEAD_ZONE, stickPushed, type Stick } from './stick';

export interface PadLike {
  readonly connected: boolean;
  readonly mapping: string;
  readonly axes: readonly number[];
  readonly buttons: readonly { readonly pressed: boolean; readonly value: number }[];
}

export interface PadState {
  move: Stick;
  aim: Stick;
  fire: boolean;
  reload: boolean;
  crouch: boolean;
  scoreboard: boolean;
  /** Edges: true only on the frame the button went down. */
  switchWeapon: boolean;
  previousWeapon: boolean;
  nextWeapon: boolean;
  menu: boolean;
  /** Any stick past its dead zone or any button down: the player is using the pad. */
  active: boolean;
}

export const PAD_BUTTON = { a: 0, b: 1, x: 2, y: 3, lb: 4, rb: 5, lt: 6, rt: 7, back: 8, start: 9 } as const;
const TRIGGER_ON = 0.5;

const held = (pad: PadLike, i: number): boolean => {
  const b = pad.buttons[i];
  return !!b && (b.pressed || b.value > TRIGGER_ON);
};
const axis = (pad: PadLike, i: number): number => {
  const v = pad.axes[i];
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(Math.max(v, -1), 1) : 0;
};

/** The first connected pad from a getGamepads() result (null entries are empty slots). */
export function firstPad(pads: readonly (PadLike | null)[] | null | undefined): PadLike | null {
  for (const p of pads ?? []) if (p && p.connected) return p;
  return null;
}

/** Reads one pad per frame and turns button downs into edges. One instance per mounted game. */
export class PadReader {
  private before = new Set<number>();

  constructor(private readonly source: () => readonly (PadLike | null)[] | null | undefined) {}

  read(): PadState | null {
    let pad: PadLike | null;
    try {
      pad = firstPad(this.source());
    } catch {
      pad = null;
    }
    if (!pad) {
      this.before.clear();
      return null;
    }
    return this.state(pad);
  }

  private state(pad: PadLike): PadState {
    const now = new Set<number>();
    for (let i = 0; i < pad.buttons.length && i < 32; i++) if (held(pad, i)) now.add(i);
    const before = this.before;
    const pressed = (i: number): boolean => now.has(i) && !before.has(i);
    this.before = now;
    const move = { x: axis(pad, 0), y: axis(pad, 1) };
    const aim = { x: axis(pad, 2), y: axis(pad, 3) };
    const standard = pad.mapping === 'standard';
    const b = PAD_BUTTON;
    return {
      move,
      aim,
      fire: standard && now.has(b.rt),
      reload: standard && now.has(b.x),
      crouch: standard && (now.has(b.b) || now.has(b.lt)),
      scoreboard: standard && now.has(b.back),
      switchWeapon: standard && pressed(b.y),
      previousWeapon: standard && pressed(b.lb),
      nextWeapon: standard && pressed(b.rb),
      menu: standard && pressed(b.start),
      active: now.size > 0 || stickPushed(move, MOVE_DEAD_ZONE) || stickPushed(aim, AIM_DEAD_ZONE),
    };
  }
}
