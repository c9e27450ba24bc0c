/**
 * Acceptance (issue 24, recording): a 2-minute 8-player match (4 scripted clients on lossy links,
 * 4 server bots) recorded by the host. Playing the replay back gives the server's quantized world
 * (every entity's public fields and the rules block) at every recorded tick; every event the
 * server raised is in it exactly once; seeking to 100 random moments gives what playing straight
 * through gives; the file stays small (bytes per minute printed for docs/BENCHMARKS.md).
 */
import { describe, expect, it } from 'vitest';
import { BotClient, Match, wander } from '../harness';
import { observedLists } from '../../src/protocol/observer-frame';
import { openReplay, peekReplayHeader } from '../../src/protocol/replay-reader';
import { PROTOCOL_VERSION } from '../../src/protocol/wire';
import { seeded } from '../helpers/seeded';

const MINUTES = 2;

/** The server's world as an observer sees it (quantized lists and rules block) at every tick. */
function watchTruth(match: Match, also: () => void = () => undefined): Map<number, string> {
  const server = match.server;
  const wire = server.game.wire;
  const truth = new Map<number, string>();
  match.onTick = () => {
    const world = [observedLists(wire, server.game.snapshotLists()), wire.rules.quantize(server.publicMatch)];
    truth.set(server.world.tick, JSON.stringify(world));
    also();
  };
  return truth;
}

describe('match recording', () => {
  it('plays back the quantized world at every recorded tick and seeks exactly', () => {
    const match = new Match({ server: { seed: 24, maxPlayers: 8 } });
    const ids = [1, 2, 3, 4];
    for (const id of ids) {
      const bot = new BotClient(id, {
        tickrate: 60,
        script: wander(
          id * 11,
          ids.filter((x) => x !== id),
          0.2,
        ),
        leadTicks: 4,
      });
      match.addClient(bot, { latencyMs: 60, jitterMs: 20, loss: 0.05, reorder: 0.02 });
    }
    for (let i = 0; i < 4; i++) expect(match.server.addBot()).not.toBeNull();
    const server = match.server;
    const wire = server.game.wire;
    server.recording.start({ game: 'arena', map: 'test' });
    server.recording.roster(ids.map((id) => ({ id, name: `player ${id}` })));

    // The server's world as an observer should see it, at every tick, and every event it raised.
    const raised: string[] = [];
    const truth = watchTruth(match, () => {
      for (const e of server.lastEvents) raised.push(`${e.id}@${e.tick}`);
    });
    server.recording.chat(2, 'good luck');
    match.run(MINUTES * 60_000);

    const bytes = server.recording.replay()!;
    const header = peekReplayHeader(bytes);
    expect(header.ok && header.value).toMatchObject({
      protocolVersion: PROTOCOL_VERSION,
      game: 'arena',
      map: 'test',
      frameTicks: 2,
    });
    const opened = openReplay(wire, bytes);
    if (!opened.ok) throw new Error(opened.error);
    const replay = opened.value;

    // Straight through: every frame is the server's world of its tick.
    const straight: string[] = [];
    for (let i = 0; i < replay.frameCount; i++) {
      const f = replay.frame(i);
      const seen = JSON.stringify([f.lists, f.rules]);
      straight.push(seen);
      expect(seen, `tick ${f.tick}`).toBe(truth.get(f.tick));
    }
    expect(replay.frameCount).toBeGreaterThanOrEqual(MINUTES * 60 * 30 - 1);

    // Every event once, in order (those of the last tick may fall after the last frame).
    const recorded = replay.events.map((e) => `${e.id}@${e.tick}`);
    const lastFrameTick = replay.lastTick;
    expect(recorded).toEqual(raised.filter((k) => Number(k.split('@')[1]) <= lastFrameTick));
    expect(recorded.length).toBeGreaterThan(50);

    // Seeking anywhere (backwards and forwards, far and near) gives the straight-through world.
    const rand = seeded(2424);
    for (let k = 0; k < 100; k++) {
      const tick = replay.firstTick + Math.floor(rand() * (replay.lastTick - replay.firstTick + 1));
      const i = replay.frameIndexAt(tick);
      const f = replay.frameAt(tick);
      expect(f.tick).toBeLessThanOrEqual(tick);
      expect(JSON.stringify([f.lists, f.rules])).toBe(straight[i]);
    }
    expect(replay.rosterAt(replay.lastTick).map((p) => p.name)).toEqual(ids.map((id) => `player ${id}`));
    expect(replay.chats).toEqual([expect.objectContaining({ from: 2, text: 'good luck' })]);

    const perMinute = bytes.length / MINUTES;
    console.log(
      `replay: ${replay.frameCount} frames (${server.recording.current!.counters.keyFrames} key), ${bytes.length} bytes, ${(perMinute / 1024).toFixed(1)} KB/min at 8 players, ${recorded.length} events`,
    );
    expect(perMinute).toBeLessThan(150 * 1024);
  });

  it("splices its frames from the snapshots of a client that acks at once (a listen host's own player), bit for bit", () => {
    const match = new Match({ server: { seed: 31, maxPlayers: 8 } });
    const ids = [1, 2, 3];
    for (const id of ids) {
      const bot = new BotClient(id, {
        tickrate: 60,
        script: wander(
          id * 5,
          ids.filter((x) => x !== id),
          0.3,
        ),
        leadTicks: 4,
      });
      // Player 1 on a loopback-like link (the host's own); the others 50 ms away.
      match.addClient(bot, id === 1 ? { latencyMs: 0 } : { latencyMs: 50, jitterMs: 10, loss: 0.02 });
    }
    for (let i = 0; i < 3; i++) match.server.addBot();
    // Recording starts off the host player's step: the recorder falls in step with it by itself.
    match.run(1000 / 60);
    match.server.recording.start({ game: 'arena', map: 'test' });
    const truth = watchTruth(match);
    match.run(30_000);
    const rec = match.server.recording.current!;
    const opened = openReplay(match.server.game.wire, match.server.recording.replay()!);
    if (!opened.ok) throw new Error(opened.error);
    const replay = opened.value;
    for (let i = 0; i < replay.frameCount; i++) {
      const f = replay.frame(i);
      expect(JSON.stringify([f.lists, f.rules]), `tick ${f.tick}`).toBe(truth.get(f.tick));
    }
    const deltas = rec.counters.frames - rec.counters.keyFrames;
    console.log(`replay splicing: ${rec.counters.spliced} of ${deltas} delta frames spliced from the snapshots`);
    expect(rec.counters.spliced).toBeGreaterThan(deltas * 0.9);
  });
});
