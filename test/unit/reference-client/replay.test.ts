/**
 * The reference client's replay reader (tools/reference-client/replay.ts, written from
 * docs/PROTOCOL.md "Replay files" alone) against the game's `openReplay`: on real recordings (bots,
 * several key frames, a match start with its events and rockets) both give the same values; on
 * files broken the ways the doc lists, both refuse; what the doc says is skipped or tolerated
 * (unknown record kinds, a padded LEB128 length) both accept; and on randomly mutated records
 * both accept or both refuse, with the same values when they accept. A gap in the doc shows up
 * here as a disagreement.
 */
import { describe, expect, it } from 'vitest';
import { compareWithGame, exampleReplay, recordReplay } from '../../../scripts/protocol-example-replay';
import { GameMode } from '../../../src/sim/match-types';
import { readReplay } from '../../../tools/reference-client/replay';
import { seeded } from '../../helpers/seeded';

interface Rec {
  kind: number;
  payload: Uint8Array;
}

const PREAMBLE = Uint8Array.of(0x52, 0x57, 0x4e, 0x44, 1);

/** The records of a file (the test's own split, trusting the file). */
function records(bytes: Uint8Array): Rec[] {
  const out: Rec[] = [];
  let at = PREAMBLE.length;
  while (at < bytes.length) {
    const kind = bytes[at++]!;
    let length = 0;
    for (let shift = 1; ; shift *= 128) {
      const b = bytes[at++]!;
      length += (b & 0x7f) * shift;
      if (b < 0x80) break;
    }
    out.push({ kind, payload: bytes.slice(at, at + length) });
    at += length;
  }
  return out;
}

const leb = (n: number): number[] => {
  const out: number[] = [];
  let v = n;
  while (v >= 0x80) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
};

/** A file of `recs` after `preamble`; `lengthOf` may write a record's length otherwise. */
function build(recs: Rec[], preamble = PREAMBLE, lengthOf: (n: number) => number[] = leb): Uint8Array {
  const bytes: number[] = [...preamble];
  for (const r of recs) bytes.push(r.kind, ...lengthOf(r.payload.length), ...r.payload);
  return Uint8Array.from(bytes);
}

/** Both readers refuse `bytes` (compareWithGame throws when only one does). */
function bothRefuse(bytes: Uint8Array): string {
  expect(compareWithGame(bytes)).toBeNull();
  const ref = readReplay(bytes);
  return ref.ok ? '' : ref.error;
}

describe('reference replay reader against openReplay', () => {
  const small = exampleReplay();

  it('a recording with a match start, rockets, events and several key frames: the same values', () => {
    const bytes = recordReplay({
      seed: 3,
      bots: 4,
      warmupTicks: 240,
      frames: 150,
      keyFrameSeconds: 1,
      startMatchAfter: {
        frames: 20,
        request: { mode: GameMode.TeamDeathmatch, mapId: 1, fragLimit: 3, timeLimitS: 60, warmupS: 1 },
      },
      chat: 'glhf',
      rocketeer: true,
    });
    const ref = compareWithGame(bytes)!;
    expect(ref).not.toBeNull();
    // The replay restarted at the match start: its first frame is the start tick, with the start's events.
    expect(ref.frames[0]!.tick).toBe(ref.header.firstTick);
    expect(ref.frames[0]!.events.length).toBeGreaterThan(0);
    expect(ref.frames.filter((f) => f.key).map((_, i) => i * 30)).toEqual(
      ref.frames.flatMap((f, i) => (f.key ? [i] : [])),
    );
    expect(ref.frames.filter((f) => f.key).length).toBe(5);
    expect(ref.frames.some((f) => f.projectiles.length > 0)).toBe(true);
    expect(ref.frames.flatMap((f) => f.events).length).toBeGreaterThan(10);
    // The roster the previous replay ended with opens this one; the chat line stayed in the first.
    expect(ref.rosters.map((r) => r.players.length)).toEqual([5]);
    expect(ref.chats).toEqual([]);
  }, 60_000);

  it('skips records of unknown kinds and refuses a padded LEB128 length, as the doc says', () => {
    const recs = records(small);
    const withUnknown = [...recs.slice(0, 4), { kind: 9, payload: Uint8Array.of(1, 2, 3) }, ...recs.slice(4)];
    withUnknown.splice(2, 0, { kind: 0, payload: new Uint8Array(0) });
    const ref = compareWithGame(build(withUnknown))!;
    expect(ref.skipped).toEqual([0, 9]);
    expect(ref.frames.length).toBe(3);
    // Every length as two bytes (`85 00` for 5): one encoding per length, so refused by both.
    const padded = build(recs, PREAMBLE, (n) => (n < 128 ? [n | 0x80, 0] : leb(n)));
    expect(bothRefuse(padded)).toMatch(/cut short/);
  });

  it('refuses what "Reading a replay" lists, both of them', () => {
    const recs = records(small);
    const [header, roster, chat, key, delta1, delta2] = recs as [Rec, Rec, Rec, Rec, Rec, Rec];
    expect(bothRefuse(Uint8Array.of(0x52, 0x57, 0x4e))).toMatch(/not a replay/);
    expect(bothRefuse(build(recs, Uint8Array.of(0x52, 0x57, 0x4e, 0x45, 1)))).toMatch(/not a replay/);
    expect(bothRefuse(build(recs, Uint8Array.of(0x52, 0x57, 0x4e, 0x44, 2)))).toMatch(/format 2/);
    expect(bothRefuse(small.subarray(0, small.length - 1))).toMatch(/cut short/);
    expect(bothRefuse(Uint8Array.of(...small, 4))).toMatch(/cut short/);
    expect(bothRefuse(build(recs, PREAMBLE, (n) => [n | 0x80, 0x80, 0x80, 0x80, 0x80, 0]))).toMatch(/cut short/);
    expect(bothRefuse(PREAMBLE)).toMatch(/no header/);
    expect(bothRefuse(build([roster, header, key]))).toMatch(/no header/);
    expect(bothRefuse(build([header, key, header, delta1]))).toMatch(/second header/);
    expect(bothRefuse(build([header, roster, delta1, key]))).toMatch(/before any key frame/);
    expect(bothRefuse(build([header, key, delta1, delta2, key]))).toMatch(/rise/);
    // A frame record whose kind disagrees with its hasBase bit.
    expect(bothRefuse(build([header, key, { ...delta1, kind: 2 }]))).toMatch(/base/);
    expect(bothRefuse(build([header, { ...key, kind: 3 }]))).toMatch(/before any key frame/);
    expect(bothRefuse(build([header, key, { ...key, kind: 3 }]))).toMatch(/base/);
    expect(bothRefuse(build([header, roster, chat]))).toMatch(/no frames/);
    // A payload with a byte too many, or a byte too few.
    expect(bothRefuse(build([header, { ...roster, payload: Uint8Array.of(...roster.payload, 0) }, key]))).toMatch(
      /trailing/,
    );
    expect(bothRefuse(build([header, key, { ...delta1, payload: delta1.payload.slice(0, -1) }]))).not.toBe('');
    // Protocol 3 in the header.
    const p3 = header.payload.slice();
    p3[1] = 3;
    expect(bothRefuse(build([{ ...header, payload: p3 }, key]))).toMatch(/protocol 3/);
    // A tickrate of 10.
    const slow = header.payload.slice();
    slow[18] = 10;
    expect(bothRefuse(build([{ ...header, payload: slow }, key]))).toMatch(/tickrate/);
    // A chat line with a newline; a roster name with a leading space.
    const nl = chat.payload.slice();
    nl[nl.length - 1] = 0x0a;
    expect(bothRefuse(build([header, { ...chat, payload: nl }, key]))).toMatch(/control/);
    const sp = roster.payload.slice();
    sp[7] = 0x20;
    expect(bothRefuse(build([header, { ...roster, payload: sp }, key]))).toMatch(/trimmed/);
    // Larger than 32 MiB, before anything else.
    const huge = new Uint8Array(32 * 1024 * 1024 + 1);
    huge.set(small);
    expect(bothRefuse(huge)).toMatch(/32 MiB/);
  });

  it('randomly mutated records: both accept with the same values, or both refuse (600 files)', () => {
    const recs = records(small);
    const rand = seeded(24);
    let accepted = 0;
    for (let n = 0; n < 600; n++) {
      // Any record but the header (whose game name only the reference reader checks).
      const i = 1 + Math.floor(rand() * (recs.length - 1));
      const payload = recs[i]!.payload.slice();
      const flips = 1 + Math.floor(rand() * 3);
      for (let k = 0; k < flips; k++) payload[Math.floor(rand() * payload.length)]! ^= 1 << Math.floor(rand() * 8);
      const mutated = recs.map((r, j) => (j === i ? { ...r, payload } : r));
      if (compareWithGame(build(mutated))) accepted++;
    }
    // Some flips land in values (a position, a name's letter) and still decode.
    expect(accepted).toBeGreaterThan(20);
    expect(accepted).toBeLessThan(600);
  }, 60_000);
});
