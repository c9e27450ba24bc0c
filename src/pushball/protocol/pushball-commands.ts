/**
 * Pushball's command schema (protocol/command-schema.ts): a move on two axes and the kick
 * button, made valid by the sim's `sanitizePushCmd`. A command repeated for a tick its client
 * sent none for keeps its input; a neutral one lets go of everything (a dead link must not keep
 * running at the ball). Pushball has no hitscan, so it records no view time.
 */
import type { CommandSchema } from '../../protocol/command-schema';
import { moveCodec, uintCodec, timerCodec } from '../../protocol/field-codecs';
import { compileTable, type FieldTable } from '../../protocol/table-codec';
import { BUTTONS_MASK, isSanitizedPushCmd, sanitizePushCmd, type PushCmd, type SanitizedPushCmd } from '../sim';

const PUSH_CMD_FIELDS: FieldTable<PushCmd> = {
  tick: { codec: timerCodec, group: 'key' },
  moveX: { codec: moveCodec, group: 'hot' },
  moveY: { codec: moveCodec, group: 'hot' },
  buttons: { codec: uintCodec(BUTTONS_MASK), group: 'hot' },
};

/** Consecutive commands usually repeat: "nothing changed" first. */
const PUSH_CMD_CODEC = compileTable(PUSH_CMD_FIELDS, {
  hotPatterns: [[], ['moveX', 'moveY'], ['buttons']],
});

export const PUSHBALL_COMMANDS: CommandSchema<SanitizedPushCmd, PushCmd> = {
  codec: PUSH_CMD_CODEC,
  blank: () => ({ tick: 0, moveX: 0, moveY: 0, buttons: 0 }),
  copyInto(out, from) {
    out.tick = from.tick;
    out.moveX = from.moveX;
    out.moveY = from.moveY;
    out.buttons = from.buttons;
    return out;
  },
  sanitize: sanitizePushCmd,
  isSanitized: isSanitizedPushCmd,
  restamp: (cmd, tick, _shift, neutral) =>
    neutral ? { ...cmd, tick, moveX: 0, moveY: 0, buttons: 0 } : { ...cmd, tick },
};
