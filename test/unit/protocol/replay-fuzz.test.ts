/**
 * Fuzz of the replay decoder (issue 24: "≥ 1 M structure-aware inputs into the replay decoder: no
 * throw, nothing out of range"). The inputs start from real recordings (replay-samples.ts: arena
 * and Pushball matches of bots recorded by GameServer's own recorder):
 *  - observer frames: real frame payloads mutated (fuzz-kit's bit flips, truncation, extension,
 *    insertion, deletion), each decoded against its real base and against none; real deltas against
 *    the wrong base; random bytes;
 *  - whole files, record by record: bits flipped in one record's payload, a payload cut or grown
 *    (its length kept right), a kind byte changed, a LEB128 length changed (off by a few, huge,
 *    overlong, unterminated), records dropped, duplicated, swapped, the file cut, Pushball records
 *    spliced into an arena file (and back), header fields rewritten (protocol version, game and map
 *    text, tickrate, frame ticks, key-frame interval, first tick), the magic and format version
 *    byte changed, a key frame's tick or a delta's step rewritten, roster and chat records rewritten
 *    with edge values, records of unknown kinds added, the wrong game's schema; then random bytes
 *    after a valid preamble, and random records after a valid header.
 * Checks (replay-check.ts): nothing throws (peekReplayHeader, openReplay, and on an accepted file
 * Replay.frame, frameAt and rosterAt at random moments, off the replay too); every refusal is a
 * non-empty sentence; an accepted frame is in range: packed into a SnapshotFrame (`capture`) with
 * its events encoded again, written by ObserverFrameWriter against its base (and, for the frame
 * fuzz, as a key frame too), it decodes to the same value (fuzz-kit's `check`, with the real
 * codecs). An accepted file has frames with rising ticks within 32 bits, a header within its
 * documented bounds, rosters of ids 0..255 and names that obey the text rules, chat within the
 * message rules, and its frames are in range (every frame of one accepted file in WALK_SHARE, one
 * at random of the others).
 * Counts: 1,000,000 decoder inputs over the tests below (the *_RUNS constants). Opening and checking
 * a whole file costs ~0.1–0.3 ms even for a 1-second replay, so 1 M whole files would take minutes:
 * 860,000 inputs are single frames (the cheap path: the decoder the file's opening runs frame by
 * frame) and 140,000 are whole small replays (about 1 s, 10 frames; a few of 1.5 s, 46 frames).
 * The file takes ~30–45 s on a shared 2-core machine.
 */
import { describe, expect, it } from 'vitest';
import { readObserverFrame } from '../../../src/protocol/observer-frame';
import { openReplay } from '../../../src/protocol/replay-reader';
import { RecordKind, REPLAY_FORMAT_VERSION, REPLAY_MAGIC } from '../../../src/protocol/replay-format';
import { mutate, randomBytes, type Tally } from './fuzz-kit';
import { Rng } from './gen';
import { attempt, checkFile, checkFrame, hex, newTally, reencoderOf, report } from './replay-check';
import { FILE_SAMPLES, FILE_SAMPLES_LARGER, fresh, OP_NAMES, OPS, serialize } from './replay-mutations';
import { ALL_SAMPLES, FRAMES, SAMPLES } from './replay-samples';

/** Mutated real frames, each decoded against its base and against none. */
const FRAME_RUNS = 780_000;
/** Real delta frames against the wrong base. */
const FRAME_WRONG_BASE_RUNS = 40_000;
/** Random bytes as a frame. */
const FRAME_RANDOM_RUNS = 40_000;
/** Whole files with record-level mutations. */
const FILE_RUNS = 100_000;
/** Random bytes after a valid preamble. */
const FILE_RANDOM_RUNS = 20_000;
/** Random records after a valid preamble and header. */
const FILE_RANDOM_RECORD_RUNS = 20_000;
/** The share of accepted files whose every frame is checked (the others: one frame at random). */
const WALK_SHARE = 1 / 16;
const TOTAL =
  FRAME_RUNS + FRAME_WRONG_BASE_RUNS + FRAME_RANDOM_RUNS + FILE_RUNS + FILE_RANDOM_RUNS + FILE_RANDOM_RECORD_RUNS;

const KEY_FRAMES = FRAMES.filter((f) => f.base === null);
const DELTA_FRAMES = FRAMES.filter((f) => f.base !== null);

describe('replay decoder fuzz', () => {
  it(`starts from real replays, and the re-encoding check is the recorder's own codec (${TOTAL} inputs in all)`, () => {
    expect(TOTAL).toBeGreaterThanOrEqual(1_000_000);
    for (const s of ALL_SAMPLES) {
      const opened = openReplay(s.wire, s.bytes);
      if (!opened.ok) throw new Error(`${s.name}: ${opened.error}`);
      expect(opened.value.rosters.length).toBe(2);
      expect(opened.value.chats.length).toBe(2);
    }
    expect(KEY_FRAMES.length).toBeGreaterThan(10);
    expect(DELTA_FRAMES.length).toBeGreaterThan(100);
    expect(FRAMES.some((f) => f.frame.events.length > 0)).toBe(true);
    // Written again, every real frame is its own bytes: the check re-encodes as the recorder does.
    for (const f of FRAMES) expect(hex(reencoderOf(f.wire).encode(f.frame, f.base))).toBe(hex(f.bytes));
    // Every real frame passes the check.
    for (const f of FRAMES) checkFrame(reencoderOf(f.wire), f.frame, f.base, () => 'a real frame');
  });

  it('the check catches an out-of-range frame', () => {
    const f = DELTA_FRAMES.find((d) => d.wire === SAMPLES.arena.wire && d.frame.lists[0]!.length > 0)!;
    const re = reencoderOf(f.wire);
    const beyond = { ...f.frame, tick: 2 ** 32 };
    expect(() =>
      checkFrame(re, { ...beyond }, { ...f.base!, tick: 2 ** 32 - 2 }, () => 'a frame past 32 bits'),
    ).toThrow(/out-of-range/);
    const e0 = f.frame.lists[0]![0]!;
    const offGrid = { ...f.frame, lists: [[{ ...e0, id: 1e6 }], ...f.frame.lists.slice(1)] };
    expect(() => checkFrame(re, offGrid, f.base, () => 'an id off its range')).toThrow(/out-of-range/);
  });

  it(`observer frames: ${FRAME_RUNS} mutated real frames, each against its base and against none`, () => {
    const r = new Rng(2401);
    const tallies = { 'against base': newTally(), 'against none': newTally() };
    for (let i = 0; i < FRAME_RUNS; i++) {
      const f = r.bool(0.2) ? r.pick(KEY_FRAMES) : r.pick(DELTA_FRAMES);
      let bytes = mutate(r, f.bytes);
      if (r.bool(0.1)) bytes = mutate(r, bytes);
      const re = reencoderOf(f.wire);
      const base = f.base ?? f.prev;
      const input = (): string =>
        `frame ${hex(bytes)} (mutated from ${hex(f.bytes)} of ${f.sample.name}, tick ${f.frame.tick})`;
      for (const [name, b] of [
        ['against base', base],
        ['against none', null],
      ] as const) {
        if (name === 'against base' && !b) continue;
        const out = attempt(() => readObserverFrame(f.wire, bytes, b), input);
        if (!out.ok) {
          tallies[name].refused++;
          continue;
        }
        tallies[name].ok++;
        checkFrame(re, out.value, b, input);
      }
    }
    console.log(
      Object.entries(tallies)
        .map(([k, t]) => report(k, t))
        .join('\n'),
    );
    const all = tallies['against base'].ok + tallies['against none'].ok;
    // A meaningful share of mutations still decodes (the check went deep), and many do not.
    expect(all).toBeGreaterThan(FRAME_RUNS / 20);
    expect(tallies['against base'].refused + tallies['against none'].refused).toBeGreaterThan(FRAME_RUNS / 2);
    expect(tallies['against base'].ok).toBeGreaterThan(FRAME_RUNS / 40);
  });

  it(`observer frames: ${FRAME_WRONG_BASE_RUNS} real deltas against the wrong base, ${FRAME_RANDOM_RUNS} random`, () => {
    const r = new Rng(2402);
    const wrong = newTally();
    const random = newTally();
    for (let i = 0; i < FRAME_WRONG_BASE_RUNS; i++) {
      const f = r.pick(DELTA_FRAMES);
      const other = r.pick(FRAMES.filter((g) => g.wire === f.wire));
      const input = (): string => `frame ${hex(f.bytes)} of ${f.sample.name} against the frame at ${other.frame.tick}`;
      const out = attempt(() => readObserverFrame(f.wire, f.bytes, other.frame), input);
      if (!out.ok) wrong.refused++;
      else {
        wrong.ok++;
        checkFrame(reencoderOf(f.wire), out.value, other.frame, input);
      }
    }
    for (let i = 0; i < FRAME_RANDOM_RUNS; i++) {
      const f = r.pick(FRAMES);
      const bytes = randomBytes(r, 48);
      const base = r.bool(0.5) ? f.frame : null;
      const input = (): string => `random frame ${hex(bytes)}`;
      const out = attempt(() => readObserverFrame(f.wire, bytes, base), input);
      if (!out.ok) random.refused++;
      else {
        random.ok++;
        checkFrame(reencoderOf(f.wire), out.value, base, input);
      }
    }
    console.log([report('wrong base', wrong), report('random frame', random)].join('\n'));
    expect(wrong.ok + wrong.refused).toBe(FRAME_WRONG_BASE_RUNS);
    expect(wrong.ok).toBeGreaterThan(100);
    expect(wrong.refused).toBeGreaterThan(100);
    expect(random.refused).toBeGreaterThan(FRAME_RANDOM_RUNS / 2);
  });

  it(`whole files: ${FILE_RUNS} record-level mutations of small real replays`, () => {
    const r = new Rng(2403);
    const tallies = new Map<string, Tally>([...OP_NAMES, 'stacked'].map((n) => [n, newTally()]));
    for (let i = 0; i < FILE_RUNS; i++) {
      const m = fresh(r.bool(0.03) ? r.pick(FILE_SAMPLES_LARGER) : r.pick(FILE_SAMPLES));
      const ops = r.bool(0.75) ? 1 : r.int(2, 3);
      let name = '';
      for (let k = 0; k < ops; k++) {
        name = r.pick(OP_NAMES);
        if (m.recs.length) OPS[name]!(r, m);
      }
      checkFile(m.wire, serialize(m), r, tallies.get(ops > 1 ? 'stacked' : name)!, WALK_SHARE);
    }
    console.log([...tallies].map(([k, t]) => report(k, t)).join('\n'));
    const sum = [...tallies.values()].reduce(
      (a, t) => ({ ok: a.ok + t.ok, refused: a.refused + t.refused }),
      newTally(),
    );
    expect(sum.ok + sum.refused).toBe(FILE_RUNS);
    expect(sum.ok).toBeGreaterThan(FILE_RUNS / 10);
    expect(sum.refused).toBeGreaterThan(FILE_RUNS / 10);
    // Each kind of damage is met both ways (records of unknown kinds are skipped: never refused).
    for (const [name, t] of tallies) if (name !== 'unknown kind') expect(t.refused, name).toBeGreaterThan(0);
    // A changed length is always refused: a wrong one cuts a record short, an overlong (padded) one
    // is not LEB128's one encoding (replay-format.ts readLeb).
    for (const name of ['payload bits', 'drop', 'duplicate', 'cut', 'header', 'frame tick', 'roster', 'chat'])
      expect(tallies.get(name)!.ok, name).toBeGreaterThan(0);
    expect(tallies.get('unknown kind')!).toMatchObject({ refused: 0, ok: expect.any(Number) });
    expect(tallies.get('unknown kind')!.ok).toBeGreaterThan(0);
  });

  it(`whole files: ${FILE_RANDOM_RUNS} random bodies after a valid preamble, ${FILE_RANDOM_RECORD_RUNS} random records after a valid header`, () => {
    const r = new Rng(2404);
    const body = newTally();
    const records = newTally();
    for (let i = 0; i < FILE_RANDOM_RUNS; i++) {
      const sample = r.pick(FILE_SAMPLES);
      const random = randomBytes(r, 64);
      // Half start with a header record's kind, so more of them reach the header's fields.
      if (random.length && r.bool(0.5)) random[0] = RecordKind.header;
      const bytes = Uint8Array.of(...REPLAY_MAGIC, REPLAY_FORMAT_VERSION, ...random);
      checkFile(sample.wire, bytes, r, body, WALK_SHARE);
    }
    for (let i = 0; i < FILE_RANDOM_RECORD_RUNS; i++) {
      const sample = r.pick(FILE_SAMPLES);
      const m = fresh(sample);
      const key = m.recs.find((rec) => rec.kind === RecordKind.keyFrame)!;
      m.recs.length = 1;
      // Sometimes a real first frame, so random records after it meet a base.
      if (r.bool(0.5)) m.recs.push(key);
      for (let n = r.int(1, 6); n > 0; n--)
        m.recs.push({ kind: r.bool(0.8) ? r.int(1, 6) : r.int(0, 255), payload: randomBytes(r, 40) });
      checkFile(sample.wire, serialize(m), r, records, WALK_SHARE);
    }
    console.log([report('random body', body), report('random records', records)].join('\n'));
    expect(body.ok + body.refused).toBe(FILE_RANDOM_RUNS);
    expect(body.refused).toBeGreaterThan(FILE_RANDOM_RUNS / 2);
    expect(records.ok).toBeGreaterThan(0);
    expect(records.refused).toBeGreaterThan(FILE_RANDOM_RECORD_RUNS / 2);
  });
});
