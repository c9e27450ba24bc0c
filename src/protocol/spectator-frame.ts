/**
 * The spectator frame (issue 24): what the host sends a spectator on the unreliable channel
 * instead of a snapshot. A spectator has no player, so it gets the world as an observer frame
 * (observer-frame.ts: every entity with the table everybody else sees, the events, the rules
 * block), delta-coded against the frame it acked, as a player's snapshot is against its acked
 * baseline (the command packet's ack names it).
 *
 * Layout: [tick: u32] then one observer frame of that tick: a key frame (its own tick must equal
 * `tick`) or a delta frame whose base is the frame of tick `tick − step`, which the spectator must
 * hold (it keeps the frames it received, as a player keeps its snapshots; docs/PROTOCOL.md
 * "Spectator frame"). The leading tick is what lets the reader find the base: an observer frame in a
 * replay needs none, its base is always the record before it.
 * Invariants: `readSpectatorFrame` never throws; a delta whose base is not held is refused (the
 * spectator then acks "none held" and the host sends a key frame); trailing bytes are refused.
 */
import { BitReader } from './bit-reader';
import type { BitWriter } from './bits';
import type { EncodedEvent } from './event-codec';
import { MAX_FRAME_STEP, readObserverFrame, type ObservedFrame, type ObserverFrameWriter } from './observer-frame';
import type { SnapshotWire } from './snapshot-schema';
import type { SnapshotFrame } from './snapshot-view';
import type { Tick } from './ticks';
import type { DecodeResult } from './wire';

/** Bytes before the observer frame (the tick). */
const HEAD_BYTES = 4;

/** `target` against `base` (null: a key frame) for a spectator, with its unacked `events`. */
export function writeSpectatorFrame(
  w: BitWriter,
  writer: ObserverFrameWriter,
  target: SnapshotFrame,
  base: SnapshotFrame | null,
  events: readonly EncodedEvent[],
): void {
  w.writeBits(target.serverTick, 32);
  writer.write(w, target, base, events);
}

/** The tick a spectator frame's delta is written against, null for a key frame or bytes that say neither. */
export function spectatorFrameBase(bytes: Uint8Array): { tick: Tick; base: Tick | null } | null {
  const r = new BitReader(bytes);
  const tick = r.readBits(32);
  const hasBase = r.readBool();
  const step = hasBase ? r.readVarUint(4) : 0;
  if (!r.ok || (hasBase && (step < 1 || step > MAX_FRAME_STEP || step > tick))) return null;
  return { tick, base: hasBase ? tick - step : null };
}

/**
 * One spectator frame from `bytes`; `held(tick)` gives the frame of that tick this spectator
 * decoded before (its delta's base), or null when it has none. Never throws.
 */
export function readSpectatorFrame(
  wire: SnapshotWire,
  bytes: Uint8Array,
  held: (tick: Tick) => ObservedFrame | null,
): DecodeResult<ObservedFrame> {
  const head = spectatorFrameBase(bytes);
  if (!head) return { ok: false, error: 'spectator frame: bad head' };
  const base = head.base === null ? null : held(head.base);
  if (head.base !== null && !base) return { ok: false, error: `spectator frame: base ${head.base} not held` };
  const frame = readObserverFrame(wire, bytes.subarray(HEAD_BYTES), base);
  if (!frame.ok) return frame;
  if (frame.value.tick !== head.tick) return { ok: false, error: 'spectator frame: tick disagrees with its frame' };
  return frame;
}
