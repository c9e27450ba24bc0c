/**
 * GameServer and its clients' commands, with real codecs on an open map: repeats of a missing
 * command, the echoed send time, round trips and events kept until acked, the client's rate and
 * update rate, the last rewind's record, and a kick for garbage.
 */
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { describe, it, expect } from 'vitest';
import { GameServer } from '../../../src/server/game-server';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import { Buttons } from '../../../src/sim/types';
import { TICK_MS, base, cmd, Receiver, drive } from './game-server-kit';

describe('GameServer', () => {
  it('repeats the last command when one is missing and reports it in depth and stats', () => {
    const server = new GameServer(base, arenaServerGame);
    server.addClient(1, 0);
    const rx = new Map([[1, new Receiver()]]);
    drive(server, rx, 30, (t) => cmd(t, { moveX: 127 }));
    const x0 = server.world.players[0]?.x ?? 0;
    drive(server, rx, 10, () => null, 1000);
    // Still running right on repeated commands, and the snapshot says the buffer is starving.
    expect(server.world.players[0]?.x ?? 0).toBeGreaterThan(x0 + 30);
    const last = rx.get(1)?.got.at(-1);
    expect(last?.cmdBufferDepth).toBeLessThan(0);
    expect(last?.lastCmdTick).toBe(30);
    expect(server.stats().clients[0]?.repeats).toBe(10);
  });

  it('echoes the newest command packet send time with how long it was held', () => {
    const server = new GameServer(base, arenaServerGame);
    server.addClient(1, 0);
    server.receive(
      1,
      encodeCmdPacket(
        ARENA_COMMANDS,
        quantizeCmdPacket(ARENA_COMMANDS, { ackTick: 0, sendTimeMs: 4321, cmds: [cmd(1)] }),
      ),
      3,
    );
    const out = server.tick(TICK_MS);
    const rx = new Receiver();
    for (const p of out.packets) rx.take(p.bytes);
    expect(rx.got[0]?.echoTimeMs).toBe(4321);
    expect(rx.got[0]?.echoHoldMs).toBe(Math.round(TICK_MS - 3));
  });

  it('measures RTT from acks and keeps events until a snapshot carrying them is acked', () => {
    const server = new GameServer(base, arenaServerGame);
    server.addClient(1, 0);
    server.addClient(2, 0);
    const rx = new Map([
      [1, new Receiver()],
      [2, new Receiver()],
    ]);
    // Client 1 fires once; client 2 never acks anything, so its events keep coming back.
    drive(server, rx, 40, (t) => cmd(t, { buttons: t === 5 ? Buttons.Fire : 0 }));
    const c1 = server.stats().clients.find((c) => c.clientId === 1);
    const c2 = server.stats().clients.find((c) => c.clientId === 2);
    expect(c1?.rttMs).not.toBeNull();
    expect(c1?.eventsPending).toBe(0);
    expect(c2?.eventsPending).toBeGreaterThan(0);
    const fired = (s: Snapshot): boolean => s.events.some((e) => e.event.type === 'fired' && e.tick === 5);
    expect(rx.get(2)?.got.filter(fired).length).toBe(rx.get(2)?.got.filter((s) => s.serverTick >= 5).length);
    expect(rx.get(1)?.got.filter(fired).length).toBeLessThan(3);
  });

  it('holds snapshots back when the client rate budget is spent', () => {
    const server = new GameServer(base, arenaServerGame);
    server.addClient(1, 0);
    server.addClient(2, 0);
    server.addClient(3, 0);
    server.setClientSettings(1, { updateRate: 60, rate: 2500, interpMs: 100 });
    // No receiver for client 1: it never acks, so every snapshot is a full one (too many bytes for 2,500 B/s at 60/s).
    drive(server, new Map(), 600, (t) => cmd(t, { moveX: t % 120 < 60 ? 127 : -127 }));
    const s = server.stats().clients.find((c) => c.clientId === 1);
    // Ten seconds at 2,500 B/s: never more than the budget plus one snapshot (the last one sent may
    // overdraw the bucket; a full 3-player snapshot with its match block is under 100 bytes).
    expect(s?.bytesOut).toBeLessThanOrEqual(2500 * 10 + 100);
    expect(s?.heldBackTicks).toBeGreaterThan(0);
    expect(s?.snapshotsSent).toBeLessThan(600);
  });

  it('follows the client update rate', () => {
    const server = new GameServer(base, arenaServerGame);
    server.addClient(1, 0);
    server.setClientSettings(1, { updateRate: 20, rate: 100000, interpMs: 100 });
    const rx = new Map([[1, new Receiver()]]);
    drive(server, rx, 60, (t) => cmd(t));
    expect(rx.get(1)?.got.length).toBe(20);
  });

  it('records what the last rewind tested, compensated or not', () => {
    const server = new GameServer(base, arenaServerGame);
    server.addClient(1, 0);
    server.addClient(2, 0);
    const rx = new Map([[1, new Receiver()]]);
    const [p1, p2] = server.world.players;
    // Both spawn on y = 600: aim straight at the other one.
    const aim = (p2?.x ?? 0) > (p1?.x ?? 0) ? 0 : 32768;
    drive(server, rx, 20, (t) => cmd(t, { aim, buttons: t === 20 ? Buttons.Fire : 0 }));
    const r = server.stats().clients.find((c) => c.clientId === 1)?.lastRewind;
    expect(r).toMatchObject({ tick: 20, claimedViewTime: 10, viewTime: 10, lagCompensated: true });
    expect(r?.hitboxes.map((h) => h.id)).toEqual([2]);
    expect(r?.hit).toBe(2);
    server.setSetting('sv_lagcompensation', 0);
    drive(server, rx, 10, (t) => cmd(t, { buttons: t === 30 ? Buttons.Fire : 0 }));
    expect(server.stats().clients.find((c) => c.clientId === 1)?.lastRewind).toMatchObject({
      tick: 30,
      lagCompensated: false,
    });
  });

  it('kicks a client that sends garbage, removes its player and sends it nothing more', () => {
    const server = new GameServer(base, arenaServerGame);
    server.addClient(1, 0);
    server.addClient(2, 0);
    for (let i = 0; i < 25; i++) server.receive(2, new Uint8Array([0xff, 0xff, i]), i);
    const out = server.tick(TICK_MS);
    expect(out.kicks).toEqual([{ clientId: 2, reason: 'malformed', text: expect.any(String) }]);
    expect(server.world.players.map((p) => p.id)).toEqual([1]);
    for (let i = 0; i < 10; i++)
      expect(server.tick(TICK_MS * (i + 2)).packets.every((p) => p.clientId !== 2)).toBe(true);
    expect(server.stats().clients.find((c) => c.clientId === 2)?.kicked).toBe('malformed');
  });
});
