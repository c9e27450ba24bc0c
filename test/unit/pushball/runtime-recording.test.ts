/**
 * Recording on the worker's runtime, with Pushball (the recorder knows no game): the replay names
 * its game from the worker entry's factory and the map the host gave; the host's match start
 * begins a new replay (a key frame at the start tick, the roster carried over, the start's events);
 * what plays back equals the server's quantized world; a successor that restores a checkpoint
 * records on from its takeover; no recording is made unless the host asks.
 */
import { describe, expect, it } from 'vitest';
import { observedLists } from '../../../src/protocol/observer-frame';
import { openReplay, peekReplayHeader } from '../../../src/protocol/replay-reader';
import { PUSHBALL_WIRE } from '../../../src/pushball/protocol/pushball-wire';
import { pushballRuntimeGame } from '../../../src/pushball/server/pushball-checkpoint';
import { PortClient, play, pushballRuntime } from './runtime-kit';

const SETTINGS = { tickrate: 60, maxUnlagS: 1, lagCompensation: true, seed: 5, maxPlayers: 8 };
const LOBBY = { people: [], absent: [], bans: [], cvars: [], lobbyKey: new Uint8Array(0) };

function open(bytes: Uint8Array | null | undefined) {
  const r = openReplay(PUSHBALL_WIRE, bytes!);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('ServerRuntime recording', () => {
  it('records each match from its start, under the game and map, and a successor records on', () => {
    const { clock, rt } = pushballRuntime(pushballRuntimeGame);
    rt.start(SETTINGS);
    expect(rt.recording?.replay()).toBeNull();
    rt.startRecording('pushball');
    const clients = [new PortClient(1, 127), new PortClient(2, -127)];
    for (const c of clients) rt.addClient(c.id, c.port);
    rt.addBot();
    rt.recording!.roster([
      { id: 1, name: 'Ann' },
      { id: 2, name: 'Bo' },
    ]);
    play(clock, rt, clients, 1000);
    const warmup = open(rt.recording!.replay());
    expect(warmup.frameCount).toBeGreaterThan(25);

    const startTick = rt.stats()!.tick;
    expect(rt.startMatch({ goalsToWin: 3, matchSeconds: 40 })).toMatchObject({ issues: [] });
    rt.recording!.chat(1, 'gl hf');
    play(clock, rt, clients, 3000);
    const bytes = rt.recording!.replay()!;
    expect(peekReplayHeader(bytes)).toEqual({
      ok: true,
      value: expect.objectContaining({ game: 'pushball', map: 'pushball', firstTick: startTick, tickrate: 60 }),
    });
    const match = open(bytes);
    expect(match.firstTick).toBe(startTick);
    expect(match.rosterAt(startTick).map((p) => p.name)).toEqual(['Ann', 'Bo']);
    // Its first frame is a key frame at the start tick (Pushball's start raises no event of its own).
    expect(match.frameTicks[0]).toBe(startTick);
    expect(match.events.length).toBeGreaterThan(0);
    expect(match.chats).toEqual([expect.objectContaining({ from: 1, text: 'gl hf' })]);
    // The newest frame is the world now.
    const last = match.frame(match.frameCount - 1);
    const server = (rt as unknown as { server: { world: { tick: number }; game: { snapshotLists(): never } } }).server;
    if (last.tick === server.world.tick)
      expect(last.lists).toEqual(observedLists(PUSHBALL_WIRE, server.game.snapshotLists()));

    const cp = rt.checkpoint(LOBBY, 0)!;
    rt.stopTicking();
    const next = pushballRuntime(pushballRuntimeGame);
    next.rt.startRecording('pushball');
    const info = next.rt.restore(cp, { snapshot: null, names: [], skipTicks: 0 });
    expect(info.ok).toBe(true);
    next.clock.advance(500);
    const successor = open(next.rt.recording!.replay());
    expect(successor.header.firstTick).toBe(info.ok ? info.tick : -1);
    expect(successor.frameCount).toBeGreaterThan(10);
  });
});
