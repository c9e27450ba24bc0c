/**
 * Wire precision, applied inside the sim (DESIGN §4): the server quantizes its own state every
 * tick, so a client that decodes a state and replays the same commands reproduces the server's
 * numbers bit for bit. The protocol encodes exactly these grids, so encode/decode is lossless on
 * any quantized value.
 *
 * Grids: position and velocity 1/16 (units, units/s); angle 16 bits; move axes int8.
 */
import { BUTTONS_MASK, WEAPON_COUNT, WEAPON_KEEP, type UserCmd } from './types';

/** Position and velocity are stored as multiples of 1 / POS_SCALE. */
export const POS_SCALE = 16;
/** Positions lie in [0, POS_MAX) so they fit 16 unsigned bits on the 1/16 grid. */
export const POS_MAX = 65536 / POS_SCALE;
/** |velocity| < VEL_MAX so it fits 16 signed bits on the 1/16 grid. */
export const VEL_MAX = 32768 / POS_SCALE;
export const ANGLE_UNITS = 65536;
export const MOVE_MAX = 127;

export function quantizePos(v: number): number {
  const q = Math.round(v * POS_SCALE) / POS_SCALE;
  return Math.min(Math.max(q, 0), POS_MAX - 1 / POS_SCALE);
}

export function quantizeVel(v: number): number {
  const q = Math.round(v * POS_SCALE) / POS_SCALE;
  const lim = VEL_MAX - 1 / POS_SCALE;
  // `+ 0` turns -0 into 0 so that states compare equal after a wire round trip.
  return Math.min(Math.max(q, -lim), lim) + 0;
}

/** Any finite number to an integer angle in [0, 65536). Non-finite input becomes 0. */
export function wrapAngle(a: number): number {
  if (!Number.isFinite(a)) return 0;
  const i = Math.round(a) % ANGLE_UNITS;
  return i < 0 ? i + ANGLE_UNITS : i + 0;
}

export function radiansToAngle(rad: number): number {
  return wrapAngle((rad / (2 * Math.PI)) * ANGLE_UNITS);
}

export function angleToRadians(a: number): number {
  return (a / ANGLE_UNITS) * 2 * Math.PI;
}

function clampInt(v: number, lo: number, hi: number): number {
  if (!Number.isFinite(v)) return 0;
  return Math.min(Math.max(Math.round(v), lo), hi) + 0;
}

declare const sanitized: unique symbol;

/**
 * A command known to be in range: made by `sanitizeCmd` (local input) or let through by the
 * command decoder (the host's one trust boundary for peers' commands). The brand exists only for
 * the type checker, so the command buffer and the world step take commands without re-checking.
 */
export type SanitizedCmd = UserCmd & { readonly [sanitized]: true };

/**
 * Input validation shared by server and client (the client runs the same so its prediction agrees):
 * clamps move axes, wraps the aim, masks unknown buttons, replaces unknown weapon ids with "keep".
 * Never throws; any garbage in the fields becomes a harmless command.
 */
export function sanitizeCmd(cmd: UserCmd): SanitizedCmd {
  const weaponOk = Number.isInteger(cmd.weaponSelect) && cmd.weaponSelect >= 0 && cmd.weaponSelect < WEAPON_COUNT;
  return {
    tick: clampInt(cmd.tick, 0, 0x7fffffff),
    moveX: clampInt(cmd.moveX, -MOVE_MAX, MOVE_MAX),
    moveY: clampInt(cmd.moveY, -MOVE_MAX, MOVE_MAX),
    aim: wrapAngle(cmd.aim),
    buttons: clampInt(cmd.buttons, 0, 0xff) & BUTTONS_MASK,
    weaponSelect: weaponOk ? cmd.weaponSelect : WEAPON_KEEP,
    viewTick: clampInt(cmd.viewTick, 0, 0x7fffffff),
    viewFrac: clampInt(cmd.viewFrac, 0, 255),
  } as SanitizedCmd;
}

/**
 * Whether `sanitizeCmd(cmd)` would equal `cmd` field by field (===): the command decoder's
 * strictness check, without building the copy.
 */
export function isSanitizedCmd(cmd: UserCmd): cmd is SanitizedCmd {
  const weaponOk = Number.isInteger(cmd.weaponSelect) && cmd.weaponSelect >= 0 && cmd.weaponSelect < WEAPON_COUNT;
  return (
    cmd.tick === clampInt(cmd.tick, 0, 0x7fffffff) &&
    cmd.moveX === clampInt(cmd.moveX, -MOVE_MAX, MOVE_MAX) &&
    cmd.moveY === clampInt(cmd.moveY, -MOVE_MAX, MOVE_MAX) &&
    cmd.aim === wrapAngle(cmd.aim) &&
    cmd.buttons === (clampInt(cmd.buttons, 0, 0xff) & BUTTONS_MASK) &&
    cmd.weaponSelect === (weaponOk ? cmd.weaponSelect : WEAPON_KEEP) &&
    cmd.viewTick === clampInt(cmd.viewTick, 0, 0x7fffffff) &&
    cmd.viewFrac === clampInt(cmd.viewFrac, 0, 255)
  );
}
