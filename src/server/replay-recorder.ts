/**
 * ReplayRecorder: the host's recording of a match (protocol/replay-format.ts), written as the
 * match runs. It is an observer that acks everything: every `frameTicks` ticks (the snapshot rate
 * a client gets by default) it packs the world once and writes it against the frame before, with
 * the events of the ticks since; every `keyFrameEvery` frames it writes a key frame instead, so a
 * player can seek. Roster and chat lines the host passes in are recorded with their tick.
 *
 * Cost: it takes what the snapshot sender already did this tick (the world it packed, the events
 * it encoded); when a client due this tick acked the recorder's last frame (the listen host's own
 * player, which it falls in step with), the delta is that pair's shared piece, spliced; otherwise
 * one more delta of the world. Memory: the file only, capped (ReplayWriter); when full the
 * recording stops there and the match goes on.
 * Invariants: never throws into the tick (a frame it cannot write is skipped, counted, and the next
 * one is a key frame: a world the codec cannot carry for a moment costs that moment, not the match);
 * a delta frame's base is always the frame written just before it.
 */
import { BitWriter } from '../protocol/bits';
import { MAX_EVENTS, type EncodedEvent } from '../protocol/event-codec';
import { cleanText, MAP_NAME_RULE } from '../protocol/text';
import type { PlayerId, Tick } from '../protocol/ids';
import { MAX_FRAME_STEP, ObserverFrameWriter, writeSplicedFrame } from '../protocol/observer-frame';
import type { BroadcastPiece } from '../protocol/snapshot-broadcast';
import { RecordKind, writeChat, writeRoster, type ReplayHeader, type RosterEntry } from '../protocol/replay-format';
import { ReplayWriter } from '../protocol/replay-writer';
import type { AnyEntity, SnapshotWire } from '../protocol/snapshot-schema';
import type { TaggedEvent } from '../protocol/snapshot-types';
import { SnapshotFrame } from '../protocol/snapshot-view';
import { PROTOCOL_VERSION } from '../protocol/wire';
import { sortedById, type EntityListsOf } from './snapshot-frames';

/** What the host names a recording by (its header's game and map). */
export interface RecordingInfo {
  game: string;
  map: string;
}

export interface RecorderOptions {
  /** Ticks between frames (default: a 30 Hz stream, the default cl_updaterate). */
  frameTicks?: number;
  /** Seconds between key frames (default 5). */
  keyFrameSeconds?: number;
  /** The file's cap in bytes (default MAX_REPLAY_BYTES). */
  maxBytes?: number;
}

/**
 * What the snapshot sender already did this tick, which the recorder reuses rather than redo: the
 * world packed (when a snapshot left at the tick) and the tick's events encoded.
 */
export interface SharedTick {
  frameAt(tick: Tick): SnapshotFrame | null;
  encodedFor(events: readonly TaggedEvent<unknown>[]): readonly EncodedEvent[] | null;
  /** The snapshots' shared piece of this tick against `base` (some client due now acked it), or null. */
  pieceAgainst(tick: Tick, base: SnapshotFrame, baseTick: Tick): BroadcastPiece | null;
}

/** The recorder's counters (stats, benchmarks). */
export interface RecorderCounters {
  frames: number;
  keyFrames: number;
  /** Frames spliced from the snapshots' shared piece (nothing written twice). */
  spliced: number;
  bytes: number;
  full: boolean;
  /** Frames the codec could not write (skipped: the recording goes on from a key frame). */
  failures: number;
}

export class ReplayRecorder {
  private readonly writer: ReplayWriter;
  private readonly frameWriter: ObserverFrameWriter;
  private readonly out = new BitWriter(1024);
  /** Two frames used in turn: the one written last is the next one's base. */
  private readonly frames: [SnapshotFrame, SnapshotFrame];
  /** The frame written last (the recorder's own, or the sender's) and the tick it held then. */
  private base: SnapshotFrame | null = null;
  private baseTick = -1;
  /** The tick the next frame is due at, and whether the last frame was spliced. */
  private nextFrameTick: Tick;
  private lastSpliced = false;
  private pending: EncodedEvent[] = [];
  private readonly sorted: (readonly AnyEntity[])[] = [];
  readonly header: ReplayHeader;
  private lastRoster: RosterEntry[] = [];
  readonly counters: RecorderCounters = { frames: 0, keyFrames: 0, spliced: 0, bytes: 0, full: false, failures: 0 };

  constructor(
    private readonly wire: SnapshotWire,
    tickrate: number,
    info: RecordingInfo,
    firstTick: Tick,
    opts: RecorderOptions = {},
  ) {
    const frameTicks = Math.min(Math.max(Math.round(opts.frameTicks ?? tickrate / 30), 1), 255);
    const keyFrameEvery = Math.min(
      Math.max(Math.round(((opts.keyFrameSeconds ?? 5) * tickrate) / frameTicks), 1),
      65535,
    );
    // The header's texts follow the map-name rule (a reader refuses an empty one).
    const named = (text: string): string => cleanText(text, MAP_NAME_RULE) || 'unnamed';
    this.header = {
      protocolVersion: PROTOCOL_VERSION,
      game: named(info.game),
      map: named(info.map),
      tickrate,
      frameTicks,
      keyFrameEvery,
      firstTick,
    };
    this.nextFrameTick = firstTick;
    this.frameWriter = new ObserverFrameWriter(wire);
    this.writer = new ReplayWriter(opts.maxBytes);
    this.writer.begin(this.header);
    const memo = wire.rules.newMemo();
    this.frames = [new SnapshotFrame(wire, memo), new SnapshotFrame(wire, memo)];
  }

  /** Whether the recording has stopped (full, or a frame could not be written). */
  get ended(): boolean {
    return this.counters.full;
  }

  /** After each tick: its events, and on a frame tick the world (asked for only then). */
  onTick(
    tick: Tick,
    lists: () => EntityListsOf,
    rules: () => unknown,
    events: readonly TaggedEvent<unknown>[],
    shared?: SharedTick,
  ): void {
    if (this.ended) return;
    const encoded = shared?.encodedFor(events);
    if (encoded) for (const e of encoded) this.pending.push(e);
    else for (const e of events) this.pending.push(this.wire.events.encode(e));
    // A frame early when events pile up, so none carries more than a reader takes (MAX_EVENTS), or
    // to fall in step with a client that acks at once (the listen host's own player).
    const crowded = this.pending.length > MAX_EVENTS / 2;
    if (tick < this.nextFrameTick && !crowded && !this.inStepWith(tick, shared)) return;
    const base = this.base;
    // A delta needs its base as written: not a sender's frame whose ring slot moved on since, and
    // not across a gap wider than a delta can step (ticks skipped after a long pause).
    const key =
      base === null ||
      base.serverTick !== this.baseTick ||
      this.counters.frames % this.header.keyFrameEvery === 0 ||
      tick - this.baseTick > MAX_FRAME_STEP;
    this.out.reset();
    let frame: SnapshotFrame;
    let piece: BroadcastPiece | null = null;
    try {
      // The world as the snapshot sender packed it this tick, else packed here.
      const sent = shared?.frameAt(tick) ?? null;
      frame = sent ?? this.capture(tick, lists(), rules());
      // What a client acking our last frame was sent is this frame's delta, already written: spliced.
      piece = !key && base && sent ? shared!.pieceAgainst(tick, base, this.baseTick) : null;
      if (piece) writeSplicedFrame(this.out, this.wire, frame, base!, piece, this.pending);
      else this.frameWriter.write(this.out, frame, key ? null : base, this.pending);
    } catch {
      // A world the codec cannot carry is skipped (with its events: they may be why), and the
      // recording goes on from a key frame; the match is not disturbed.
      this.counters.failures++;
      this.base = null;
      this.pending = [];
      this.nextFrameTick = tick + this.header.frameTicks;
      return;
    }
    if (!this.append(key ? RecordKind.keyFrame : RecordKind.deltaFrame)) return;
    this.pending = [];
    this.base = frame;
    this.baseTick = tick;
    this.nextFrameTick = tick + this.header.frameTicks;
    // A key frame cannot be spliced; it keeps the step the deltas were in.
    if (!key) this.lastSpliced = piece !== null;
    if (piece) this.counters.spliced++;
    this.counters.frames++;
    if (key) this.counters.keyFrames++;
  }

  /**
   * Whether to write a frame now, off our step, to fall in step with a client that acks at once:
   * our frames were not spliced, and a client due now has as its baseline the snapshot of one frame
   * step ago. From this frame on, its snapshots' pieces are our deltas.
   */
  private inStepWith(tick: Tick, shared: SharedTick | undefined): boolean {
    if (this.lastSpliced || this.base === null || !shared) return false;
    const step = this.header.frameTicks;
    const before = shared.frameAt(tick - step);
    return before !== null && shared.pieceAgainst(tick, before, tick - step) !== null;
  }

  /** Packs the world of `tick` into whichever of the recorder's own frames is not the base. */
  private capture(tick: Tick, world: EntityListsOf, rules: unknown): SnapshotFrame {
    const frame = this.frames[0] === this.base ? this.frames[1] : this.frames[0];
    const sorted = this.sorted;
    sorted.length = world.length;
    for (let i = 0; i < world.length; i++) sorted[i] = sortedById(world[i]!);
    return frame.capture(tick, sorted, rules);
  }

  /** Who is in the match now (names as the lobby shows them), from `tick` on. */
  roster(tick: Tick, players: readonly RosterEntry[]): void {
    this.lastRoster = players.map((p) => ({ id: p.id, name: p.name }));
    this.out.reset();
    writeRoster(this.out, { tick, players: this.lastRoster });
    this.append(RecordKind.roster);
  }

  /** A chat line everybody received (`from` 0: the lobby itself). */
  chat(tick: Tick, from: PlayerId, text: string): void {
    this.out.reset();
    writeChat(this.out, { tick, from, text });
    this.append(RecordKind.chat);
  }

  /** The newest roster passed in (a recording that follows this one starts with it). */
  get players(): readonly RosterEntry[] {
    return this.lastRoster;
  }

  /** The replay file so far. */
  bytes(): Uint8Array {
    return this.writer.bytes();
  }

  private append(kind: number): boolean {
    if (this.counters.full) return false;
    const ok = this.writer.append(kind, this.out);
    this.counters.bytes = this.writer.byteLength;
    this.counters.full = this.writer.full;
    return ok;
  }
}
