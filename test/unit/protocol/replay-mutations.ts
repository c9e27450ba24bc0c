/**
 * Record-level mutations of replay files for the replay fuzz (replay-fuzz.test.ts). A file is held
 * as its preamble and records (kind, payload, optionally a LEB128 length that lies), so each
 * mutation damages one structure: a record's payload bits or length, its kind byte, its length
 * field, the order of records, the header's fields, a frame's tick or step, the roster and chat, the
 * preamble; or brings in the other game's records or schema. `serialize` writes the file.
 */
import { MAX_FRAME_STEP } from '../../../src/protocol/observer-frame';
import {
  lebBytes,
  RecordKind,
  REPLAY_FORMAT_VERSION,
  REPLAY_MAGIC,
  writeLeb,
} from '../../../src/protocol/replay-format';
import type { SnapshotWire } from '../../../src/protocol/snapshot-schema';
import { mutate, randomBytes } from './fuzz-kit';
import type { Rng } from './gen';
import { MAX_TICK, reencoderOf } from './replay-check';
import { chatPayload, headerVariant, lebOf, rosterPayload, setBits, TICKS } from './replay-records';
import {
  framesOf,
  otherGame,
  SAMPLES,
  splitRecords,
  type FrameSample,
  type RawRecord,
  type ReplaySample,
} from './replay-samples';

export interface Rec extends RawRecord {
  /** The LEB128 length bytes to write instead of the payload's true length. */
  leb?: Uint8Array;
  /** The real frame this record still is (untouched), for mutations that re-encode it. */
  origin?: FrameSample;
}

export interface FileModel {
  sample: ReplaySample;
  /** The schema the file is opened with. */
  wire: SnapshotWire;
  preamble: Uint8Array;
  recs: Rec[];
  /** Cut the file's bytes to this length. */
  cutAt?: number;
}

function modelOf(sample: ReplaySample): FileModel {
  const frames = framesOf(sample);
  let k = 0;
  const recs = splitRecords(sample.bytes).map((rec): Rec => {
    const frame = rec.kind === RecordKind.keyFrame || rec.kind === RecordKind.deltaFrame ? frames[k++] : undefined;
    return frame ? { ...rec, origin: frame } : { ...rec };
  });
  return { sample, wire: sample.wire, preamble: sample.bytes.slice(0, REPLAY_MAGIC.length + 1), recs };
}

const models = new Map<ReplaySample, FileModel>();
/** `sample` as records, to change (a copy of its record list; the records themselves are shared, never changed). */
export function fresh(sample: ReplaySample): FileModel {
  const m = models.get(sample) ?? models.set(sample, modelOf(sample)).get(sample)!;
  return { ...m, recs: [...m.recs] };
}

export function serialize(m: FileModel): Uint8Array {
  let size = m.preamble.length;
  for (const rec of m.recs) size += 1 + (rec.leb ? rec.leb.length : lebBytes(rec.payload.length)) + rec.payload.length;
  const out = new Uint8Array(size);
  out.set(m.preamble);
  let at = m.preamble.length;
  for (const rec of m.recs) {
    out[at++] = rec.kind;
    if (rec.leb) {
      out.set(rec.leb, at);
      at += rec.leb.length;
    } else at = writeLeb(out, at, rec.payload.length);
    out.set(rec.payload, at);
    at += rec.payload.length;
  }
  return m.cutAt === undefined ? out : out.subarray(0, m.cutAt);
}

const frameIndices = (m: FileModel): number[] =>
  m.recs.flatMap((rec, i) => (rec.kind === RecordKind.keyFrame || rec.kind === RecordKind.deltaFrame ? [i] : []));

/** A record index: usually a frame's (most of a file), sometimes any. */
function pickRecord(r: Rng, m: FileModel): number {
  const frames = frameIndices(m);
  return frames.length && r.bool(0.8) ? r.pick(frames) : r.int(0, m.recs.length - 1);
}

type Op = (r: Rng, m: FileModel) => void;

export const OPS: Record<string, Op> = {
  'payload bits': (r, m) => {
    const i = pickRecord(r, m);
    const payload = m.recs[i]!.payload.slice();
    for (let n = r.int(1, 3); n > 0 && payload.length; n--) {
      const b = r.int(0, payload.length * 8 - 1);
      payload[b >> 3] = payload[b >> 3]! ^ (0x80 >> (b & 7));
    }
    m.recs[i] = { kind: m.recs[i]!.kind, payload };
  },
  'payload cut or grown': (r, m) => {
    const i = pickRecord(r, m);
    m.recs[i] = { kind: m.recs[i]!.kind, payload: mutate(r, m.recs[i]!.payload) };
  },
  kind: (r, m) => {
    const i = pickRecord(r, m);
    const rec = m.recs[i]!;
    const swapped = rec.kind === RecordKind.keyFrame ? RecordKind.deltaFrame : RecordKind.keyFrame;
    m.recs[i] = {
      kind: r.bool(0.4) ? swapped : r.pick([0, 1, 2, 3, 4, 5, 6, 7, 0x80, 255, r.int(0, 255)]),
      payload: rec.payload,
    };
  },
  length: (r, m) => {
    const i = r.int(0, m.recs.length - 1);
    const rec = m.recs[i]!;
    const n = rec.payload.length;
    const choice = r.int(0, 5);
    let leb: Uint8Array;
    if (choice === 0) leb = lebOf(Math.max(0, n + r.pick([-3, -2, -1, 1, 2, 3])));
    else if (choice === 1) leb = lebOf(r.pick([0, 127, 128, 16383, 16384, 2 ** 28, 2 ** 35 - 1]));
    else if (choice === 2) leb = lebOf(r.int(0, 4096));
    else if (choice === 3) {
      // The right length, overlong (a continue bit and a zero group more than needed): refused.
      const right = lebOf(n);
      leb = Uint8Array.of(...right.slice(0, -1), right[right.length - 1]! | 0x80, 0);
    } else if (choice === 4) leb = Uint8Array.from({ length: r.int(5, 6) }, () => 0x80 | r.int(0, 127));
    else leb = lebOf(n).slice(0, 0);
    m.recs[i] = { kind: rec.kind, payload: rec.payload, leb };
  },
  drop: (r, m) => {
    m.recs.splice(r.bool(0.1) ? 0 : pickRecord(r, m), 1);
  },
  duplicate: (r, m) => {
    const i = pickRecord(r, m);
    const j = r.bool(0.7) ? i + 1 : r.int(0, m.recs.length);
    m.recs.splice(j, 0, m.recs[i]!);
  },
  swap: (r, m) => {
    const i = pickRecord(r, m);
    const j = r.bool(0.7) ? Math.min(i + 1, m.recs.length - 1) : r.int(0, m.recs.length - 1);
    [m.recs[i], m.recs[j]] = [m.recs[j]!, m.recs[i]!];
  },
  cut: (r, m) => {
    // At a record's end (a shorter, still whole replay) or anywhere.
    if (r.bool(0.5)) m.recs.length = r.int(1, m.recs.length);
    else m.cutAt = r.int(0, serialize(m).length);
  },
  splice: (r, m) => {
    const other = fresh(otherGame(m.sample));
    const from = r.int(1, other.recs.length - 1);
    const run = other.recs.slice(from, from + r.int(1, 5));
    const at = pickRecord(r, m);
    m.recs.splice(at, r.bool(0.5) ? run.length : 0, ...run);
  },
  header: (r, m) => {
    const i = m.recs.findIndex((rec) => rec.kind === RecordKind.header);
    if (i >= 0) m.recs[i] = { kind: RecordKind.header, payload: headerVariant(r, m.recs[i]!.payload) };
  },
  preamble: (r, m) => {
    const p = m.preamble.slice();
    if (r.bool(0.5)) p[REPLAY_MAGIC.length] = r.pick([0, REPLAY_FORMAT_VERSION + 1, 255, r.int(0, 255)]);
    else p[r.int(0, REPLAY_MAGIC.length - 1)] = r.int(0, 255);
    m.preamble = r.bool(0.1) ? p.slice(0, r.int(0, p.length - 1)) : p;
  },
  'frame tick': (r, m) => {
    const i = pickRecord(r, m);
    const rec = m.recs[i]!;
    const origin = rec.origin;
    if (rec.kind === RecordKind.keyFrame && rec.payload.length >= 5) {
      // A key frame: [hasBase:1][tick:32].
      const payload = rec.payload.slice();
      const old = origin ? origin.frame.tick : 0;
      setBits(payload, 1, 32, r.bool(0.5) ? r.pick(TICKS) : Math.min(MAX_TICK, Math.max(0, old + r.int(-70, 70))));
      m.recs[i] = { kind: rec.kind, payload };
    } else if (origin?.base) {
      // A delta, written again with another step (another tick).
      const step = r.pick([1, 2, 3, MAX_FRAME_STEP, MAX_FRAME_STEP + 1, 2 ** 32, r.int(1, 300)]);
      m.recs[i] = { kind: rec.kind, payload: reencoderOf(origin.wire).stepped(origin.frame, origin.base, step) };
    }
  },
  roster: (r, m) => {
    const i = m.recs.findIndex((rec) => rec.kind === RecordKind.roster);
    const rec = { kind: RecordKind.roster, payload: rosterPayload(r) };
    if (i >= 0 && r.bool(0.5)) m.recs[i] = rec;
    else m.recs.splice(r.int(1, m.recs.length), 0, rec);
  },
  chat: (r, m) => {
    const i = m.recs.findIndex((rec) => rec.kind === RecordKind.chat);
    const rec = { kind: RecordKind.chat, payload: chatPayload(r) };
    if (i >= 0 && r.bool(0.5)) m.recs[i] = rec;
    else m.recs.splice(r.int(1, m.recs.length), 0, rec);
  },
  'unknown kind': (r, m) => {
    const kind = r.pick([0, 6, 7, 100, 255, r.int(6, 255)]);
    m.recs.splice(r.int(1, m.recs.length), 0, { kind, payload: randomBytes(r, 40) });
  },
  'wrong game': (_r, m) => {
    m.wire = otherGame(m.sample).wire;
  },
  'another file appended': (r, m) => {
    const other = fresh(r.pick(FILE_SAMPLES));
    m.recs.push(...other.recs);
  },
};
export const OP_NAMES = Object.keys(OPS);

/** The files the record-level fuzz mutates: small replays (~1 s) mostly, for speed. */
export const FILE_SAMPLES = [SAMPLES.arenaSmall, SAMPLES.pushballSmall];
export const FILE_SAMPLES_LARGER = [SAMPLES.arenaKeys];
