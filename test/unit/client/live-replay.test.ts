/**
 * A spectator's live view (issue 24): the frames a SpectatorStream decodes grow a LiveReplay, and
 * ReplayPlayback in live mode draws it a fixed delay behind the newest frame. Server bots play in
 * the harness; the spectator's link loses 10 % of its datagrams, so frames repeat unacked events.
 * Each event reaches the replay once; the playback never runs past the newest frame, never pauses
 * at it, and jumps up after a stall; only the last frames stay decoded.
 */
import { describe, expect, it } from 'vitest';
import { Link, Match } from '../../harness';
import { arenaClientGame } from '../../../src/arena/client/arena-client-game';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { LiveReplay } from '../../../src/client/live-replay';
import { ReplayPlayback } from '../../../src/client/replay-playback';
import { SpectatorStream } from '../../../src/client/spectator-stream';

function watchedMatch(): {
  match: Match;
  live: LiveReplay;
  stream: SpectatorStream<never, never>;
  repeats: () => number;
} {
  const match = new Match({ server: { seed: 4, maxPlayers: 8 } });
  for (let i = 0; i < 4; i++) match.server.addBot();
  const stream = new SpectatorStream(ARENA_WIRE, ARENA_COMMANDS) as unknown as SpectatorStream<never, never>;
  const live = new LiveReplay(ARENA_WIRE, { game: 'arena', map: 'test', tickrate: 60, firstTick: 0 });
  let carried = 0;
  stream.onFrame = (f) => {
    carried += f.events.length;
    live.add(f);
  };
  match.addSpectator(
    { id: 20, onPacket: (b, t) => stream.onPacket(b, t), update: (t) => stream.update(t) },
    Link.rtt(60, 10, 0.1),
  );
  return { match, live, stream, repeats: () => carried - live.replay.events.length };
}

describe('a live spectator view', () => {
  it('adds each event once though lossy frames repeat them, and keeps only the newest frames decoded', () => {
    const { match, live, stream, repeats } = watchedMatch();
    match.run(15_000);
    const replay = live.replay;
    const ids = replay.events.map((e) => e.id);
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
    expect(repeats()).toBeGreaterThan(0);
    expect(replay.frameCount).toBe(stream.counters.frames);
    expect(replay.frameCount).toBeGreaterThan(300);
    // Frames before the last 300 were let go: asking for one gives the oldest kept world.
    expect(replay.frame(0).tick).toBe(replay.frameTicks[replay.frameCount - 300]);
    expect(replay.frame(replay.frameCount - 1).tick).toBe(replay.lastTick);
  });

  it('plays a fixed delay behind the newest frame, never past it, never paused, and catches up after a stall', () => {
    const { match, live } = watchedMatch();
    match.run(1000);
    const pb = new ReplayPlayback(live.replay, arenaClientGame);
    pb.followLive(6);
    let now = 0;
    for (let i = 0; i < 120; i++) {
      match.run(16);
      now += 16;
      const view = pb.frame(now);
      expect(pb.tick).toBeLessThanOrEqual(live.replay.lastTick - 6);
      expect(view.remotes.length).toBe(4);
    }
    expect(pb.paused).toBe(false);
    expect(pb.tick).toBeGreaterThan(live.replay.lastTick - 6 - 10);
    // A hidden tab: 3 s without a drawn frame, then one frame: the view is live again at once.
    match.run(3000);
    pb.frame(now + 3000);
    expect(pb.tick).toBe(live.replay.lastTick - 6);
  });
});
