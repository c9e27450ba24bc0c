/**
 * GameServer with real codecs on an open map: seats (maxPlayers, duplicate ids) and its snapshots:
 * full first, deltas once acked, the baseline a client names, and the buffer depth it reports.
 * Commands, round trips, rates, rewinds and kicks: game-server-commands.test.ts.
 */
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, it, expect } from 'vitest';
import { GameServer } from '../../../src/server/game-server';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { decodeSnapshot } from '../../../src/protocol/snapshot';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import { TICK_MS, base, cmd, Receiver, drive } from './game-server-kit';

describe('GameServer', () => {
  it('refuses clients beyond maxPlayers and duplicate ids', () => {
    const server = new GameServer(base, arenaServerGame);
    expect([1, 2, 3, 4].map((id) => server.addClient(id, 0))).toEqual([true, true, true, false]);
    expect(server.addClient(1, 0)).toBe(false);
    expect(server.world.players.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(server.stats().liveHitboxes.map((h) => [h.id, h.x, h.y])).toEqual(
      server.world.players.map((p) => [p.id, p.x, p.y]),
    );
  });

  it('sends a full snapshot first, deltas once acked, with self at the end of serverTick', () => {
    const server = new GameServer(base, arenaServerGame);
    server.addClient(1, 0);
    const rx = new Map([[1, new Receiver()]]);
    const states = new Map<number, unknown>();
    let now = 0;
    for (let i = 0; i < 120; i++) {
      const next = server.world.tick + 1;
      server.receive(
        1,
        encodeCmdPacket(
          ARENA_COMMANDS,
          quantizeCmdPacket(ARENA_COMMANDS, {
            ackTick: rx.get(1)?.newest ?? 0,
            sendTimeMs: 0,
            cmds: [cmd(next, { moveX: 127 })],
          }),
        ),
        now,
      );
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
    const server = new GameServer(base, arenaServerGame);
    server.addClient(1, 0);
    const rx = new Map([[1, new Receiver()]]);
    let now = drive(server, rx, 60, (t) => cmd(t));
    const got = rx.get(1)!.got;
    const older = got[got.length - 5]!.serverTick;
    const send = (ackTick: number | null, acked = true): Snapshot[] => {
      const next = server.world.tick + 1;
      server.receive(
        1,
        encodeCmdPacket(
          ARENA_COMMANDS,
          quantizeCmdPacket(ARENA_COMMANDS, { ackTick, sendTimeMs: 0, cmds: [cmd(next)] }),
        ),
        now,
      );
      const out: Snapshot[] = [];
      for (let i = 0; i < 2; i++) {
        now += TICK_MS;
        for (const p of server.tick(now).packets) {
          const r = decodeSnapshot(ARENA_WIRE, p.bytes, (t) => (acked ? rx.get(1)!.byTick.get(t) : undefined));
          if (r.ok) out.push(r.value);
        }
        if (i === 0)
          server.receive(
            1,
            encodeCmdPacket(
              ARENA_COMMANDS,
              quantizeCmdPacket(ARENA_COMMANDS, { ackTick, sendTimeMs: 0, cmds: [cmd(next + 1)] }),
            ),
            now,
          );
      }
      return out;
    };
    // The client says it holds an older snapshot than the newest it acked (it dropped the newer ones).
    expect(send(older).at(-1)?.baselineTick).toBe(older);
    // It holds none: the next snapshot is full and decodes without any baseline.
    expect(send(null, false).at(-1)?.baselineTick).toBe(0);
  });

  it('follows the ack of a client that dropped its baselines within one snapshot interval, even when its command ticks went back', () => {
    const server = new GameServer(base, arenaServerGame);
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
      server.receive(
        1,
        encodeCmdPacket(
          ARENA_COMMANDS,
          quantizeCmdPacket(ARENA_COMMANDS, {
            ackTick: restarted.newest || null,
            sendTimeMs: Math.floor(now) % 65536,
            cmds: [cmd(next)],
          }),
        ),
        now,
      );
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
    const server = new GameServer(base, arenaServerGame);
    server.addClient(1, 0);
    const rx = new Receiver();
    let now = 0;
    const perTick: number[] = [];
    const reported: Array<{ depth: number; means: number }> = [];
    let since: number[] = [];
    for (let i = 0; i < 120; i++) {
      const next = server.world.tick + 1;
      // Commands arrive in bursts of three ticks (a client frame issuing several), three ticks ahead.
      if (next % 3 === 1)
        server.receive(
          1,
          encodeCmdPacket(
            ARENA_COMMANDS,
            quantizeCmdPacket(ARENA_COMMANDS, {
              ackTick: rx.newest || null,
              sendTimeMs: 0,
              cmds: [cmd(next + 3), cmd(next + 4), cmd(next + 5)],
            }),
          ),
          now,
        );
      now += TICK_MS;
      const before = rx.got.length;
      for (const p of server.tick(now).packets) rx.take(p.bytes);
      const depth = server.stats().clients[0]!.bufferDepth;
      perTick.push(depth);
      since.push(depth);
      if (rx.got.length > before && i > 30) {
        reported.push({
          depth: rx.got.at(-1)!.cmdBufferDepth,
          means: Math.round(since.reduce((a, b) => a + b, 0) / since.length),
        });
      }
      if (rx.got.length > before) since = [];
    }
    expect(new Set(perTick.slice(30)).size).toBeGreaterThan(1);
    expect(reported.length).toBeGreaterThan(20);
    for (const r of reported) expect(r.depth).toBe(r.means);
  });
});
