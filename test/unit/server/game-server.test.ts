import { describe, it, expect } from 'vitest';
import { GameServer, type ServerSettings } from '../../../src/server/game-server';
import { encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { decodeSnapshot } from '../../../src/protocol/snapshot';
import { SnapshotAssembler } from '../../../src/protocol/snapshot-assembler';
import type { Snapshot } from '../../../src/protocol/game-messages';
import { Buttons, WEAPON_KEEP, type ArenaMap, type UserCmd } from '../../../src/sim/types';

const TICK_MS = 1000 / 60;
const map: ArenaMap = { name: 'open', width: 2000, height: 1200, walls: [], spawns: [{ x: 200, y: 600 }, { x: 800, y: 600 }, { x: 1400, y: 600 }] };
const base: ServerSettings = { tickrate: 60, maxUnlagS: 1, lagCompensation: true, seed: 1, maxPlayers: 3, map };

function cmd(tick: number, extra: Partial<UserCmd> = {}): UserCmd {
  return { tick, moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP, viewTick: Math.max(0, tick - 10), viewFrac: 0, ...extra };
}

/** Decodes what the server sent one client, keeping baselines like a client would. */
class Receiver {
  byTick = new Map<number, Snapshot>();
  assembler = new SnapshotAssembler();
  got: Snapshot[] = [];
  failures = 0;
  take(bytes: Uint8Array): void {
    const r = decodeSnapshot(bytes, (t) => this.byTick.get(t));
    if (!r.ok) {
      this.failures++;
      return;
    }
    const s = this.assembler.add(r.value);
    if (!s) return;
    this.byTick.set(s.serverTick, s);
    this.got.push(s);
  }
  get newest(): number {
    return this.got.length ? Math.max(...this.got.map((s) => s.serverTick)) : 0;
  }
}

/** Runs `ticks` ticks; client 1 sends each tick's command just in time (made by `make`) and acks what it got. */
function drive(server: GameServer, rx: Map<number, Receiver>, ticks: number, make: (tick: number) => UserCmd | null, t0 = 0): number {
  let now = t0;
  for (let i = 0; i < ticks; i++) {
    const next = server.world.tick + 1;
    const c = make(next);
    if (c) server.receive(1, encodeCmdPacket(quantizeCmdPacket({ ackTick: rx.get(1)?.newest ?? 0, sendTimeMs: Math.floor(now) % 65536, cmds: [c] })), now);
    now += TICK_MS;
    for (const p of server.tick(now).packets) rx.get(p.clientId)?.take(p.bytes);
  }
  return now;
}

describe('GameServer', () => {
  it('refuses clients beyond maxPlayers and duplicate ids', () => {
    const server = new GameServer(base);
    expect([1, 2, 3, 4].map((id) => server.addClient(id, 0))).toEqual([true, true, true, false]);
    expect(server.addClient(1, 0)).toBe(false);
    expect(server.world.players.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(server.stats().liveHitboxes.map((h) => [h.id, h.x, h.y])).toEqual(server.world.players.map((p) => [p.id, p.x, p.y]));
  });

  it('sends a full snapshot first, deltas once acked, with self at the end of serverTick', () => {
    const server = new GameServer(base);
    server.addClient(1, 0);
    const rx = new Map([[1, new Receiver()]]);
    const states = new Map<number, unknown>();
    let now = 0;
    for (let i = 0; i < 120; i++) {
      const next = server.world.tick + 1;
      server.receive(1, encodeCmdPacket(quantizeCmdPacket({ ackTick: rx.get(1)?.newest ?? 0, sendTimeMs: 0, cmds: [cmd(next, { moveX: 127 })] })), now);
      now += TICK_MS;
      for (const p of server.tick(now).packets) rx.get(1)?.take(p.bytes);
      states.set(server.world.tick, structuredClone(server.world.players[0]));
    }
    const got = rx.get(1)?.got ?? [];
    expect(got.length).toBe(60);
    expect(got[0]?.baselineTick).toBe(0);
    expect(got.slice(1).every((s) => s.baselineTick > 0)).toBe(true);
    for (const s of got) {
      expect(s.self).toEqual(states.get(s.serverTick));
      expect(s.lastCmdTick).toBe(s.serverTick);
    }
    expect(rx.get(1)?.failures).toBe(0);
  });

  it('codes against the baseline the newest packet names: back to an older one, or full on "none held"', () => {
    const server = new GameServer(base);
    server.addClient(1, 0);
    const rx = new Map([[1, new Receiver()]]);
    let now = drive(server, rx, 60, (t) => cmd(t));
    const got = rx.get(1)!.got;
    const older = got[got.length - 5]!.serverTick;
    const send = (ackTick: number | null, acked = true): Snapshot[] => {
      const next = server.world.tick + 1;
      server.receive(1, encodeCmdPacket(quantizeCmdPacket({ ackTick, sendTimeMs: 0, cmds: [cmd(next)] })), now);
      const out: Snapshot[] = [];
      for (let i = 0; i < 2; i++) {
        now += TICK_MS;
        for (const p of server.tick(now).packets) {
          const r = decodeSnapshot(p.bytes, (t) => (acked ? rx.get(1)!.byTick.get(t) : undefined));
          if (r.ok) out.push(r.value);
        }
        if (i === 0) server.receive(1, encodeCmdPacket(quantizeCmdPacket({ ackTick, sendTimeMs: 0, cmds: [cmd(next + 1)] })), now);
      }
      return out;
    };
    // The client says it holds an older snapshot than the newest it acked (it dropped the newer ones).
    expect(send(older).at(-1)?.baselineTick).toBe(older);
    // It holds none: the next snapshot is full and decodes without any baseline.
    expect(send(null, false).at(-1)?.baselineTick).toBe(0);
  });

  it('follows the ack of a client that dropped its baselines within one snapshot interval, even when its command ticks went back', () => {
    const server = new GameServer(base);
    server.addClient(1, 0);
    const rx = new Map([[1, new Receiver()]]);
    // Before: the client runs 20 ticks ahead and acks what it decodes (so the host codes deltas against those).
    let now = drive(server, rx, 90, (t) => cmd(t + 20));
    expect(rx.get(1)!.got.at(-1)!.baselineTick).toBeGreaterThan(0);
    // The client restarts its decoder: every baseline is gone, and its new clock sync puts its commands
    // 20 ticks behind those it already sent. It acks "none held", then the newest snapshot it decoded.
    const restarted = new Receiver();
    rx.set(1, restarted);
    let ticksBlind = 0;
    while (restarted.got.length === 0 && ticksBlind < 600) {
      const next = server.world.tick + 1;
      server.receive(1, encodeCmdPacket(quantizeCmdPacket({ ackTick: restarted.newest || null, sendTimeMs: Math.floor(now) % 65536, cmds: [cmd(next)] })), now);
      now += TICK_MS;
      for (const p of server.tick(now).packets) restarted.take(p.bytes);
      ticksBlind++;
    }
    // One snapshot interval (2 ticks at the default 30 snapshots/s), not until the lost baseline leaves the ring.
    expect(ticksBlind).toBeLessThanOrEqual(2);
    expect(restarted.got[0]!.baselineTick).toBe(0);
    // And it stays in sync: deltas against what it acks from then on.
    drive(server, rx, 30, (t) => cmd(t), now);
    expect(restarted.failures).toBeLessThanOrEqual(1);
    expect(restarted.got.at(-1)!.baselineTick).toBeGreaterThan(0);
  });

  it('reports the mean command-buffer depth since the previous snapshot, not the depth of the snapshot tick', () => {
    const server = new GameServer(base);
    server.addClient(1, 0);
    const rx = new Receiver();
    let now = 0;
    const perTick: number[] = [];
    const reported: Array<{ depth: number; means: number }> = [];
    let since: number[] = [];
    for (let i = 0; i < 120; i++) {
      const next = server.world.tick + 1;
      // Commands arrive in bursts of three ticks (a client frame issuing several), three ticks ahead.
      if (next % 3 === 1) server.receive(1, encodeCmdPacket(quantizeCmdPacket({ ackTick: rx.newest || null, sendTimeMs: 0, cmds: [cmd(next + 3), cmd(next + 4), cmd(next + 5)] })), now);
      now += TICK_MS;
      const before = rx.got.length;
      for (const p of server.tick(now).packets) rx.take(p.bytes);
      const depth = server.stats().clients[0]!.bufferDepth;
      perTick.push(depth);
      since.push(depth);
      if (rx.got.length > before && i > 30) {
        reported.push({ depth: rx.got.at(-1)!.cmdBufferDepth, means: Math.round(since.reduce((a, b) => a + b, 0) / since.length) });
      }
      if (rx.got.length > before) since = [];
    }
    expect(new Set(perTick.slice(30)).size).toBeGreaterThan(1);
    expect(reported.length).toBeGreaterThan(20);
    for (const r of reported) expect(r.depth).toBe(r.means);
  });

  it('repeats the last command when one is missing and reports it in depth and stats', () => {
    const server = new GameServer(base);
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
    const server = new GameServer(base);
    server.addClient(1, 0);
    server.receive(1, encodeCmdPacket(quantizeCmdPacket({ ackTick: 0, sendTimeMs: 4321, cmds: [cmd(1)] })), 3);
    const out = server.tick(TICK_MS);
    const rx = new Receiver();
    for (const p of out.packets) rx.take(p.bytes);
    expect(rx.got[0]?.echoTimeMs).toBe(4321);
    expect(rx.got[0]?.echoHoldMs).toBe(Math.round(TICK_MS - 3));
  });

  it('measures RTT from acks and keeps events until a snapshot carrying them is acked', () => {
    const server = new GameServer(base);
    server.addClient(1, 0);
    server.addClient(2, 0);
    const rx = new Map([[1, new Receiver()], [2, new Receiver()]]);
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
    const server = new GameServer(base);
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
    const server = new GameServer(base);
    server.addClient(1, 0);
    server.setClientSettings(1, { updateRate: 20, rate: 100000, interpMs: 100 });
    const rx = new Map([[1, new Receiver()]]);
    drive(server, rx, 60, (t) => cmd(t));
    expect(rx.get(1)?.got.length).toBe(20);
  });

  it('records what the last rewind tested, compensated or not', () => {
    const server = new GameServer(base);
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
    expect(server.stats().clients.find((c) => c.clientId === 1)?.lastRewind).toMatchObject({ tick: 30, lagCompensated: false });
  });

  it('kicks a client that sends garbage, removes its player and sends it nothing more', () => {
    const server = new GameServer(base);
    server.addClient(1, 0);
    server.addClient(2, 0);
    for (let i = 0; i < 25; i++) server.receive(2, new Uint8Array([0xff, 0xff, i]), i);
    const out = server.tick(TICK_MS);
    expect(out.kicks).toEqual([{ clientId: 2, reason: 'malformed', text: expect.any(String) }]);
    expect(server.world.players.map((p) => p.id)).toEqual([1]);
    for (let i = 0; i < 10; i++) expect(server.tick(TICK_MS * (i + 2)).packets.every((p) => p.clientId !== 2)).toBe(true);
    expect(server.stats().clients.find((c) => c.clientId === 2)?.kicked).toBe('malformed');
  });
});
