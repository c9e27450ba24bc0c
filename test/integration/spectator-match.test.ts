/**
 * Acceptance (issue 24, spectators): a spectator joins a running match as a session with no
 * player. Over a lossy, jittery link it decodes every frame it gets (deltas against the frames it
 * acked), each equal to the server's world at that tick (every player, quantized as an observer
 * sees it: observer-frame.ts), sees every player move, and never appears in the match: no body in
 * the world, no row in the match block (the scoreboard), its commands never run. Its own cap, not
 * the players'. With sv_spectator_delay, the world that long ago. Pushball's the same way. The
 * host's upload to it is printed.
 */
import { describe, expect, it } from 'vitest';
import { BotClient, Link, Match, wander } from '../harness';
import type { HarnessClient } from '../harness';
import { observedLists } from '../../src/protocol/observer-frame';
import { SpectatorStream } from '../../src/client/spectator-stream';
import { encodeCmdPacket } from '../../src/protocol/cmd-packet';
import { ARENA_COMMANDS } from '../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../src/arena/protocol/arena-wire';
import type { SanitizedCmd } from '../../src/sim/quantize';
import type { UserCmd } from '../../src/sim/types';
import type { ObservedFrame } from '../../src/protocol/observer-frame';
import { pushballServerGame } from '../../src/pushball/server/pushball-server-game';
import type { PushballTypes } from '../../src/pushball/server/pushball-types';
import { PUSHBALL_WIRE } from '../../src/pushball/protocol/pushball-wire';
import { PUSHBALL_COMMANDS } from '../../src/pushball/protocol/pushball-commands';
import type { AnyEntity } from '../../src/protocol/snapshot-schema';

/** A spectator in the harness: the page's SpectatorStream, every frame it passes on kept. */
function spectator(
  id: number,
): HarnessClient & { stream: SpectatorStream<SanitizedCmd, UserCmd>; frames: ObservedFrame[] } {
  const stream = new SpectatorStream(ARENA_WIRE, ARENA_COMMANDS);
  const frames: ObservedFrame[] = [];
  stream.onFrame = (f) => frames.push(f);
  return {
    id,
    stream,
    frames,
    onPacket: (bytes, now) => stream.onPacket(bytes, now),
    update: (now) => stream.update(now),
  };
}

function playing(ids: number[], seed: number, maxPlayers = 8, maxSpectators?: number, spectatorDelayS?: number): Match {
  const match = new Match({ server: { seed, maxPlayers, maxSpectators, spectatorDelayS } });
  for (const id of ids) {
    const others = ids.filter((x) => x !== id);
    const bot = new BotClient(id, { tickrate: 60, script: wander(id * 7, others, 0.2), leadTicks: 4 });
    expect(match.addClient(bot, Link.rtt(60, 10, 0.02))).toBe(true);
  }
  return match;
}

const idsOf = (list: readonly AnyEntity[]): number[] => list.map((e) => e.id);

describe('a spectator (issue 24)', () => {
  it('joins mid-match, gets the whole world at every frame, sees everyone move and is never in the match', () => {
    const match = playing([1, 2, 3], 31);
    const server = match.server;
    const wire = server.game.wire;
    const truth = new Map<number, string>();
    let everInWorld = false;
    match.onTick = () => {
      const lists = server.game.snapshotLists();
      truth.set(
        server.world.tick,
        JSON.stringify([observedLists(wire, lists), wire.rules.quantize(server.publicMatch)]),
      );
      everInWorld ||= idsOf(lists[wire.receiverSection] ?? []).includes(9);
    };
    match.run(2000);
    const watcher = spectator(9);
    // 150 ms round trip, 20 ms jitter, 5 % loss each way.
    expect(match.addSpectator(watcher, Link.rtt(150, 20, 0.05))).toBe(true);
    match.run(6000);

    const s = watcher.stream.counters;
    expect(s.decodeFailures).toBe(0);
    expect(watcher.frames.length).toBeGreaterThan(120);
    for (const f of watcher.frames) expect(JSON.stringify([f.lists, f.rules])).toBe(truth.get(f.tick));
    // Every player in every frame once the bots are in, and each of them moved while watched.
    const first = watcher.frames[0]!;
    const last = watcher.frames[watcher.frames.length - 1]!;
    expect(idsOf(last.lists[0]!)).toEqual([1, 2, 3]);
    const at = (f: ObservedFrame, id: number): AnyEntity => f.lists[0]!.find((e) => e.id === id)!;
    for (const id of [1, 2, 3]) {
      const [a, b] = [
        at(first, id) as unknown as { x: number; y: number },
        at(last, id) as unknown as { x: number; y: number },
      ];
      expect(Math.hypot(b.x - a.x, b.y - a.y)).toBeGreaterThan(50);
    }
    // Never in the match: no body, no scoreboard row, no command run.
    expect(everInWorld).toBe(false);
    const rules = last.rules as { players: { id: number }[] };
    expect(rules.players.map((p) => p.id)).not.toContain(9);
    const stats = server.stats().clients.find((c) => c.clientId === 9)!;
    expect(stats.spectator).toBe(true);
    expect(server.stats().clients.filter((c) => c.spectator).length).toBe(1);
    expect(stats.deltaSnapshots).toBeGreaterThan(stats.fullSnapshots * 10);
    const watchedS = 6;
    console.log(
      `spectator: ${watcher.frames.length} frames in ${watchedS} s, host upload to it ${Math.round(stats.bytesOut / watchedS)} B/s ` +
        `(${(stats.bytesOut / stats.packetsOut).toFixed(1)} B/frame, ${stats.fullSnapshots} key frames), 3 players, 5 % loss`,
    );
  });

  it("has its own cap, never the players': a full match still takes spectators, a full gallery no more", () => {
    const match = playing([1, 2], 5, 2, 1);
    expect(match.addClient(new BotClient(3, { tickrate: 60 }))).toBe(false);
    expect(match.addSpectator(spectator(4))).toBe(true);
    expect(match.addSpectator(spectator(5))).toBe(false);
    // Nor does a spectator take a bot's place or a seat: the server can still add no bot (full), and leaving frees its place.
    expect(match.server.addBot()).toBeNull();
    match.run(500);
    match.removeClient(4);
    expect(match.addSpectator(spectator(5))).toBe(true);
    match.run(500);
    expect(idsOf(match.server.game.snapshotLists()[0]!)).toEqual([1, 2]);
  });

  it('a spectator that sends fire and move commands moves nothing: its commands are never run', () => {
    const match = playing([1], 8);
    const server = match.server;
    // Every command the game is asked to run, by player id.
    const ran = new Set<number>();
    const step = server.game.step.bind(server.game);
    server.game.step = (cmds, ctx) => {
      for (const id of cmds.keys()) ran.add(id);
      return step(cmds, ctx);
    };
    // A hand-made client on a spectator's session: running right and firing, once per tick.
    let sentFor = -1;
    const cheat: HarnessClient = {
      id: 6,
      onPacket: () => undefined,
      update: (now) => {
        if (server.world.tick === sentFor) return [];
        sentFor = server.world.tick;
        const tick = server.world.tick + 2;
        const cmd = {
          tick,
          moveX: 127,
          moveY: 0,
          aim: 0,
          buttons: 1,
          weaponSelect: 255,
          viewTick: tick - 6,
          viewFrac: 0,
        };
        const sane = ARENA_COMMANDS.sanitize(cmd);
        return [encodeCmdPacket(ARENA_COMMANDS, { ackTick: null, sendTimeMs: Math.round(now), cmds: [sane] })];
      },
    };
    expect(match.addSpectator(cheat)).toBe(true);
    match.run(3000);
    const stats = server.stats().clients.find((c) => c.clientId === 6)!;
    expect(stats.packetsIn).toBeGreaterThan(150);
    expect(stats.commandsAccepted).toBeGreaterThan(150);
    expect(stats.kicked).toBeNull();
    expect(ran.has(1)).toBe(true);
    expect(ran.has(6)).toBe(false);
    expect(idsOf(server.game.snapshotLists()[0]!)).toEqual([1]);
  });

  it('with sv_spectator_delay, sees the world exactly as it was that long ago, its events no sooner', () => {
    const match = playing([1, 2, 3], 17, 8, 8, 2);
    const server = match.server;
    const wire = server.game.wire;
    const truth = new Map<number, string>();
    match.onTick = () =>
      void truth.set(server.world.tick, JSON.stringify(observedLists(wire, server.game.snapshotLists())));
    const watcher = spectator(9);
    const arrivals: Array<{ frameTick: number; serverTick: number }> = [];
    const onFrame = watcher.stream.onFrame!;
    watcher.stream.onFrame = (f, now) => {
      arrivals.push({ frameTick: f.tick, serverTick: server.world.tick });
      for (const e of f.events) expect(e.tick).toBeLessThanOrEqual(f.tick);
      onFrame(f, now);
    };
    expect(match.addSpectator(watcher, Link.rtt(80, 10, 0.05))).toBe(true);
    match.run(1500);
    // Nothing yet: the world is not 2 s old.
    expect(watcher.frames.length).toBe(0);
    match.run(4500);
    expect(watcher.stream.counters.decodeFailures).toBe(0);
    expect(watcher.frames.length).toBeGreaterThan(60);
    for (const f of watcher.frames) expect(JSON.stringify(f.lists)).toBe(truth.get(f.tick));
    // Each frame left 2 s (120 ticks, plus at most one capture step) behind the host, and arrived a link later.
    for (const a of arrivals) {
      expect(a.serverTick - a.frameTick).toBeGreaterThanOrEqual(120);
      expect(a.serverTick - a.frameTick).toBeLessThan(120 + 2 + 12);
    }
    const stats = server.stats().clients.find((c) => c.clientId === 9)!;
    expect(stats.deltaSnapshots).toBeGreaterThan(stats.fullSnapshots * 10);
  });

  it('watches another game the same way: a Pushball match of server bots, every frame its world', () => {
    const match = new Match<PushballTypes>({
      server: { seed: 6, maxPlayers: 4, lagCompensation: false },
      game: pushballServerGame,
    });
    for (let i = 0; i < 4; i++) expect(match.server.addBot()).not.toBeNull();
    match.server.startMatch({});
    const server = match.server;
    const wire = server.game.wire;
    const truth = new Map<number, string>();
    match.onTick = () =>
      void truth.set(server.world.tick, JSON.stringify(observedLists(wire, server.game.snapshotLists())));
    const stream = new SpectatorStream(PUSHBALL_WIRE, PUSHBALL_COMMANDS);
    const frames: ObservedFrame[] = [];
    stream.onFrame = (f) => frames.push(f);
    const watcher: HarnessClient = {
      id: 30,
      onPacket: (b, t) => stream.onPacket(b, t),
      update: (t) => stream.update(t),
    };
    expect(match.addSpectator(watcher, Link.rtt(100, 10, 0.05))).toBe(true);
    match.run(5000);
    expect(stream.counters.decodeFailures).toBe(0);
    expect(frames.length).toBeGreaterThan(100);
    for (const f of frames) expect(JSON.stringify(f.lists)).toBe(truth.get(f.tick));
    // Four players and the ball in every frame, never the spectator.
    const last = frames[frames.length - 1]!;
    expect(last.lists.flat().map((e) => e.id)).not.toContain(30);
    expect(last.lists[wire.receiverSection]!.length).toBe(4);
  });
});
