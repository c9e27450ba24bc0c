/**
 * SpectatorSender: the datagram of a spectator's due frame (issue 24). A spectator has no player,
 * so a snapshot (whose `self` is the receiver's player) cannot carry its view; it gets a spectator
 * frame instead (protocol/spectator-frame.ts): the world of the tick as an observer frame, coded
 * against the frame it acked, with its unacked events.
 *
 * Inputs: the tick's frame (already packed once for every client by SnapshotSender), the acked
 * baseline's frame or null, the session's unacked events. Output: the datagram's bytes (its own
 * buffer: spectators are few, so no arena).
 * Invariants: a baseline the ring no longer holds, or one too far back for a delta's step, gives a
 * key frame; the writer's views and scratch are reused from frame to frame.
 */
import { BitWriter } from '../protocol/bits';
import type { EncodedEvent } from '../protocol/event-codec';
import { MAX_FRAME_STEP, ObserverFrameWriter } from '../protocol/observer-frame';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import type { SnapshotFrame } from '../protocol/snapshot-view';
import { writeSpectatorFrame } from '../protocol/spectator-frame';

export class SpectatorSender {
  private readonly writer: ObserverFrameWriter;
  private readonly out = new BitWriter(1024);

  constructor(wire: SnapshotWire) {
    this.writer = new ObserverFrameWriter(wire);
  }

  /** The spectator frame of `target` against `baseline` (null or unusable: a key frame). */
  encode(target: SnapshotFrame, baseline: SnapshotFrame | null, events: readonly EncodedEvent[]): Uint8Array {
    const step = baseline ? target.serverTick - baseline.serverTick : 0;
    const base = baseline && step >= 1 && step <= MAX_FRAME_STEP ? baseline : null;
    this.out.reset();
    writeSpectatorFrame(this.out, this.writer, target, base, events);
    return this.out.finish();
  }
}
