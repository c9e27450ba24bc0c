/**
 * Reading a replay file (replay-format.ts): `peekReplayHeader` says what it is (which game, which
 * protocol) before a player picks the game's schema; `openReplay` checks the whole file once and
 * returns a Replay that reaches any moment quickly.
 *
 * Opening decodes every frame (so a damaged file is refused at once, with where and why, never
 * halfway through watching), keeps each key frame's decoded world, and collects the roster, chat
 * and every event for the timeline. Reaching frame i then decodes at most `keyFrameEvery - 1`
 * deltas from the key frame before it (or from the frame last reached, when that is nearer).
 * Invariants: nothing here throws on any bytes; a refusal is a sentence a player can read.
 */
import { BitReader } from './bit-reader';
import { readObserverFrame, type ObservedFrame } from './observer-frame';
import {
  MAX_REPLAY_BYTES,
  readChat,
  readReplayHeader,
  readLeb,
  readRoster,
  RecordKind,
  REPLAY_FORMAT_VERSION,
  REPLAY_MAGIC,
  REPLAY_PREAMBLE_BYTES,
  type ChatRecord,
  type ReplayHeader,
  type RosterEntry,
  type RosterRecord,
} from './replay-format';
import type { SnapshotWire } from './snapshot-schema';
import type { TaggedEvent } from './snapshot-types';
import type { Tick } from './ticks';
import { PROTOCOL_VERSION, type DecodeResult } from './wire';

/** The roster before any roster record (one array, so callers can cache by identity). */
const NOBODY: readonly RosterEntry[] = Object.freeze([]);
const EMPTY = new Uint8Array(0);

interface RawRecord {
  kind: number;
  start: number;
  end: number;
}

/** The records of a file after its preamble, or why they cannot be split. Never throws. */
function splitRecords(bytes: Uint8Array): DecodeResult<RawRecord[]> {
  if (bytes.length > MAX_REPLAY_BYTES) return { ok: false, error: `larger than ${MAX_REPLAY_BYTES >> 20} MiB` };
  if (bytes.length < REPLAY_PREAMBLE_BYTES || REPLAY_MAGIC.some((b, i) => bytes[i] !== b))
    return { ok: false, error: 'not a replay file' };
  const format = bytes[REPLAY_MAGIC.length]!;
  if (format !== REPLAY_FORMAT_VERSION)
    return { ok: false, error: `replay format ${format}; this page reads format ${REPLAY_FORMAT_VERSION}` };
  const records: RawRecord[] = [];
  let at = REPLAY_PREAMBLE_BYTES;
  while (at < bytes.length) {
    const kind = bytes[at]!;
    const len = readLeb(bytes, at + 1);
    if (!len || len.end + len.value > bytes.length) return { ok: false, error: `damaged at byte ${at}: cut short` };
    records.push({ kind, start: len.end, end: len.end + len.value });
    at = len.end + len.value;
  }
  if (records[0]?.kind !== RecordKind.header) return { ok: false, error: 'no header' };
  return { ok: true, value: records };
}

function headerOf(bytes: Uint8Array, rec: RawRecord): DecodeResult<ReplayHeader> {
  const r = new BitReader(bytes.subarray(rec.start, rec.end));
  const header = readReplayHeader(r);
  r.expectEnd();
  return r.ok ? { ok: true, value: header } : { ok: false, error: `header: ${r.error}` };
}

/** What a file says it is (its game and protocol), without decoding its frames. */
export function peekReplayHeader(bytes: Uint8Array): DecodeResult<ReplayHeader> {
  const split = splitRecords(bytes);
  return split.ok ? headerOf(bytes, split.value[0]!) : split;
}

/** One decoded record of another kind, or null (refused: `r` says why). */
function readWhole<T>(bytes: Uint8Array, rec: RawRecord, read: (r: BitReader) => T): DecodeResult<T> {
  const r = new BitReader(bytes.subarray(rec.start, rec.end));
  const value = read(r);
  r.expectEnd();
  return r.ok ? { ok: true, value } : { ok: false, error: r.error ?? 'unreadable' };
}

/** A checked replay: any frame on demand, and what the timeline shows. */
export class Replay {
  /** Each frame's tick, rising. */
  readonly frameTicks: Tick[] = [];
  /** Every event of the match with the frame that carried it, in order. */
  readonly events: TaggedEvent<unknown>[] = [];
  readonly rosters: RosterRecord[] = [];
  readonly chats: ChatRecord[] = [];
  private readonly frameBytes: Uint8Array[] = [];
  /** Decoded key frames by frame index. */
  private readonly keys = new Map<number, ObservedFrame>();
  private readonly keyIndices: number[] = [];
  private cursor: { index: number; frame: ObservedFrame } | null = null;
  /** Frames before this index were let go (forgetFramesBefore). */
  private forgotten = 0;

  constructor(
    readonly wire: SnapshotWire,
    readonly header: ReplayHeader,
  ) {}

  get frameCount(): number {
    return this.frameTicks.length;
  }
  get firstTick(): Tick {
    return this.frameTicks[0] ?? this.header.firstTick;
  }
  get lastTick(): Tick {
    return this.frameTicks[this.frameTicks.length - 1] ?? this.header.firstTick;
  }

  /** The last frame at or before `tick` (the first frame for any earlier tick). */
  frameIndexAt(tick: number): number {
    let lo = 0;
    let hi = this.frameTicks.length - 1;
    if (hi < 0 || !(tick >= this.frameTicks[0]!)) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.frameTicks[mid]! <= tick) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Frame `index` (clamped to the replay): its world, the events it brought, the rules block. */
  frame(index: number): ObservedFrame {
    const i = Math.min(Math.max(Math.floor(index) || 0, 0), this.frameTicks.length - 1);
    const keyIndex = this.keyIndices[this.keyAtOrBefore(i)]!;
    let from = this.cursor && this.cursor.index <= i && this.cursor.index >= keyIndex ? this.cursor : null;
    if (!from) from = { index: keyIndex, frame: this.keys.get(keyIndex)! };
    let frame = from.frame;
    for (let k = from.index + 1; k <= i; k++) {
      const next = readObserverFrame(this.wire, this.frameBytes[k]!, frame);
      // Every frame decoded when the file was opened: this cannot fail.
      if (!next.ok) throw new Error(`replay frame ${k}: ${next.error}`);
      frame = next.value;
    }
    this.cursor = { index: i, frame };
    return frame;
  }

  /** The world at `tick`: the last frame at or before it. */
  frameAt(tick: number): ObservedFrame {
    return this.frame(this.frameIndexAt(tick));
  }

  /** Who was in the match at `tick` (the newest roster record up to then): the same array while that record holds. */
  rosterAt(tick: number): readonly RosterEntry[] {
    let players: readonly RosterEntry[] = NOBODY;
    for (const rec of this.rosters) if (rec.tick <= tick) players = rec.players;
    return players;
  }

  private keyAtOrBefore(i: number): number {
    let lo = 0;
    let hi = this.keyIndices.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.keyIndices[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * A live stream (a spectator's, issue 24) keeps only its recent frames: frames before `index` are
   * let go (their indices stay; asking for one is asking for the oldest kept key frame's world).
   */
  forgetFramesBefore(index: number): void {
    while (this.keyIndices.length > 1 && this.keyIndices[1]! <= index) {
      const k = this.keyIndices.shift()!;
      this.keys.delete(k);
    }
    for (let i = this.forgotten; i < Math.min(index, this.frameBytes.length); i++) this.frameBytes[i] = EMPTY;
    this.forgotten = Math.max(this.forgotten, index);
    if (this.cursor && this.cursor.index < index) this.cursor = null;
  }

  /** Opening: frame `bytes` decoded as `frame` (key frames kept). */
  addFrame(bytes: Uint8Array, frame: ObservedFrame, key: boolean): void {
    const index = this.frameTicks.length;
    this.frameTicks.push(frame.tick);
    this.frameBytes.push(bytes);
    for (const e of frame.events) this.events.push(e);
    if (key) {
      this.keys.set(index, frame);
      this.keyIndices.push(index);
    }
  }
}

/**
 * Opens a replay of the game whose schema is `wire` (peekReplayHeader says which game). Refused
 * with a reason when it is not a replay, was written by another protocol, or is damaged anywhere.
 */
export function openReplay(wire: SnapshotWire, bytes: Uint8Array): DecodeResult<Replay> {
  const split = splitRecords(bytes);
  if (!split.ok) return split;
  const records = split.value;
  const header = headerOf(bytes, records[0]!);
  if (!header.ok) return header;
  if (header.value.protocolVersion !== PROTOCOL_VERSION)
    return {
      ok: false,
      error: `recorded with protocol ${header.value.protocolVersion}; this page reads protocol ${PROTOCOL_VERSION}`,
    };
  const replay = new Replay(wire, header.value);
  let prev: ObservedFrame | null = null;
  for (let k = 1; k < records.length; k++) {
    const rec = records[k]!;
    const body = bytes.subarray(rec.start, rec.end);
    const where = `damaged at byte ${rec.start}`;
    if (rec.kind === RecordKind.keyFrame || rec.kind === RecordKind.deltaFrame) {
      const key = rec.kind === RecordKind.keyFrame;
      if (!key && !prev) return { ok: false, error: `${where}: a delta frame before any key frame` };
      const frame = readObserverFrame(wire, body, key ? null : prev);
      if (!frame.ok) return { ok: false, error: `${where}: ${frame.error}` };
      if (prev && frame.value.tick <= prev.tick) return { ok: false, error: `${where}: frames out of order` };
      replay.addFrame(body, frame.value, key);
      prev = frame.value;
    } else if (rec.kind === RecordKind.roster) {
      const roster = readWhole(bytes, rec, readRoster);
      if (!roster.ok) return { ok: false, error: `${where}: roster: ${roster.error}` };
      replay.rosters.push(roster.value);
    } else if (rec.kind === RecordKind.chat) {
      const chat = readWhole(bytes, rec, readChat);
      if (!chat.ok) return { ok: false, error: `${where}: chat: ${chat.error}` };
      replay.chats.push(chat.value);
    } else if (rec.kind === RecordKind.header) return { ok: false, error: `${where}: a second header` };
    // Any other kind is a later format's addition: skipped.
  }
  if (replay.frameCount === 0) return { ok: false, error: 'no frames' };
  return { ok: true, value: replay };
}
