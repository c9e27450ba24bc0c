/**
 * Command validation, shared by server and client (the client runs the same so its prediction
 * agrees): anything at all in, a valid `PushCmd` out. Never throws.
 */
import { BUTTON_KICK, type PushCmd } from './types';

export const MOVE_MAX = 127;
/** The buttons this game knows; other bits are dropped. */
export const BUTTONS_MASK = BUTTON_KICK;
const TICK_MAX = 0x7fffffff;

declare const sanitized: unique symbol;

/**
 * A command known to be in range: made by `sanitizePushCmd` or let through by a command decoder
 * that refuses what `isSanitizedPushCmd` refuses (the host's one trust boundary). The brand exists
 * only for the type checker, so a server game can say it takes nothing else.
 */
export type SanitizedPushCmd = PushCmd & { readonly [sanitized]: true };

/** No move, no buttons: what the step assumes for a player without a command. */
export const NEUTRAL: Readonly<SanitizedPushCmd> = Object.freeze({
  tick: 0,
  moveX: 0,
  moveY: 0,
  buttons: 0,
} as SanitizedPushCmd);

/** A finite number rounded and clamped into [lo, hi]; anything else (NaN, strings, objects) is 0. */
function clampInt(v: unknown, lo: number, hi: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) return 0;
  // `+ 0` turns -0 (Math.round(-0.3)) into 0, so sanitized commands compare equal to their wire copies.
  return Math.min(Math.max(Math.round(v), lo), hi) + 0;
}

/** Clamps the move axes, rounds fractions, masks unknown buttons; non-objects become `NEUTRAL`. */
export function sanitizePushCmd(raw: unknown): SanitizedPushCmd {
  const r: Partial<Record<keyof PushCmd, unknown>> = typeof raw === 'object' && raw !== null ? raw : {};
  return {
    tick: clampInt(r.tick, 0, TICK_MAX),
    moveX: clampInt(r.moveX, -MOVE_MAX, MOVE_MAX),
    moveY: clampInt(r.moveY, -MOVE_MAX, MOVE_MAX),
    // Clamped to a byte first: `&` would wrap a huge float to 32 bits, an arbitrary bit pattern.
    buttons: clampInt(r.buttons, 0, 0xff) & BUTTONS_MASK,
  } as SanitizedPushCmd;
}

/**
 * Whether `sanitizePushCmd(cmd)` equals `cmd` field by field (Object.is, so -0 is refused): a
 * decoder's strictness check. Extra fields are not looked at (a decoder builds the object itself).
 */
export function isSanitizedPushCmd(cmd: PushCmd): cmd is SanitizedPushCmd {
  const s = sanitizePushCmd(cmd);
  return (
    Object.is(s.tick, cmd.tick) &&
    Object.is(s.moveX, cmd.moveX) &&
    Object.is(s.moveY, cmd.moveY) &&
    Object.is(s.buttons, cmd.buttons)
  );
}
