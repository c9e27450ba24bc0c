/**
 * ReplayRecorder's own promises (the whole-match behaviour is test/integration/replay-recording.test.ts):
 * frames at the frame rate with a key frame every `keyFrameEvery` frames; a frame written early
 * when events pile up, so no frame carries more than a reader accepts; blank header texts named
 * so the file stays readable; the cap ends the replay (counted) and what was written still opens;
 * the reader's refusals name what is wrong.
 */
import { describe, expect, it } from 'vitest';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { MAX_EVENTS } from '../../../src/protocol/event-codec';
import { openReplay, peekReplayHeader } from '../../../src/protocol/replay-reader';
import type { TaggedEvent } from '../../../src/protocol/snapshot-types';
import { ReplayRecorder } from '../../../src/server/replay-recorder';
import type { SimEvent } from '../../../src/sim/types';
import { newPlayer } from '../../../src/sim/player-state';

const player = (id: number, x: number) => newPlayer(id, x, 100);
const lists = (x: number) => () => [[player(1, x), player(2, 300)], []];
const rules = () => undefined;
const fired = (id: number, tick: number): TaggedEvent<SimEvent> => ({
  id,
  tick,
  event: { type: 'fired', shooter: 1, weapon: 0, x: 10, y: 10, aim: 0, endX: 50, endY: 10 },
});

function open(bytes: Uint8Array) {
  const r = openReplay(ARENA_WIRE, bytes);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('ReplayRecorder', () => {
  it('writes a frame every frameTicks ticks and a key frame every keyFrameEvery frames', () => {
    const rec = new ReplayRecorder(ARENA_WIRE, 60, { game: 'arena', map: 'plaza' }, 100, { keyFrameSeconds: 1 });
    expect(rec.header).toMatchObject({ frameTicks: 2, keyFrameEvery: 30, firstTick: 100 });
    for (let t = 100; t <= 400; t++) rec.onTick(t, lists(t), rules, []);
    const replay = open(rec.bytes());
    expect(replay.frameTicks).toEqual(Array.from({ length: 151 }, (_, i) => 100 + 2 * i));
    expect(rec.counters).toMatchObject({ frames: 151, keyFrames: 6, full: false, failures: 0 });
    expect(replay.frameAt(257).lists[0]![0]).toMatchObject({ id: 1, x: 256 });
  });

  it('writes a frame early when events pile up between two frame ticks', () => {
    const rec = new ReplayRecorder(ARENA_WIRE, 60, { game: 'arena', map: 'plaza' }, 0, { frameTicks: 10 });
    let id = 0;
    for (let t = 0; t <= 20; t++)
      rec.onTick(t, lists(t), rules, t === 3 || t === 4 ? Array.from({ length: 1500 }, () => fired(id++, t)) : []);
    const replay = open(rec.bytes());
    // A frame at 0, one early at tick 4 (3,000 events waiting, more than MAX_EVENTS / 2), then one
    // every 10 ticks from there.
    expect(replay.frameTicks).toEqual([0, 4, 14]);
    expect(replay.events).toHaveLength(3000);
    expect(3000).toBeGreaterThan(MAX_EVENTS / 2);
  });

  it('skips a world it cannot write, never throws into the tick, and goes on from a key frame', () => {
    const rec = new ReplayRecorder(ARENA_WIRE, 60, { game: 'arena', map: 'plaza' }, 0);
    rec.onTick(0, lists(0), rules, []);
    expect(() => rec.onTick(2, () => [[{ id: 1 }], []], rules, [])).not.toThrow();
    expect(rec.counters).toMatchObject({ frames: 1, failures: 1 });
    rec.onTick(4, lists(4), rules, []);
    rec.onTick(6, lists(6), rules, []);
    expect(rec.counters).toMatchObject({ frames: 3, keyFrames: 2, failures: 1 });
    expect(open(rec.bytes()).frameTicks).toEqual([0, 4, 6]);
  });

  it('starts again from a key frame across a gap wider than a delta can step (a long pause)', () => {
    const rec = new ReplayRecorder(ARENA_WIRE, 60, { game: 'arena', map: 'plaza' }, 0);
    for (let t = 0; t <= 10; t++) rec.onTick(t, lists(t), rules, []);
    const after = 10 + 70_000;
    for (let t = after; t <= after + 10; t++) rec.onTick(t, lists(t % 1000), rules, []);
    expect(rec.counters).toMatchObject({ failures: 0, keyFrames: 2, frames: 12 });
    expect(open(rec.bytes()).frameTicks.slice(5, 7)).toEqual([10, after]);
  });

  it('names blank header texts, so its own reader takes the file', () => {
    const rec = new ReplayRecorder(ARENA_WIRE, 60, { game: '  ', map: '\u0007' }, 0);
    rec.onTick(0, lists(0), rules, []);
    expect(peekReplayHeader(rec.bytes())).toMatchObject({ ok: true, value: { game: 'unnamed', map: 'unnamed' } });
  });

  it('stops at its cap: the replay ends there and still opens', () => {
    const rec = new ReplayRecorder(ARENA_WIRE, 60, { game: 'arena', map: 'plaza' }, 0, { maxBytes: 2000 });
    for (let t = 0; t <= 2000; t++) rec.onTick(t, lists(t * 3), rules, []);
    expect(rec.counters.full).toBe(true);
    expect(rec.bytes().length).toBeLessThanOrEqual(2000);
    expect(rec.ended).toBe(true);
    const replay = open(rec.bytes());
    expect(replay.frameCount).toBe(rec.counters.frames);
    expect(replay.lastTick).toBeLessThan(2000);
  });

  it('refuses what is not a replay it can play, saying why', () => {
    const rec = new ReplayRecorder(ARENA_WIRE, 60, { game: 'arena', map: 'plaza' }, 0);
    for (let t = 0; t <= 10; t++) rec.onTick(t, lists(t), rules, []);
    const bytes = rec.bytes();
    const refusal = (b: Uint8Array): string => {
      const r = openReplay(ARENA_WIRE, b);
      return r.ok ? 'accepted' : r.error;
    };
    expect(refusal(new TextEncoder().encode('{"not":"a replay"}'))).toBe('not a replay file');
    const newer = bytes.slice();
    newer[4] = 2;
    expect(refusal(newer)).toBe('replay format 2; this page reads format 1');
    const otherProtocol = bytes.slice();
    otherProtocol[7] = 0x7f; // the header's protocol version, low byte (kind, length, then 16 bits)
    expect(refusal(otherProtocol)).toMatch(/^recorded with protocol \d+; this page reads protocol \d+$/);
    expect(refusal(bytes.subarray(0, bytes.length - 3))).toMatch(/^damaged at byte \d+: cut short$/);
  });
});
