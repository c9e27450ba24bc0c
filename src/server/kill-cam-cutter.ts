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
 * starts later); never throws (a world the codec cannot write ends the cut before it).
 */
import { BitWriter } from '../protocol/bits';
import type { EncodedEvent } from '../protocol/event-codec';
import type { PlayerId, Tick } from '../protocol/ids';
import { MAX_KILL_CAM_BYTES } from '../protocol/kill-cam-codec';
import { ObserverFrameWriter } from '../protocol/observer-frame';
import { RecordKind, type ReplayHeader } from '../protocol/replay-format';
import { ReplayWriter } from '../protocol/replay-writer';
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

export class KillCamCutter {
  private readonly writer: ObserverFrameWriter;
  private readonly frames: [SnapshotFrame, SnapshotFrame];
  private readonly out = new BitWriter(1024);
  /** The composed lists, one per section (reused). */
  private readonly lists: AnyEntity[][];

  constructor(private readonly wire: SnapshotWire) {
    this.writer = new ObserverFrameWriter(wire);
    const memo = wire.rules.newMemo();
    this.frames = [new SnapshotFrame(wire, memo), new SnapshotFrame(wire, memo)];
    this.lists = wire.sections.map(() => []);
  }

  /** The kill-cam replay of `spec` from `history`, or null when it holds no frame of the window. */
  cut(spec: KillCamCutSpec, history: KillCamHistory): Uint8Array | null {
    const step = Math.max(1, spec.frameTicks);
    const count = Math.max(1, Math.floor(spec.windowTicks / step) + 1);
    // Halve the window until it fits a message (a crowded world writes more bytes per frame).
    for (let frames = count; frames >= 1; frames = Math.floor(frames / 2)) {
      const first = spec.tick - (frames - 1) * step;
      const bytes = this.write(spec, history, Math.max(first, 0), step);
      if (bytes === 'too-long') continue;
      return bytes;
    }
    return null;
  }

  private write(spec: KillCamCutSpec, history: KillCamHistory, first: Tick, step: number): Uint8Array | null | 'too-long' {
    const header: ReplayHeader = {
      protocolVersion: PROTOCOL_VERSION,
      game: spec.game,
      map: spec.map,
      tickrate: spec.tickrate,
      frameTicks: step,
      keyFrameEvery: 65535,
      firstTick: first,
    };
    const file = new ReplayWriter(MAX_KILL_CAM_BYTES);
    file.begin(header);
    let base: SnapshotFrame | null = null;
    let lastTick = first - step;
    let written = 0;
    for (let t = first; t <= spec.tick; t += step) {
      const frame = this.compose(spec.killer, t, history, base);
      if (!frame) continue;
      this.out.reset();
      try {
        this.writer.write(this.out, frame, base, history.eventsBetween(lastTick, t));
      } catch {
        break;
      }
      if (!file.append(base ? RecordKind.deltaFrame : RecordKind.keyFrame, this.out)) return 'too-long';
      base = frame;
      lastTick = t;
      written++;
    }
    // A reader starts at the first frame, whatever tick the header names (frames missing from the
    // history at the window's start only make the cut shorter).
    return written === 0 ? null : file.bytes();
  }

  /** Tick `t` as the killer saw it, packed into whichever frame is not `base`; null when the history lacks it. */
  private compose(killer: PlayerId, t: Tick, history: KillCamHistory, base: SnapshotFrame | null): SnapshotFrame | null {
    const own = nearest(history, t);
    const seenAt = Math.round(history.viewTime(killer, t) ?? t);
    const seen = nearest(history, Math.min(seenAt, t));
    if (!own || !seen) return null;
    const receivers = this.wire.receiverSection;
    for (let i = 0; i < this.lists.length; i++) {
      const rows = seen.lists[i]!;
      const list = this.lists[i]!;
      list.length = 0;
      for (let k = 0; k < rows.count; k++) if (i !== receivers || rows.id(k) !== killer) list.push(rows.unpack(k));
      if (i !== receivers) continue;
      // The killer as the server stepped it at its own tick, in id order among the others.
      const at = own.lists[i]!.indexOfId(killer);
      if (at < 0) continue;
      const me = own.lists[i]!.unpack(at);
      let k = 0;
      while (k < list.length && list[k]!.id < killer) k++;
      list.splice(k, 0, me);
    }
    const frame = this.frames[0] === base ? this.frames[1] : this.frames[0];
    return frame.capture(t, this.lists, own.match);
  }
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
