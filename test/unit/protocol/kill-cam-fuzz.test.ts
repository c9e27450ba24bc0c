/**
 * Fuzz of the 'killcam' control message and the kill-cam replay in it (issue 24), as the replay fuzz
 * (replay-fuzz.test.ts) does the replay decoder. From real kill-cams (kill-cam-fuzz-kit.ts: cut by
 * the host in a duel and in a crowd of five, and short ones cut again from those): the message's
 * killer, playTicks (0, 1, 65535, random), length field (0, short, long), truncated, appended bytes,
 * type byte; its replay record by record (bits and bytes, header fields, kind bytes, LEB128 lengths,
 * records dropped, duplicated, swapped, cut, another kill-cam's frames spliced in raw or re-encoded,
 * a delta as a key frame and back, ticks and steps rewritten, roster, chat and unknown records, the
 * preamble, other games' records); random bytes after a valid prefix; fully random messages.
 * Every input (kit's `checkMessage`): nothing throws, from decodeControl to the opened show played
 * to its end on a virtual clock and skipped; an accepted message is its own encoding; every view
 * follows the killer with finite positions; a show ends after the views its span takes at its speed.
 * 1,000,000 inputs (the *_RUNS): opening and playing a real 4-second kill-cam costs ~0.5 ms, so most
 * start from short ones (median 2 frames), FULL_SHARE from real ones. A failure names its seed and input.
 */
import { describe, expect, it } from 'vitest';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { decodeControl } from '../../../src/protocol/control';
import type { KillCamCut } from '../../../src/server/kill-cams';
import { GameMode } from '../../../src/sim/match-types';
import { BotClient, Match, openArena, skirmish } from '../../harness';
import { lcg, shooterScript, SHOOTER, targetScript, TARGET } from '../../integration/duel-scripts';
import { readObserverFrame } from '../../../src/protocol/observer-frame';
import { RecordKind, REPLAY_FORMAT_VERSION, REPLAY_MAGIC } from '../../../src/protocol/replay-format';
import { mutate, randomBytes } from './fuzz-kit';
import { Rng } from './gen';
import {
  checkMessage,
  deltaOf,
  inputsOf,
  keyOf,
  makeSamples,
  newTally,
  REPLAY_OP_NAMES,
  REPLAY_OPS,
  report,
  sumTallies,
  type KcTally,
  type KillCamSample,
} from './kill-cam-fuzz-kit';
import { hex } from './replay-check';
import { fresh, serialize } from './replay-mutations';

/** Messages mutated at the message level; replays mutated record by record in a well-formed message. */
const MESSAGE_RUNS = 400_000;
const REPLAY_RUNS = 250_000;
/** Random bytes after a valid prefix of a message; random records after a valid header. */
const PREFIX_RUNS = 170_000;
const RECORD_RUNS = 40_000;
/** Fully random messages (a third with the killcam type byte, a third with a well-formed head). */
const RANDOM_RUNS = 140_000;
/** The share of inputs from a real full-length kill-cam (the others: short cuts of them). */
const FULL_SHARE = 0.002;
const TOTAL = MESSAGE_RUNS + REPLAY_RUNS + PREFIX_RUNS + RECORD_RUNS + RANDOM_RUNS;

const KILLCAM_TYPE = 13;
/** A message's bytes before its replay: type, killer, playTicks (u16), length (u16). */
const HEAD = 6;
const u16 = (v: number): number[] => [(v >> 8) & 255, v & 255];
/** A 'killcam' message written by hand: any killer, playTicks and length field. */
function messageBytes(killer: number, playTicks: number, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(HEAD + bytes.length);
  out.set([KILLCAM_TYPE, killer & 255, ...u16(playTicks), ...u16(bytes.length)]);
  out.set(bytes, HEAD);
  return out;
}
/** `s`'s message around other replay bytes (cut to the 65535 a length field holds). */
const withReplay = (s: KillCamSample, bytes: Uint8Array): Uint8Array =>
  messageBytes(s.message.killer, s.message.playTicks, bytes.subarray(0, 0xffff));
/** The bytes of `parts`, one after another. */
function concat(...parts: ArrayLike<number>[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}
const patched = (b: Uint8Array, at: number, ...vs: number[]): Uint8Array => {
  const out = b.slice();
  vs.forEach((v, k) => at + k < out.length && (out[at + k] = v));
  return out;
};
const lengths = (n: number, r: Rng): number[] => [0, 1, n - 1, n + 1, n - r.int(2, 9), n + r.int(2, 9), 65535, n];

/** Mutations of a whole message: its head's fields, its length, its type. */
const MESSAGE_OPS: Record<string, (r: Rng, b: Uint8Array) => Uint8Array> = {
  killer: (r, b) => patched(b, 1, r.pick([0, 1, 2, 127, 128, 254, 255, r.int(0, 255)])),
  playTicks: (r, b) => patched(b, 2, ...u16(r.pick([0, 0, 1, 1, 2, 23, 24, 25, 65535, 65535, 256, r.int(0, 65535)]))),
  'length field': (r, b) => patched(b, 4, ...u16(r.pick([...lengths(b.length - HEAD, r), r.int(0, 65535)]))),
  truncated: (r, b) => b.slice(0, r.bool(0.3) ? r.int(0, HEAD + 2) : r.int(0, b.length - 1)),
  appended: (r, b) => concat(b, [r.pick([0, r.int(0, 255)])], randomBytes(r, r.bool(0.7) ? 2 : 63)),
  'type byte': (r, b) => patched(b, 0, r.pick([0, 1, 4, 5, 6, 7, 8, 11, 12, 14, 15, 0x8d, 255, r.int(0, 255)])),
  'bytes (fuzz-kit)': (r, b) => mutate(r, b),
};
const MESSAGE_OP_NAMES = Object.keys(MESSAGE_OPS);
/** The ops as picked: those that keep a message valid (killer, playTicks: always opened and played) half as often. */
const MESSAGE_OP_PICKS = [...MESSAGE_OP_NAMES, ...MESSAGE_OP_NAMES.slice(2)];

/** Runs `match` until `count` kill-cams were cut (at most `maxMs` of its clock). */
function cutsOf(match: Match, count: number, maxMs: number): KillCamCut[] {
  const cuts: KillCamCut[] = [];
  match.onTick = (_out, m) => void cuts.push(...m.server.killCams.drain());
  match.runUntil(() => cuts.length >= count, maxMs, 200);
  return cuts;
}

function duel(): Match {
  const map = openArena([200, 1200].map((x) => ({ x, y: 800 })));
  const match = new Match({ server: { seed: 5, lagCompensation: true, map } });
  const rand = lcg(5);
  const script = shooterScript(map, rand, []);
  match.addClient(new BotClient(SHOOTER, { tickrate: 60, script, net: { interpMs: 100 } }), { latencyMs: 75 });
  match.addClient(new BotClient(TARGET, { tickrate: 60, script: targetScript(rand) }), { latencyMs: 30 });
  match.server.killCams.setWanted(TARGET, true);
  return match;
}

/** Two scripted clients who asked for kill-cams and three server bots, in a deathmatch at `tickrate`. */
function crowd(tickrate: number, seed: number): Match {
  const match = new Match({ server: { seed, tickrate } });
  for (const id of [1, 2]) {
    match.addClient(new BotClient(id, { tickrate, script: skirmish(seed + id, 0.3) }), { latencyMs: 30 * id });
    match.server.killCams.setWanted(id, true);
  }
  for (let i = 0; i < 3; i++) match.server.addBot();
  match.server.startMatch({ mode: GameMode.Deathmatch, mapId: 0, fragLimit: 0, timeLimitS: 0, warmupS: 0 });
  match.server.killCams.info = { game: 'arena', map: 'Dust Yard' };
  return match;
}

/** The host's kill-cams, and short cuts of each: most of the duel's (two players: the cheapest to open). */
const SAMPLES = makeSamples([
  ['duel', cutsOf(duel(), 3, 600_000), 50],
  ['crowd 60 Hz', cutsOf(crowd(60, 3), 4, 120_000), 20],
  ['crowd 20 Hz', cutsOf(crowd(20, 8), 4, 120_000), 20],
]);
const ALL = [...SAMPLES.full, ...SAMPLES.short];
const pick = (r: Rng): KillCamSample => r.pick(r.bool(FULL_SHARE) ? SAMPLES.full : SAMPLES.short);
const tallies = (names: string[]): Map<string, KcTally> => new Map(names.map((n) => [n, newTally()]));
const log = (ts: Map<string, KcTally>): void => console.log([...ts].map(([k, t]) => report(k, t)).join('\n'));

describe('kill-cam fuzz', () => {
  it(`starts from real kill-cams, full-length and short (${TOTAL} inputs in all)`, () => {
    expect(TOTAL).toBeGreaterThanOrEqual(1_000_000);
    expect(SAMPLES.full.length).toBe(11);
    // The duel's are the 4-second cuts the integration test makes; the crowd's have five players.
    for (const s of SAMPLES.full.slice(0, 3))
      expect([s.frames.length >= 115, s.message.playTicks]).toEqual([true, 180]);
    expect(SAMPLES.full.some((s) => s.frames[0]!.frame.lists[0]!.length === 5)).toBe(true);
    const frames = SAMPLES.short.map((s) => s.frames.length).sort((a, b) => a - b);
    expect([frames.length > 250, frames[0], frames[frames.length >> 1]! <= 3]).toEqual([true, 1, true]);
    expect(SAMPLES.short.some((s) => s.frames.some((f) => f.frame.events.length > 0))).toBe(true);
    for (const s of ALL) {
      // Written again by the host's writer, a frame is its own bytes ('delta to key and back' relies on it).
      for (const f of s.frames) {
        expect(hex(f.base ? deltaOf(f.frame, f.base) : keyOf(f.frame))).toBe(hex(f.bytes));
        expect(readObserverFrame(ARENA_WIRE, keyOf(f.frame), null)).toEqual({ ok: true, value: f.frame });
      }
      // The hand-written message is the encoder's.
      expect(hex(withReplay(s, s.message.bytes))).toBe(hex(s.encoded));
      expect(decodeControl(s.encoded)).toEqual({ ok: true, value: s.message });
    }
    // And each passes every check, whatever the clock and the live view do.
    const t = newTally();
    const r = new Rng(2500);
    for (const s of ALL) for (let k = 0; k < 8; k++) checkMessage(s.encoded, r, t, () => `sample ${s.name}`);
    expect(t).toMatchObject({ shown: ALL.length * 8, message: 0, replay: 0 });
    console.log(
      `${SAMPLES.full.length} full and ${SAMPLES.short.length} short kill-cams:\n${report('as they are', t)}`,
    );
  });

  it(`messages: ${MESSAGE_RUNS} mutated at the message level`, () => {
    const r = new Rng(2502);
    const ts = tallies([...MESSAGE_OP_NAMES, 'stacked']);
    for (let i = 0; i < MESSAGE_RUNS; i++) {
      const s = pick(r);
      const ops = r.bool(0.85) ? 1 : r.int(2, 3);
      let [bytes, name] = [s.encoded, ''];
      for (let k = 0; k < ops; k++) bytes = MESSAGE_OPS[(name = r.pick(MESSAGE_OP_PICKS))]!(r, bytes);
      checkMessage(bytes, r, ts.get(ops > 1 ? 'stacked' : name)!, () => `seed 2502 input ${i} (${s.name})`);
    }
    log(ts);
    const all = sumTallies(ts.values());
    expect(inputsOf(all)).toBe(MESSAGE_RUNS);
    expect(all.views).toBeGreaterThan(MESSAGE_RUNS / 4);
    // Any killer, and any playTicks but 0, is a message that shows.
    expect(ts.get('killer')).toMatchObject({ message: 0, replay: 0, other: 0 });
    expect(ts.get('playTicks')).toMatchObject({ replay: 0, other: 0 });
    expect(ts.get('playTicks')!.message * ts.get('playTicks')!.shown).toBeGreaterThan(0);
    // A length field that lies, bytes cut or added: refused (a right length picked at random: shown).
    for (const name of ['length field', 'truncated', 'appended']) {
      expect(ts.get(name)!.message, name).toBeGreaterThan(ts.get(name)!.shown * 5);
      expect(ts.get(name)!.replay, name).toBe(0);
    }
    expect(ts.get('truncated')!.shown + ts.get('appended')!.shown).toBe(0);
    expect(ts.get('type byte')!.message).toBeGreaterThan(MESSAGE_RUNS / 10);
  });

  it(`replays: ${REPLAY_RUNS} record-level mutations of kill-cams in well-formed messages`, () => {
    const r = new Rng(2503);
    const ts = tallies([...REPLAY_OP_NAMES, 'stacked']);
    for (let i = 0; i < REPLAY_RUNS; i++) {
      const s = pick(r);
      const m = fresh(s);
      const ops = r.bool(0.8) ? 1 : r.int(2, 3);
      let name = '';
      for (let k = 0; k < ops; k++) if (m.recs.length) REPLAY_OPS[(name = r.pick(REPLAY_OP_NAMES))]!(r, m);
      const t = ts.get(ops > 1 ? 'stacked' : name)!;
      checkMessage(withReplay(s, serialize(m)), r, t, () => `seed 2503 input ${i} (${s.name})`);
    }
    log(ts);
    const all = sumTallies(ts.values());
    expect(inputsOf(all)).toBe(REPLAY_RUNS);
    expect([all.other, all.shown > REPLAY_RUNS / 10, all.replay > REPLAY_RUNS / 10]).toEqual([0, true, true]);
    // Written again by the host's own writer, a replay is whole: always shown.
    for (const name of ['delta to key and back', 'kill-cam re-encoded in'])
      expect(ts.get(name), name).toMatchObject({ replay: 0, message: 0 });
    // Each kind of damage is met both ways (records of unknown kinds are skipped, never refused).
    for (const name of ['payload bits', 'payload cut or grown', 'header', 'kind', 'drop', 'duplicate', 'swap'])
      expect(ts.get(name)!.replay * ts.get(name)!.shown, name).toBeGreaterThan(0);
    for (const name of ['cut', 'kill-cam spliced', 'frame tick', 'roster', 'chat', 'splice'])
      expect(ts.get(name)!.replay * ts.get(name)!.shown, name).toBeGreaterThan(0);
    expect(ts.get('unknown kind')).toMatchObject({ replay: 0, message: 0 });
    // A cut to nothing is a message without a replay: refused by the decoder.
    expect(ts.get('cut')!.message).toBeGreaterThan(0);
    // Rewritten ticks make shows too long to play view by view: sought to their end.
    expect(ts.get('frame tick')!.long).toBeGreaterThan(0);
  });

  it(`random bytes after a valid prefix: ${PREFIX_RUNS} messages, ${RECORD_RUNS} replays of random records`, () => {
    const r = new Rng(2504);
    const ts = tallies(['random after head', 'random after replay', 'random records']);
    for (let i = 0; i < PREFIX_RUNS; i++) {
      const s = pick(r);
      const describe = (): string => `seed 2504 input ${i} (${s.name})`;
      const [message, replay] = [s.encoded, s.message.bytes];
      if (r.bool(0.5)) {
        // The message's first bytes (its head, sometimes part of the replay), then random ones.
        const keep = r.bool(0.5) ? r.int(1, HEAD) : r.int(1, message.length);
        const bytes = concat(message.subarray(0, keep), randomBytes(r, 48));
        checkMessage(bytes, r, ts.get('random after head')!, describe);
      } else {
        // The replay's first bytes (preamble, header, some frames), then random ones: its length kept right.
        const keep = r.bool(0.3) ? r.int(0, Math.min(replay.length, 40)) : r.int(0, replay.length);
        const bytes = withReplay(s, concat(replay.subarray(0, keep), randomBytes(r, 64)));
        checkMessage(bytes, r, ts.get('random after replay')!, describe);
      }
    }
    for (let i = 0; i < RECORD_RUNS; i++) {
      const s = pick(r);
      const m = fresh(s);
      const key = m.recs.find((rec) => rec.kind === RecordKind.keyFrame)!;
      // The header, sometimes the real first frame (so random records after it meet a base), random records.
      m.recs.length = 1;
      if (r.bool(0.5)) m.recs.push(key);
      for (let n = r.int(1, 5); n > 0; n--)
        m.recs.push({ kind: r.bool(0.8) ? r.int(1, 6) : r.int(0, 255), payload: randomBytes(r, 40) });
      const describe = (): string => `seed 2504 record input ${i} (${s.name})`;
      checkMessage(withReplay(s, serialize(m)), r, ts.get('random records')!, describe);
    }
    log(ts);
    const [head, replay, records] = [...ts.values()];
    expect(inputsOf(head!) + inputsOf(replay!)).toBe(PREFIX_RUNS);
    expect(head!.message).toBeGreaterThan(inputsOf(head!) * 0.9);
    expect(replay!.replay).toBeGreaterThan(inputsOf(replay!) * 0.9);
    // Now and then a random tail or records make a whole replay after the real ones.
    expect(replay!.shown * records!.shown).toBeGreaterThan(0);
    expect(records!.replay).toBeGreaterThan(RECORD_RUNS / 2);
  });

  it(`fully random: ${RANDOM_RUNS} messages`, () => {
    const r = new Rng(2505);
    const ts = tallies(['random', 'random killcam', 'random replay']);
    const [any, typed, framed] = [...ts.values()];
    for (let i = 0; i < RANDOM_RUNS; i++) {
      const c = r.int(0, 2);
      const describe = (): string => `seed 2505 input ${i}`;
      if (c === 0) checkMessage(randomBytes(r, 48), r, any!, describe);
      else if (c === 1) checkMessage(Uint8Array.of(KILLCAM_TYPE, ...randomBytes(r, 48)), r, typed!, describe);
      else {
        // A well-formed head around random bytes (half after a valid preamble): they reach the replay reader.
        const body = randomBytes(r, 64);
        const bytes = r.bool(0.5) ? Uint8Array.of(...REPLAY_MAGIC, REPLAY_FORMAT_VERSION, ...body) : body;
        checkMessage(messageBytes(r.int(0, 255), r.int(0, 65535), bytes), r, framed!, describe);
      }
    }
    log(ts);
    expect(inputsOf(sumTallies(ts.values()))).toBe(RANDOM_RUNS);
    expect(any!.message).toBeGreaterThan(inputsOf(any!) / 2);
    expect(typed!.message).toBeGreaterThan(inputsOf(typed!) / 2);
    expect(framed!.replay).toBeGreaterThan(inputsOf(framed!) / 2);
  });
});
