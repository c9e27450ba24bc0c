/**
 * A replay file reader written from docs/PROTOCOL.md ("Replay files") alone: the preamble, the
 * records (kind byte, LEB128 length, payload), the header, the observer frames (the snapshot's
 * entity lists, events and match block, with no per-client header and no `self`), roster and chat.
 *
 * `readReplay` checks the whole file the way the doc says a reader must (every refusal in its
 * order) and returns every frame decoded, so it is simple rather than quick: a player would keep
 * only the key frames' worlds. Given a `ReplayTrace`, it records every byte of the framing and
 * every field of each payload (scripts/protocol-example-replay.ts prints the doc's example so).
 * It reads the arena's tables only, so it refuses a replay of another game. Never throws.
 */
import { BitReader, type TraceEntry } from './bits';
import { PROTOCOL_VERSION, readText } from './control';
import { readList } from './entity-list';
import type { Entity } from './fields';
import { readMatch, type Match } from './match';
import { ALL, LISTS, readEvents, type GameEvent } from './snapshot';

const MAGIC = [0x52, 0x57, 0x4e, 0x44];
export const REPLAY_FORMAT = 1;
export const MAX_REPLAY_BYTES = 32 * 1024 * 1024;
const MAX_ROSTER = 256;
const MAX_LEB_BYTES = 5;

/** Record kinds; any other kind byte is skipped. */
export const KIND_NAMES: Readonly<Record<number, string>> = {
  1: 'header',
  2: 'key frame',
  3: 'delta frame',
  4: 'roster',
  5: 'chat',
};

export interface ReplayHeader {
  protocolVersion: number;
  game: string;
  map: string;
  tickrate: number;
  frameTicks: number;
  keyFrameEvery: number;
  firstTick: number;
}

/** One observer frame, decoded: every player (public fields), every rocket, the events it brought, the match block. */
export interface ObserverFrame {
  tick: number;
  key: boolean;
  /** The motion scale (0 in a key frame). */
  k: number;
  players: Entity[];
  projectiles: Entity[];
  events: GameEvent[];
  match: Match;
}

export interface RosterRecord {
  tick: number;
  players: { id: number; name: string }[];
}

export interface ChatRecord {
  tick: number;
  from: number;
  text: string;
}

export interface ReplayFile {
  header: ReplayHeader;
  frames: ObserverFrame[];
  rosters: RosterRecord[];
  chats: ChatRecord[];
  /** Kind bytes of the records skipped (a later format's additions). */
  skipped: number[];
}

/** One piece of the framing (outside any payload): where it starts, its bytes, what they mean. */
export interface FramingEntry {
  label: string;
  at: number;
  bytes: number[];
  value: unknown;
}

/** One payload, field by field: bit numbers count from its first byte. */
export interface PayloadTrace {
  record: number;
  kind: number;
  /** Byte of the file where the payload starts, and its length. */
  start: number;
  length: number;
  fields: TraceEntry[];
}

export interface ReplayTrace {
  framing: FramingEntry[];
  payloads: PayloadTrace[];
}

export type ReplayResult = { ok: true; value: ReplayFile } | { ok: false; error: string };

interface RawRecord {
  kind: number;
  start: number;
  end: number;
}

/** The text rules of "Control": no control characters (Cc, bidi overrides and isolates), a length in code points; names trimmed and not empty. */
const CONTROL_CHARS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

function ruledText(r: BitReader, label: string, maxChars: number, name: boolean): string {
  const text = readText(r, label, maxChars * 4);
  if (!r.ok) return '';
  const chars = [...text].length;
  if (CONTROL_CHARS.test(text)) r.fail(`${label}: control character`);
  else if (chars > maxChars) r.fail(`${label}: longer than ${maxChars} characters`);
  else if (name && (chars === 0 || text.trim() !== text)) r.fail(`${label}: empty or untrimmed`);
  return text;
}

/**
 * A LEB128 at `at`: 7 bits a byte, low group first, high bit = another byte follows; at most 5
 * bytes, and in its shortest form (a last byte of 0 after another byte is refused).
 */
function readLeb(bytes: Uint8Array, at: number): { value: number; end: number } | null {
  let value = 0;
  for (let i = 0; i < MAX_LEB_BYTES && at + i < bytes.length; i++) {
    const b = bytes[at + i]!;
    value += (b & 0x7f) * 2 ** (7 * i);
    if ((b & 0x80) === 0) return i > 0 && b === 0 ? null : { value, end: at + i + 1 };
  }
  return null;
}

/** Steps 1-4 of "Reading a replay": size, magic, format, and the records' framing. */
function splitRecords(bytes: Uint8Array, framing: FramingEntry[] | null): RawRecord[] | string {
  if (bytes.length > MAX_REPLAY_BYTES) return 'larger than 32 MiB';
  if (bytes.length < MAGIC.length + 1 || MAGIC.some((b, i) => bytes[i] !== b)) return 'not a replay file';
  const slice = (at: number, end: number): number[] => [...bytes.subarray(at, end)];
  framing?.push({ label: 'magic', at: 0, bytes: slice(0, 4), value: '"RWND"' });
  const format = bytes[4]!;
  framing?.push({ label: 'format version', at: 4, bytes: [format], value: format });
  if (format !== REPLAY_FORMAT) return `replay format ${format}; this reader reads format ${REPLAY_FORMAT}`;
  const records: RawRecord[] = [];
  let at = MAGIC.length + 1;
  while (at < bytes.length) {
    const kind = bytes[at]!;
    const n = records.length;
    framing?.push({
      label: `record ${n}: kind`,
      at,
      bytes: [kind],
      value: `${kind} (${KIND_NAMES[kind] ?? 'unknown: skipped'})`,
    });
    const length = readLeb(bytes, at + 1);
    if (!length || length.end + length.value > bytes.length) return `record ${n} at byte ${at}: cut short`;
    framing?.push({
      label: `record ${n}: payload length (LEB128)`,
      at: at + 1,
      bytes: slice(at + 1, length.end),
      value: length.value,
    });
    records.push({ kind, start: length.end, end: length.end + length.value });
    at = length.end + length.value;
  }
  return records;
}

function readHeader(r: BitReader): ReplayHeader {
  const h: ReplayHeader = {
    protocolVersion: r.at('protocolVersion').u(16),
    game: ruledText(r, 'game', 32, true),
    map: ruledText(r, 'map', 32, true),
    tickrate: r.at('tickrate').u(8),
    frameTicks: r.at('frameTicks').u(8),
    keyFrameEvery: r.at('keyFrameEvery').u(16),
    firstTick: r.at('firstTick').u(32),
  };
  if (h.tickrate < 20 || h.tickrate > 128) r.fail(`tickrate ${h.tickrate}`);
  if (h.frameTicks === 0) r.fail('frameTicks 0');
  if (h.keyFrameEvery === 0) r.fail('keyFrameEvery 0');
  return h;
}

/** An observer frame: a key frame alone, a delta frame against `prev` (the frame decoded just before it). */
function readFrame(r: BitReader, key: boolean, prev: ObserverFrame | null): ObserverFrame {
  const hasBase = r.at('hasBase').bool();
  if (hasBase === key) r.fail(key ? 'a key frame with a base' : 'a delta frame without its base');
  let tick = 0;
  let k = 0;
  if (key) tick = r.at('tick').u(32);
  else {
    const step = r.at('tick - previous frame tick').varuint(4);
    if (step < 1 || step > 65535) r.fail(`frame step ${step}`);
    tick = (prev?.tick ?? 0) + step;
    r.note(`${step} (tick ${tick})`);
    k = r.at('k (motion scale)').u(16);
  }
  const base = key ? null : prev;
  // Each section's whole id range, against the previous frame's list (a key frame: an empty one).
  const lists = LISTS.map((l, i) =>
    readList(r, l, base ? (i === 0 ? base.players : base.projectiles) : [], ALL[i]!, tick, k),
  );
  const events = readEvents(r, tick);
  const match = readMatch(r, base ? base.match : null, tick);
  r.end();
  return { tick, key, k, players: lists[0]!, projectiles: lists[1]!, events, match };
}

function readRoster(r: BitReader): RosterRecord {
  const tick = r.at('tick').u(32);
  const count = r.at('player count').varuint(7);
  if (count > MAX_ROSTER) r.fail(`${count} players`);
  const players: RosterRecord['players'] = [];
  for (let i = 0; i < count && r.ok; i++) {
    const id = r.at(`player ${i} id`).u(8);
    players.push({ id, name: ruledText(r, `player ${i} name`, 24, true) });
  }
  r.end();
  return { tick, players };
}

function readChat(r: BitReader): ChatRecord {
  const rec = { tick: r.at('tick').u(32), from: r.at('from').u(8), text: ruledText(r, 'text', 200, false) };
  r.end();
  return rec;
}

/**
 * The whole file, checked as "Reading a replay" says: refused with the first problem found, or
 * every frame, roster and chat line.
 */
export function readReplay(bytes: Uint8Array, trace: ReplayTrace | null = null): ReplayResult {
  const split = splitRecords(bytes, trace ? trace.framing : null);
  if (typeof split === 'string') return { ok: false, error: split };
  const reader = (i: number): BitReader => {
    const rec = split[i]!;
    const fields: TraceEntry[] | null = trace ? [] : null;
    if (trace && fields)
      trace.payloads.push({ record: i, kind: rec.kind, start: rec.start, length: rec.end - rec.start, fields });
    return new BitReader(bytes.subarray(rec.start, rec.end), fields);
  };
  if (split[0]?.kind !== 1) return { ok: false, error: 'no header' };
  const hr = reader(0);
  const header = readHeader(hr);
  hr.end();
  if (!hr.ok) return { ok: false, error: `header: ${hr.error}` };
  if (header.protocolVersion !== PROTOCOL_VERSION)
    return { ok: false, error: `protocol ${header.protocolVersion}; this reader decodes protocol ${PROTOCOL_VERSION}` };
  if (header.game !== 'arena') return { ok: false, error: `a replay of ${header.game}; this reader decodes the arena` };

  const out: ReplayFile = { header, frames: [], rosters: [], chats: [], skipped: [] };
  let prev: ObserverFrame | null = null;
  for (let i = 1; i < split.length; i++) {
    const kind = split[i]!.kind;
    const where = `record ${i} (${KIND_NAMES[kind] ?? kind})`;
    if (kind === 1) return { ok: false, error: `${where}: a second header` };
    if (kind === 2 || kind === 3) {
      if (kind === 3 && !prev) return { ok: false, error: `${where}: a delta frame before any key frame` };
      const r = reader(i);
      const frame = readFrame(r, kind === 2, prev);
      if (!r.ok) return { ok: false, error: `${where}: ${r.error}` };
      if (prev && frame.tick <= prev.tick) return { ok: false, error: `${where}: tick ${frame.tick} does not rise` };
      out.frames.push(frame);
      prev = frame;
    } else if (kind === 4 || kind === 5) {
      const r = reader(i);
      if (kind === 4) out.rosters.push(readRoster(r));
      else out.chats.push(readChat(r));
      if (!r.ok) return { ok: false, error: `${where}: ${r.error}` };
    } else out.skipped.push(kind);
  }
  if (out.frames.length === 0) return { ok: false, error: 'no frames' };
  return { ok: true, value: out };
}

/** The last frame at or before `tick` (the first frame for an earlier tick). */
export function frameIndexAt(replay: ReplayFile, tick: number): number {
  let i = 0;
  while (i + 1 < replay.frames.length && replay.frames[i + 1]!.tick <= tick) i++;
  return i;
}

/** Who is in the match at `tick`: the newest roster record at or before it. */
export function rosterAt(replay: ReplayFile, tick: number): RosterRecord['players'] {
  let players: RosterRecord['players'] = [];
  for (const rec of replay.rosters) if (rec.tick <= tick) players = rec.players;
  return players;
}
