/**
 * Pushball on the worker's runtime (ServerRuntime<_, PushballTypes>, what workers/pushball.worker.ts
 * runs), with the fake clock and in-memory ports: two clients send real Pushball command packets
 * and decode every snapshot with PUSHBALL_WIRE, the stats notices carry the netcode's per-client
 * entries beside Pushball's report, the host's start request takes effect, bots come and go, no
 * debug message is ever sent (Pushball has no debug view), host migration refuses cleanly without
 * a migration, and with Pushball's (pushballRuntimeGame) a successor runs the same match on.
 */
import { describe, expect, it } from 'vitest';
import { encodeCmdPacket } from '../../../src/protocol/cmd-packet';
import { SnapshotDecoder } from '../../../src/protocol/snapshot-decoder';
import type { SnapshotOf } from '../../../src/protocol/snapshot-types';
import { PUSHBALL_COMMANDS } from '../../../src/pushball/protocol/pushball-commands';
import { PUSHBALL_WIRE, type PushballWireTypes } from '../../../src/pushball/protocol/pushball-wire';
import { pushballServerGame } from '../../../src/pushball/server/pushball-server-game';
import type { PushballTypes } from '../../../src/pushball/server/pushball-types';
import { sanitizePushCmd, type SanitizedPushCmd } from '../../../src/pushball/sim';
import type { RuntimeGameFactory } from '../../../src/server/game-migration';
import { ServerRuntime, type ServerNotice } from '../../../src/server/server-runtime';
import type { PushballReport } from '../../../src/pushball/server/pushball-types';
import { PortClient, play, pushballRuntime, TICKRATE } from './runtime-kit';

const SETTINGS = { tickrate: TICKRATE, maxUnlagS: 1, lagCompensation: true, seed: 3, maxPlayers: 8 };
const LOBBY = { people: [], absent: [], bans: [], cvars: [], lobbyKey: new Uint8Array(0) };
import { pushballRuntimeGame } from '../../../src/pushball/server/pushball-checkpoint';

describe('Pushball on ServerRuntime', () => {
  it('serves two clients: real command packets in, snapshots PUSHBALL_WIRE decodes out, deltas once acked', () => {
    const { clock, rt } = pushballRuntime();
    rt.start(SETTINGS);
    const clients = [new PortClient(1, 127), new PortClient(2, -127)];
    for (const c of clients) expect(rt.addClient(c.id, c.port)).toBe(true);
    const start = new Map<number, number>();
    play(clock, rt, clients, 200);
    for (const c of clients) start.set(c.id, c.newest!.self.x);
    play(clock, rt, clients, 3000);
    const tick = rt.stats()!.tick;
    expect(tick).toBeGreaterThanOrEqual(3.2 * TICKRATE - 1);
    for (const c of clients) {
      const s = c.newest!;
      expect(s.serverTick).toBeGreaterThan(tick - 4);
      expect(s.self.id).toBe(c.id);
      expect(s.players.map((p) => p.id)).toEqual([3 - c.id]);
      expect(s.balls).toHaveLength(1);
      // About 30 snapshots a second, deltas once the first ack arrived.
      expect(c.decoded).toBeGreaterThan(80);
      expect(c.deltas).toBeGreaterThan(c.decoded - 10);
      // The commands took effect: each player pushed its stick its own way.
      expect(Math.sign(s.self.x - start.get(c.id)!)).toBe(Math.sign(c.moveX));
    }
    // Each sees the other where that one pushed: client 1's view of player 2 moved left, and the reverse.
    const [a, b] = clients;
    expect(a!.newest!.players[0]!.x).toBeLessThan(start.get(2)!);
    expect(b!.newest!.players[0]!.x).toBeGreaterThan(start.get(1)!);
  });

  it("pushes stats once a second: each client's session counters beside Pushball's report", () => {
    const { clock, rt, notices } = pushballRuntime();
    rt.start(SETTINGS);
    const clients = [new PortClient(1, 60), new PortClient(2, -60)];
    for (const c of clients) rt.addClient(c.id, c.port);
    expect(rt.addBot()).toBe(255);
    play(clock, rt, clients, 2100);
    const stats = notices.flatMap((n) => (n.type === 'stats' ? [n.stats] : []));
    expect(stats.length).toBe(2);
    const last = stats[stats.length - 1]!;
    expect(last.clients.map((c) => c.clientId)).toEqual([1, 2]);
    for (const c of last.clients) {
      expect(c.commandsAccepted).toBeGreaterThan(100);
      expect(c.packetsIn).toBeGreaterThan(100);
      expect(c.decodeFailures).toBe(0);
      expect(c.rttMs).toEqual(expect.any(Number));
      expect(c.deltaSnapshots).toBeGreaterThan(0);
      expect(c.lastRewind).toBeNull();
      expect(c.kicked).toBeNull();
    }
    expect(last).toMatchObject({ players: 3, bots: 1, seq: 0, scores: [0, 0], tickErrors: 0 });
    expect(last.loop.ticksRun).toBeGreaterThan(100);
    // Plain data: it crosses to the page by structured clone.
    expect(structuredClone(last)).toEqual(last);
    expect(rt.removeBot()).toBe(255);
    expect(rt.removeBot()).toBeNull();
  });

  it('starts a match with Pushball rules: the answer says what was used and the snapshots carry it', () => {
    const { clock, rt } = pushballRuntime();
    expect(rt.startMatch({ goalsToWin: 2 })).toBeNull();
    rt.start(SETTINGS);
    const clients = [new PortClient(1, 0), new PortClient(2, 0)];
    for (const c of clients) rt.addClient(c.id, c.port);
    play(clock, rt, clients, 500);
    expect(clients[0]!.newest!.match).toMatchObject({ seq: 0 });
    // A field Pushball does not know is ignored (the request crossed from the page untyped).
    const request = { goalsToWin: 2, matchSeconds: 30, junk: 1 };
    const started = rt.startMatch(request);
    expect(started).toEqual({ settings: { goalsToWin: 2, matchSeconds: 30 }, issues: [] });
    const clamped = rt.startMatch({ goalsToWin: 'lots', matchSeconds: 45 });
    expect(clamped?.settings.matchSeconds).toBe(45);
    expect(clamped?.issues.length).toBeGreaterThan(0);
    play(clock, rt, clients, 500);
    // The junk goal count was replaced (and reported); the clock is the one asked for.
    for (const c of clients)
      expect(c.newest!.match).toMatchObject({ seq: 2, goalsToWin: clamped?.settings.goalsToWin, matchTicks: 45 * 60 });
  });

  it('sends no debug message to a client that asked: Pushball has no debug view', () => {
    const { clock, rt, notices } = pushballRuntime();
    rt.start(SETTINGS);
    const clients = [new PortClient(1, 0)];
    rt.addClient(1, clients[0]!.port);
    rt.setDebug(1, true);
    play(clock, rt, clients, 1500);
    expect(notices.filter((n) => n.type === 'debug')).toEqual([]);
    expect(notices.filter((n) => n.type === 'error')).toEqual([]);
  });

  it('refuses host migration cleanly when the factory carries none: checkpoint null, restore { ok: false }', () => {
    const { clock, rt, notices } = pushballRuntime((s) => pushballServerGame(s));
    rt.start(SETTINGS);
    const clients = [new PortClient(1, 0)];
    rt.addClient(1, clients[0]!.port);
    play(clock, rt, clients, 300);
    expect(rt.checkpoint(LOBBY, 0)).toBeNull();
    const tick = rt.stats()!.tick;
    const out = rt.restore(new Uint8Array([1, 2, 3]), { snapshot: null, names: [], skipTicks: 0 });
    expect(out).toEqual({ ok: false, error: expect.stringContaining('cannot be restored') });
    // Nothing changed: the match runs on, nothing was reported as an error.
    play(clock, rt, clients, 300);
    expect(rt.stats()!.tick).toBeGreaterThan(tick + 10);
    expect(notices.filter((n) => n.type === 'error')).toEqual([]);
  });

  it('migrates with pushballRuntimeGame: a successor restores the checkpoint and runs the same match on', () => {
    const a = pushballRuntimeGame;
    const old = pushballRuntime(a);
    old.rt.start(SETTINGS);
    const clients = [new PortClient(1, 127), new PortClient(2, -127)];
    for (const c of clients) old.rt.addClient(c.id, c.port);
    old.rt.addBot();
    expect(old.rt.startMatch({ goalsToWin: 3, matchSeconds: 40 })).toMatchObject({ issues: [] });
    play(old.clock, old.rt, clients, 2000);
    const lobby = {
      ...LOBBY,
      people: [
        { id: 1, name: 'Ann', token: '11'.repeat(16) },
        { id: 2, name: 'Bo', token: '22'.repeat(16) },
      ],
      absent: [{ token: '33'.repeat(16), id: 3, name: 'Cy' }],
      bans: ['44'.repeat(16)],
      lobbyKey: new Uint8Array([1, 2, 3]),
    };
    const bytes = old.rt.checkpoint(lobby, 0)!;
    expect(bytes).toBeInstanceOf(Uint8Array);
    old.rt.stopTicking();
    const atCheckpoint = old.rt.stats()!;

    const next = pushballRuntime(pushballRuntimeGame);
    next.clock.now = 50_000; // another browser's clock
    expect(next.rt.restore(new Uint8Array([0x81, 9]), { snapshot: null, names: [], skipTicks: 0 }).ok).toBe(false);
    const info = next.rt.restore(bytes, { snapshot: null, names: [], skipTicks: 0 });
    expect(info).toMatchObject({ ok: true, tick: atCheckpoint.tick, checkpointTick: atCheckpoint.tick, tickrate: 60 });
    if (!info.ok) return;
    expect(info.seats).toEqual([
      { token: '11'.repeat(16), id: 1, name: 'Ann', present: true },
      { token: '22'.repeat(16), id: 2, name: 'Bo', present: true },
      { token: '33'.repeat(16), id: 3, name: 'Cy', present: false },
    ]);
    expect(info.bans).toEqual(lobby.bans);
    expect(Array.from(info.lobbyKey)).toEqual([1, 2, 3]);
    // The same match: players, bot, scores, match number and settings as the old host had them.
    const restored = next.rt.stats()!;
    const same = ({ players, bots, seq, phase, scores, clockTicksLeft }: PushballReport) => ({
      players,
      bots,
      seq,
      phase,
      scores,
      clockTicksLeft,
    });
    expect(same(restored)).toEqual(same(atCheckpoint));
    // The people come back on new ports (rejoins) and play on from where their players stood.
    const before = clients.map((c) => c.newest!);
    const back = clients.map((c) => new PortClient(c.id, c.moveX));
    for (const c of back) expect(next.rt.addClient(c.id, c.port, true)).toBe(true);
    play(next.clock, next.rt, back, 1000);
    for (const [i, c] of back.entries()) {
      const s = c.newest!;
      expect(s.serverTick).toBeGreaterThan(atCheckpoint.tick + 50);
      expect(s.match).toMatchObject({ seq: 1, goalsToWin: 3, matchTicks: 40 * 60 });
      // Moved on from the old host's position (within a second's travel), the way it pushes.
      const dx = s.self.x - before[i]!.self.x;
      expect(Math.sign(dx) === Math.sign(c.moveX) || Math.abs(dx) < 20).toBe(true);
      expect(Math.abs(dx)).toBeLessThan(260);
    }
    expect(next.notices.filter((n) => n.type === 'error')).toEqual([]);
  });

  it("a successor's newest snapshot and the time since move the restored match's ticks on, so the clients' timelines go on", () => {
    const old = pushballRuntime(pushballRuntimeGame);
    old.rt.start(SETTINGS);
    const clients = [new PortClient(1, 127)];
    old.rt.addClient(1, clients[0]!.port);
    play(old.clock, old.rt, clients, 1000);
    const lobby = { ...LOBBY, people: [{ id: 1, name: 'Ann', token: '11'.repeat(16) }], lobbyKey: new Uint8Array([7]) };
    const bytes = old.rt.checkpoint(lobby, 0)!;
    const checkpointTick = old.rt.stats()!.tick;
    // The successor heard the old host 40 ticks after the checkpoint, and claimed 25 ticks later.
    const newest = { ...clients[0]!.newest!, serverTick: checkpointTick + 40, events: [] };
    const next = pushballRuntime(pushballRuntimeGame);
    const info = next.rt.restore(bytes, { snapshot: newest, names: [], skipTicks: 25 });
    expect(info).toMatchObject({ ok: true, checkpointTick, tick: checkpointTick + 40 + 25 });
    // Without the snapshot the match would restart at the checkpoint's tick, behind every client.
    const blind = pushballRuntime(pushballRuntimeGame).rt.restore(bytes, { snapshot: null, names: [], skipTicks: 0 });
    expect(blind).toMatchObject({ ok: true, tick: checkpointTick });
  });
});
