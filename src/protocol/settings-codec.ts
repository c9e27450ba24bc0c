/**
 * The client's 'settings' control message on the wire (body only: control.ts writes the type byte
 * and dispatches here): the snapshot rate and byte rate it wants, its interpolation delay, and a
 * flags byte saying what else it wants sent (docs/PROTOCOL.md "Control").
 *
 * Layout: [updateRate u8, 1..255] [rate varuint(7), < 2^32] [interpMs u16] [flags u8, optional:
 * 1 = 'debug' messages (sv_showhitboxes), 2 = kill-cams (cl_killcam); other bits refused].
 * An older client ends before the flags byte (neither); before kill-cams the byte was 0 or 1, which
 * still reads the same. `killCam` is present only when true, so every older settings message
 * decodes to exactly what it did. The reader never throws.
 */
import type { BitReader, BitWriter } from './bits';
import type { ControlMessage } from './control-messages';
import { clampInt } from './clamp';

type SettingsMessage = Extract<ControlMessage, { type: 'settings' }>;

const SETTINGS_DEBUG = 1;
const SETTINGS_KILL_CAM = 2;

export function normalizeClientSettings(m: SettingsMessage): SettingsMessage {
  return {
    type: 'settings',
    updateRate: clampInt(m.updateRate, 1, 255),
    rate: clampInt(m.rate, 0, 0xffffffff),
    interpMs: clampInt(m.interpMs, 0, 65535),
    debug: m.debug === true,
    // Only a "yes" is carried (as hello's flags): an older client's settings decode without it.
    ...(m.killCam === true ? { killCam: true } : {}),
  };
}

export function writeClientSettings(w: BitWriter, m: SettingsMessage): void {
  w.writeBits(m.updateRate, 8);
  w.writeVarUint(m.rate);
  w.writeBits(m.interpMs, 16);
  // A whole byte, so that its absence (an older client) is distinguishable from "neither".
  w.writeBits((m.debug ? SETTINGS_DEBUG : 0) | (m.killCam ? SETTINGS_KILL_CAM : 0), 8);
}

export function readClientSettings(r: BitReader): SettingsMessage {
  const updateRate = r.readBits(8);
  if (updateRate < 1) r.fail(`update rate ${updateRate} out of range`);
  const rate = r.readVarUint();
  if (rate > 0xffffffff) r.fail('rate out of range');
  const interpMs = r.readBits(16);
  // Older clients end here: no byte left means they never asked for debug messages (nor kill-cams).
  const flags = r.ok && r.remainingBits === 0 ? 0 : r.readBits(8);
  if (flags > (SETTINGS_DEBUG | SETTINGS_KILL_CAM)) r.fail(`settings flags ${flags} out of range`);
  return {
    type: 'settings',
    updateRate,
    rate,
    interpMs,
    debug: (flags & SETTINGS_DEBUG) !== 0,
    ...((flags & SETTINGS_KILL_CAM) !== 0 ? { killCam: true } : {}),
  };
}
