/**
 * The 'killcam' control message on the wire (issue 24; body only: control.ts writes the type byte
 * and dispatches here). Host → the player just killed, reliable, only to a client whose 'settings'
 * asked for kill-cams: the last seconds before the death as the killer saw them, as a small replay
 * file (replay-format.ts; its frames are observer frames, src/server/kill-cam-cutter.ts cuts them).
 *
 * Layout (docs/PROTOCOL.md "Kill-cam"):
 *   killcam   [killer u8] [playTicks u16, 1..65535] [length u16, 1..65535] [bytes]×length
 * `playTicks`: the ticks from the death to the victim's respawn, the time the victim has to watch
 * it in (the page plays it faster when it is longer). The bytes are opaque here: the client opens
 * them with `openReplay`, which checks every record and frame, and refuses what does not decode.
 * The normalizer is what the encoder sends (killer clamped to a byte, playTicks to 1..65535, bytes
 * cut to MAX_KILL_CAM_BYTES; an empty replay is sent as is and refused by the decoder). The reader
 * never throws; it refuses a playTicks or length of 0, and a length longer than what is left,
 * before allocating anything.
 */
import type { BitReader, BitWriter } from './bits';
import { readBytes, writeBytes } from './handshake-codec';
import type { PlayerId } from './ids';
import { clampInt } from './clamp';

/** Largest kill-cam replay a message carries (its length is a u16; a cut that is longer drops its oldest frames). */
export const MAX_KILL_CAM_BYTES = 65535;

/** Host → victim, reliable: the kill-cam of the death it just had. */
export interface KillCamMessage {
  type: 'killcam';
  /** Who killed the receiver (the player the kill-cam follows). */
  killer: PlayerId;
  /** Ticks from the death to the respawn (1..65535): how long the receiver has to watch it. */
  playTicks: number;
  /** A replay file (replay-format.ts) of the killer's view before the death. */
  bytes: Uint8Array;
}

export function normalizeKillCam(m: KillCamMessage): KillCamMessage {
  return {
    type: 'killcam',
    killer: clampInt(m.killer, 0, 255),
    playTicks: clampInt(m.playTicks, 1, 65535),
    bytes: m.bytes.slice(0, MAX_KILL_CAM_BYTES),
  };
}

export function writeKillCam(w: BitWriter, m: KillCamMessage): void {
  w.writeBits(m.killer, 8);
  w.writeBits(m.playTicks, 16);
  w.writeBits(m.bytes.length, 16);
  writeBytes(w, m.bytes);
}

export function readKillCam(r: BitReader): KillCamMessage {
  const killer = r.readBits(8);
  const playTicks = r.readBits(16);
  if (r.ok && playTicks === 0) r.fail('kill-cam play ticks 0');
  const length = r.readBits(16);
  if (r.ok && length === 0) r.fail('kill-cam without a replay');
  // Never sized by what the peer claims: the bytes must be there before anything is allocated.
  if (r.ok && r.remainingBits < length * 8) r.fail(`kill-cam length ${length} past the end`);
  const bytes = r.ok ? readBytes(r, length) : new Uint8Array(0);
  return { type: 'killcam', killer, playTicks, bytes };
}
