/**
 * The kill-cam's cut (DESIGN §10, issue 24): the last seconds before a death as the killer saw
 * them, written as a small replay file (protocol/replay-format.ts) the victim plays with the same
 * player as any replay. "As the killer saw them" is the lag-compensated truth: at each of the
 * killer's ticks, the killer itself as the server stepped it (its position and aim of that tick),
 * and everyone else as they were at the view time the killer's command of that tick claimed: where
 * the killer's screen drew them, the moment lag compensation rewinds a shot to. A tick the killer
 * sent no command for (or a bot, which sees the truth) uses the tick itself.
 *
 * Inputs: the worlds of recent ticks (the snapshot sender's frame ring: history the host keeps
 * anyway), the killer's view times (view-times.ts) and each tick's encoded events. Output: the
 * replay's bytes, or null when the history holds none of the window.
 * Invariants: frames are one `frameTicks` apart, the last one at the death's tick; a world is taken
 * from the captured tick nearest the one wanted (frames are captured on ticks a snapshot left,
 * FRAME_SEARCH ticks either way at most); the file is at most MAX_KILL_CAM_BYTES (a longer cut
 * starts later); never throws (a world the codec cannot write ends the cut before it); a job
 * writes at most its budget of frames per call, composing rows as packed (no entity objects).
 */
import { BitWriter } from '../protocol/bits';
import type { EncodedEvent } from '../protocol/event-codec';
import type { PlayerId, Tick } from '../protocol/ids';
import { MAX_KILL_CAM_BYTES } from '../protocol/kill-cam-codec';
import { ObserverFrameWriter } from '../protocol/observer-frame';
import { RecordKind, type ReplayHeader } from '../protocol/replay-format';
import { ReplayWriter } from '../protocol/replay-writer';
import type { EntityRows } from '../protocol/entity-rows';
import type { AnyEntity, SnapshotWire } from '../protocol/snapshot-schema';
import { SnapshotFrame } from '../protocol/snapshot-view';
import { PROTOCOL_VERSION } from '../protocol/wire';

/** How far (ticks) from a wanted tick a captured world may be taken. */
const FRAME_SEARCH = 3;

/** What a cut reads of the host's history. */
export interface KillCamHistory {
  /** The world of `tick` as packed for the snapshots sent at it, or null. */
  frameAt(tick: Tick): SnapshotFrame | null;
  /** The view time (fractional tick) `id`'s command of `tick` claimed, or null. */
  viewTime(id: PlayerId, tick: Tick): number | null;
  /** The encoded events of ticks after `from` up to `to`, in order. */
  eventsBetween(from: Tick, to: Tick): EncodedEvent[];
}

export interface KillCamCutSpec {
  killer: PlayerId;
  /** The death's tick: the last frame's. */
  tick: Tick;
  /** Ticks of history before it (the window). */
  windowTicks: number;
  frameTicks: number;
  tickrate: number;
  game: string;
  map: string;
}

/** A whole kill-cam at once (tests and tools; the host cuts a few frames a tick with KillCamJob). */
export function cutKillCam(wire: SnapshotWire, spec: KillCamCutSpec, history: KillCamHistory): Uint8Array | null {
  const job = new KillCamJob(wire, spec);
  for (;;) {
    const out = job.step(history, 1 << 16);
    if (out !== undefined) return out;
  }
}

/**
 * One kill-cam being cut, a few frames per tick (`step`), so a death never costs the host one long
 * tick: the frames of the window are composed and written in order, and when the file would pass
 * MAX_KILL_CAM_BYTES it starts again with half as many frames.
 */
export class KillCamJob {
  private readonly writer: ObserverFrameWriter;
  private readonly frames: [SnapshotFrame, SnapshotFrame];
  private readonly out = new BitWriter(1024);
  private readonly frameStep: number;
  private file = new ReplayWriter(MAX_KILL_CAM_BYTES);
  /** Frames the window holds now (halved when too long), the next tick to compose, the last frame written. */
  private frameCount = 0;
  private next: Tick = 0;
  private base: SnapshotFrame | null = null;
  private lastTick: Tick = 0;
  private written = 0;

  constructor(
    private readonly wire: SnapshotWire,
    readonly spec: KillCamCutSpec,
  ) {
    this.writer = new ObserverFrameWriter(wire);
    const memo = wire.rules.newMemo();
    this.frames = [new SnapshotFrame(wire, memo), new SnapshotFrame(wire, memo)];
    this.frameStep = Math.max(1, spec.frameTicks);
    this.begin(Math.max(1, Math.floor(spec.windowTicks / this.frameStep) + 1));
  }

  /** Starts the file over with a window of `frames` frames, the last at the death's tick. */
  private begin(frames: number): void {
    const first = Math.max(this.spec.tick - (frames - 1) * this.frameStep, 0);
    const header: ReplayHeader = {
      protocolVersion: PROTOCOL_VERSION,
      game: this.spec.game,
      map: this.spec.map,
      tickrate: this.spec.tickrate,
      frameTicks: this.frameStep,
      keyFrameEvery: 65535,
      firstTick: first,
    };
    this.file = new ReplayWriter(MAX_KILL_CAM_BYTES);
    this.file.begin(header);
    Object.assign(this, { frameCount: frames, next: first, base: null, lastTick: first - this.frameStep, written: 0 });
  }

  /**
   * Up to `budget` more frames of the window. Returns the file once every frame is done, null when
   * it cannot be cut (nothing of the window in the history), undefined while frames remain.
   */
  step(history: KillCamHistory, budget: number): Uint8Array | null | undefined {
    const last = this.spec.tick;
    for (let n = 0; n < budget && this.next <= last; n++, this.next += this.frameStep) {
      const frame = this.compose(this.spec.killer, this.next, history, this.base);
      if (!frame) continue;
      this.out.reset();
      try {
        this.writer.write(this.out, frame, this.base, history.eventsBetween(this.lastTick, this.next));
      } catch {
        // A world the codec cannot write ends the cut before it.
        this.next = last + 1;
        break;
      }
      if (!this.file.append(this.base ? RecordKind.deltaFrame : RecordKind.keyFrame, this.out)) {
        // Too long for a message: half the window, from the start.
        if (this.frameCount <= 1) return null;
        this.begin(Math.floor(this.frameCount / 2));
        return undefined;
      }
      this.base = frame;
      this.lastTick = this.next;
      this.written++;
    }
    if (this.next <= last) return undefined;
    // A reader starts at the first frame, whatever tick the header names (frames missing from the
    // history at the window's start only make the cut shorter).
    return this.written === 0 ? null : this.file.bytes();
  }

  /** Tick `t` as the killer saw it, composed into whichever frame is not `base`; null when the history lacks it. */
  private compose(
    killer: PlayerId,
    t: Tick,
    history: KillCamHistory,
    base: SnapshotFrame | null,
  ): SnapshotFrame | null {
    const own = nearest(history, t);
    const seenAt = Math.round(history.viewTime(killer, t) ?? t);
    const seen = nearest(history, Math.min(seenAt, t));
    if (!own || !seen) return null;
    const frame = this.frames[0] === base ? this.frames[1] : this.frames[0];
    const receivers = this.wire.receiverSection;
    // Rows copied as packed (same wire, same columns): no entity objects made.
    for (let i = 0; i < frame.lists.length; i++) {
      if (i === receivers) withRowOf(frame.lists[i]!, seen.lists[i]!, own.lists[i]!, killer);
      else copyRows(frame.lists[i]!, seen.lists[i]!);
    }
    return frame.stamp(t, own.match);
  }
}

/** `to` becomes a copy of `from`'s rows. */
function copyRows(to: EntityRows<AnyEntity>, from: EntityRows<AnyEntity>): void {
  to.reserve(from.count);
  to.data.set(from.data.subarray(0, from.count * from.stride));
  to.count = from.count;
}

/** `to` becomes `others`' rows with entity `id`'s row taken from `self` instead (or left out when `self` lacks it), in id order. */
function withRowOf(
  to: EntityRows<AnyEntity>,
  others: EntityRows<AnyEntity>,
  self: EntityRows<AnyEntity>,
  id: number,
): void {
  const stride = others.stride;
  const mine = self.indexOfId(id);
  to.reserve(others.count + 1);
  let n = 0;
  let placed = mine < 0;
  for (let k = 0; k < others.count; k++) {
    const other = others.id(k);
    if (other === id) continue;
    if (!placed && other > id) {
      to.data.set(self.data.subarray(mine * stride, mine * stride + stride), n++ * stride);
      placed = true;
    }
    to.data.set(others.data.subarray(k * stride, k * stride + stride), n++ * stride);
  }
  if (!placed) to.data.set(self.data.subarray(mine * stride, mine * stride + stride), n++ * stride);
  to.count = n;
}

function nearest(history: KillCamHistory, t: Tick): SnapshotFrame | null {
  for (let d = 0; d <= FRAME_SEARCH; d++) {
    const before = history.frameAt(t - d);
    if (before) return before;
    if (d > 0) {
      const after = history.frameAt(t + d);
      if (after) return after;
    }
  }
  return null;
}
