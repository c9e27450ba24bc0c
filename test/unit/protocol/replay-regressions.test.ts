/**
 * What the replay fuzz (replay-fuzz.test.ts) found, kept as regression tests: a delta frame whose
 * tick passed 32 bits was accepted (readObserverFrame now refuses it), and ObserverFrameWriter wrote
 * deltas its reader refuses (a step over MAX_FRAME_STEP, after a long pause of the host: the whole
 * recording then failed to open; the writer now throws, which ends the recording before the gap).
 */
import { describe, expect, it } from 'vitest';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import type { ServedTypes } from '../../../src/arena/server/served-game';
import { MAX_FRAME_STEP, readObserverFrame } from '../../../src/protocol/observer-frame';
import { RecordKind } from '../../../src/protocol/replay-format';
import { openReplay } from '../../../src/protocol/replay-reader';
import { GameServer } from '../../../src/server/game-server';
import { MAX_TICK, reencoderOf } from './replay-check';
import { fresh, serialize } from './replay-mutations';
import { setBits } from './replay-records';
import { FRAMES, SAMPLES } from './replay-samples';

const DELTA_FRAMES = FRAMES.filter((f) => f.base !== null);

describe('what the replay fuzz found', () => {
  it('a delta frame past tick 2^32 - 1 is refused, and the writer writes none', () => {
    // A key frame on the last tick, then the deltas after it: their ticks pass 32 bits.
    const m = fresh(SAMPLES.arenaSmall);
    const k = m.recs.findIndex((rec) => rec.kind === RecordKind.keyFrame);
    const payload = m.recs[k]!.payload.slice();
    setBits(payload, 1, 32, MAX_TICK - 1);
    m.recs[k] = { kind: RecordKind.keyFrame, payload };
    expect(m.recs[k + 1]!.kind).toBe(RecordKind.deltaFrame);
    const opened = openReplay(m.wire, serialize(m));
    expect(opened.ok || opened.error).toMatch(/frame tick out of range/);
    // Cut after the key frame, the file opens.
    m.recs.length = k + 1;
    expect(openReplay(m.wire, serialize(m)).ok).toBe(true);

    const f = DELTA_FRAMES.find((d) => d.wire === SAMPLES.arenaSmall.wire)!;
    const re = reencoderOf(f.wire);
    const last = { ...f.frame, tick: MAX_TICK };
    expect(
      readObserverFrame(f.wire, re.encode(last, { ...f.base!, tick: MAX_TICK - 1 }), { ...f.base!, tick: MAX_TICK - 1 })
        .ok,
    ).toBe(true);
    expect(() => re.encode({ ...f.frame, tick: MAX_TICK + 1 }, { ...f.base!, tick: MAX_TICK - 1 })).toThrow(RangeError);
  });

  it('a gap wider than a delta step: the writer refuses a delta, the recorder writes a key frame and records on', () => {
    const f = DELTA_FRAMES[0]!;
    const re = reencoderOf(f.wire);
    const far = re.encode(f.frame, f.base, f.base!.tick + MAX_FRAME_STEP);
    expect(readObserverFrame(f.wire, far, f.base).ok).toBe(true);
    expect(() => re.encode(f.frame, f.base, f.base!.tick + MAX_FRAME_STEP + 1)).toThrow(RangeError);
    expect(readObserverFrame(f.wire, re.stepped(f.frame, f.base!, MAX_FRAME_STEP + 1), f.base).ok).toBe(false);

    // The host's tick loop re-anchors after a long pause (GameServer.skipTicks): 20 minutes at 60 Hz.
    const server = new GameServer<ServedTypes>(
      { tickrate: 60, maxUnlagS: 1, lagCompensation: true, maxPlayers: 4, seed: 2 },
      arenaServerGame,
    );
    server.recording.start({ game: 'arena', map: 'test' });
    server.addBot();
    let t = 0;
    for (; t < 60; t++) server.tick((t * 1000) / 60);
    server.skipTicks(20 * 60 * 60);
    for (; t < 120; t++) server.tick((t * 1000) / 60);
    const opened = openReplay(server.game.wire, server.recording.replay()!);
    if (!opened.ok) throw new Error(opened.error);
    expect(opened.value.frameCount).toBe(60);
    expect(server.recording.current!.counters).toMatchObject({ failures: 0, keyFrames: 2 });
  });
});
