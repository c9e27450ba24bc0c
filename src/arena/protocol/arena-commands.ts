/**
 * The arena's command schema (protocol/command-schema.ts): UserCmd on the wire (USER_CMD_CODEC),
 * made valid by the sim's `sanitizeCmd`. A command repeated for a tick its client sent none for
 * keeps its input and moves its view tick on by the gap (lag compensation then rewinds to where
 * the client would have been looking); a neutral one also lets go of every key and keeps the weapon.
 */
import type { CommandSchema } from '../../protocol/command-schema';
import { USER_CMD_CODEC } from './fields';
import { isSanitizedCmd, sanitizeCmd, type SanitizedCmd } from '../../sim/quantize';
import { WEAPON_KEEP, type UserCmd } from '../../sim/types';

export const ARENA_COMMANDS: CommandSchema<SanitizedCmd, UserCmd> = {
  codec: USER_CMD_CODEC,
  blank: () => ({
    tick: 0,
    moveX: 0,
    moveY: 0,
    aim: 0,
    buttons: 0,
    weaponSelect: WEAPON_KEEP,
    viewTick: 0,
    viewFrac: 0,
  }),
  copyInto(out, from) {
    out.tick = from.tick;
    out.moveX = from.moveX;
    out.moveY = from.moveY;
    out.aim = from.aim;
    out.buttons = from.buttons;
    out.weaponSelect = from.weaponSelect;
    out.viewTick = from.viewTick;
    out.viewFrac = from.viewFrac;
    return out;
  },
  sanitize: sanitizeCmd,
  isSanitized: isSanitizedCmd,
  restamp: (cmd, tick, shift, neutral) =>
    neutral
      ? { ...cmd, tick, viewTick: cmd.viewTick + shift, moveX: 0, moveY: 0, buttons: 0, weaponSelect: WEAPON_KEEP }
      : { ...cmd, tick, viewTick: cmd.viewTick + shift },
};
