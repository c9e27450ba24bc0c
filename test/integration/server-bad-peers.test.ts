/**
 * Acceptance (issue 3): 10,000 random and mutated packets from one client. The server never
 * throws and never stalls, the client is kicked with a reason, and the other clients' matches go
 * on without a missed tick.
 */
import { ARENA_COMMANDS } from '../../src/arena/protocol/arena-commands';
import { describe, it, expect } from 'vitest';
import { BotClient, Match, wander, type HarnessClient } from '../harness';
import { encodeCmdPacket, quantizeCmdPacket } from '../../src/protocol/cmd-packet';
import { GameServer } from '../../src/server/game-server';
import { arenaServerGame } from '../../src/arena/server/arena-server-game';
import { WEAPON_KEEP, type UserCmd } from '../../src/sim/types';

const TOTAL = 10_000;

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Random datagrams, and valid command packets with bits flipped, cut short or extended. */
function hostilePackets(seed: number, count: number): Uint8Array[] {
  const rand = lcg(seed);
  const int = (n: number): number => Math.floor(rand() * n);
  const out: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      out.push(Uint8Array.from({ length: int(120) }, () => int(256)));
      continue;
    }
    const tick = int(2 ** 31);
    const cmds: UserCmd[] = [0, 1, 2].map((k) => ({
      tick: tick + k,
      moveX: int(255) - 127,
      moveY: int(255) - 127,
      aim: int(65536),
      buttons: int(16),
      weaponSelect: WEAPON_KEEP,
      viewTick: int(tick + 1),
      viewFrac: int(256),
    }));
    const valid = encodeCmdPacket(
      ARENA_COMMANDS,
      quantizeCmdPacket(ARENA_COMMANDS, { ackTick: int(1000), sendTimeMs: int(65536), cmds }),
    );
    const bytes = Uint8Array.from(valid);
    const kind = i % 6;
    if (kind === 1) for (let f = 0; f <= int(8); f++) bytes[int(bytes.length)]! ^= 1 << int(8);
    if (kind === 3) out.push(bytes.slice(0, int(bytes.length)));
    else if (kind === 5) out.push(Uint8Array.from([...bytes, ...Array.from({ length: 1 + int(40) }, () => int(256))]));
    else out.push(bytes);
  }
  return out;
}

class NoiseClient implements HarnessClient {
  sent = 0;
  kickedFor: string | null = null;
  constructor(
    readonly id: number,
    private readonly packets: Uint8Array[],
    private readonly perStep: number,
  ) {}
  onPacket(): void {}
  update(): Uint8Array[] {
    const batch = this.packets.slice(this.sent, this.sent + this.perStep);
    this.sent += batch.length;
    return batch;
  }
  onKick(reason: string): void {
    this.kickedFor = reason;
  }
}

describe('hostile peers', () => {
  it('takes 10,000 garbage packets without throwing and keeps ticking (no kick limits)', () => {
    const limits = { windowMs: 1000, maxDecodeFailures: 1e9, maxPackets: 1e9, maxCommands: 1e9 };
    const server = new GameServer(
      {
        tickrate: 60,
        maxUnlagS: 1,
        lagCompensation: true,
        seed: 3,
        maxPlayers: 8,
        abuse: limits,
      },
      arenaServerGame,
    );
    server.addClient(1, 0);
    server.addClient(2, 0);
    const packets = hostilePackets(17, TOTAL);
    let now = 0;
    for (let i = 0; i < TOTAL; i++) {
      server.receive(2, packets[i] as Uint8Array, now);
      if (i % 100 === 99) {
        now += 1000 / 60;
        server.tick(now);
      }
    }
    const stats = server.stats().clients.find((c) => c.clientId === 2);
    expect(server.world.tick).toBe(TOTAL / 100);
    expect(stats?.packetsIn).toBe(TOTAL);
    expect(stats?.decodeFailures).toBeGreaterThan(TOTAL / 3);
    expect(stats?.decodeFailures).toBeLessThan(TOTAL);
    // Whatever decoded was sanitized: the garbage player stays on the map with sane numbers.
    const p = server.world.players.find((q) => q.id === 2);
    expect(Number.isFinite(p?.x)).toBe(true);
    expect(p?.health).toBeLessThanOrEqual(100);
  });

  it('kicks the hostile client and the others never miss a tick', () => {
    const match = new Match({ server: { seed: 8 } });
    const honest = [1, 2, 3].map(
      (id) =>
        new BotClient(id, {
          tickrate: 60,
          script: wander(
            id,
            [1, 2, 3].filter((x) => x !== id),
            0.05,
          ),
        }),
    );
    for (const b of honest) match.addClient(b, { latencyMs: 30 });
    const noise = new NoiseClient(9, hostilePackets(23, TOTAL), 20);
    match.addClient(noise, { latencyMs: 30 });
    const snapshotTicks = new Map<number, number[]>(honest.map((b) => [b.id, []]));
    for (const b of honest) b.rx.onSnapshot = (s) => snapshotTicks.get(b.id)?.push(s.serverTick);
    match.run(5000);
    const before = match.server.stats().clients.map((c) => c.repeats);
    match.run(5000);

    expect(match.kicks.map((k) => [k.clientId, k.reason])).toEqual([[9, 'malformed']]);
    expect(noise.kickedFor).toBe('malformed');
    expect(match.server.world.players.map((p) => p.id)).toEqual([1, 2, 3]);
    // The server ran every tick of the 10 s (no stall), on time.
    expect(match.server.world.tick).toBe(600);
    const after = match.server.stats().clients.map((c) => c.repeats);
    expect(after).toEqual(before);
    for (const b of honest) {
      const ticks = snapshotTicks.get(b.id) ?? [];
      const gaps = ticks.slice(1).map((t, i) => t - (ticks[i] as number));
      expect(ticks.length).toBeGreaterThan(290);
      expect(Math.max(...gaps)).toBe(2);
    }
  });
});
