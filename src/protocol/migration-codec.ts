/**
 * The host-migration control messages on the wire (issue 13): 'successors' and 'checkpoint'
 * (bodies only; control.ts writes the type byte and dispatches here).
 *
 * Layouts (docs/PROTOCOL.md "Host migration"):
 *   successors   [count u8, 0..MAX_SUCCESSORS] [id u8]×count   ids 1..255, distinct, in rank order
 *   checkpoint   [final u8, 0|1] [length u16, 1..65535] [bytes]×length   (a checkpoint codec's output, opaque here)
 * The normalizers are what the encoder sends: successor ids clamped to a byte, ids outside
 * 1..255 and repeats dropped, the list cut to MAX_SUCCESSORS; a checkpoint's bytes cut to
 * MAX_CHECKPOINT_MESSAGE_BYTES (an empty one is sent as is and refused by the decoder).
 * The readers never throw; they mark the reader failed on a count or id out of range, a repeated
 * id, a final flag other than 0/1 or a length of 0 (refused before anything is allocated).
 */
import type { BitReader, BitWriter } from './bits';
import { readBytes, writeBytes } from './handshake-codec';
import {
  MAX_CHECKPOINT_MESSAGE_BYTES,
  MAX_SUCCESSORS,
  type CheckpointMessage,
  type SuccessorsMessage,
} from './control-messages';

const isPlayerId = (id: number): boolean => Number.isInteger(id) && id >= 1 && id <= 255;

export function normalizeSuccessors(m: SuccessorsMessage): SuccessorsMessage {
  const ids: number[] = [];
  for (const raw of m.ids) {
    const id = Math.round(Number.isFinite(raw) ? raw : 0);
    if (isPlayerId(id) && !ids.includes(id)) ids.push(id);
  }
  return { type: 'successors', ids: ids.slice(0, MAX_SUCCESSORS) };
}

export function normalizeCheckpointMessage(m: CheckpointMessage): CheckpointMessage {
  return { type: 'checkpoint', final: m.final === true, bytes: m.bytes.slice(0, MAX_CHECKPOINT_MESSAGE_BYTES) };
}

export function writeSuccessors(w: BitWriter, m: SuccessorsMessage): void {
  w.writeBits(m.ids.length, 8);
  for (const id of m.ids) w.writeBits(id, 8);
}

export function writeCheckpointMessage(w: BitWriter, m: CheckpointMessage): void {
  w.writeBits(m.final ? 1 : 0, 8);
  w.writeBits(m.bytes.length, 16);
  writeBytes(w, m.bytes);
}

export function readSuccessors(r: BitReader): SuccessorsMessage {
  const count = r.readBits(8);
  if (count > MAX_SUCCESSORS) r.fail(`successor count ${count} out of range`);
  const ids: number[] = [];
  for (let i = 0; i < count && r.ok; i++) {
    const id = r.readBits(8);
    if (!r.ok) break;
    if (!isPlayerId(id)) r.fail(`successor id ${id} out of range`);
    else if (ids.includes(id)) r.fail(`successor id ${id} repeated`);
    ids.push(id);
  }
  return { type: 'successors', ids };
}

export function readCheckpointMessage(r: BitReader): CheckpointMessage {
  const flag = r.readBits(8);
  if (flag > 1) r.fail(`final flag ${flag} out of range`);
  const length = r.readBits(16);
  if (r.ok && length === 0) r.fail('empty checkpoint');
  // Refused before allocating: a length longer than what is left is a truncation, not a buffer.
  if (r.ok && length * 8 > r.remainingBits) r.fail('truncated');
  const bytes = readBytes(r, r.ok ? length : 0);
  return { type: 'checkpoint', final: flag === 1, bytes };
}
