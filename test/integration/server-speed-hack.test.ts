/**
 * Acceptance (issue 3): a client that sends commands at twice the tick rate, or forges command
 * ticks, moves no farther than an honest client in the same time (one command per server tick).
 */
import { describe, it, expect } from 'vitest';
import { BotClient, Match, openArena } from '../harness';
import type { UserCmd } from '../../src/sim/types';

const runRight = () => ({ moveX: 127 });

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Every packet, plus copies restamped one and two ticks later, a stale copy, a far-future and an absurd one. */
function forger(seed: number): (cmds: UserCmd[]) => UserCmd[][] {
  const rand = lcg(seed);
  const shifted = (cmds: UserCmd[], by: number): UserCmd[] => cmds.map((c) => ({ ...c, tick: c.tick + by }));
  return (cmds) => {
    const first = (cmds[0] as UserCmd).tick;
    const out: UserCmd[][] = [cmds];
    for (let k = 1; k <= 2; k++) out.push(shifted(cmds, k));
    const back = 1 + Math.floor(rand() * 20);
    if (first - back >= 1) out.push(shifted(cmds, -back));
    out.push(shifted(cmds, 1000 + Math.floor(rand() * 1e6)));
    out.push(shifted(cmds, 0x7ffffff0 - first));
    return out;
  };
}

describe('speed hacks', () => {
  it('twice the command rate or forged ticks move no farther than an honest client', () => {
    // Three lanes far apart; everyone runs right at full speed for eight seconds.
    const map = openArena(
      [
        { x: 100, y: 300 },
        { x: 100, y: 800 },
        { x: 100, y: 1300 },
      ],
      4000,
      1600,
    );
    const match = new Match({ server: { seed: 2, map } });
    const honest = new BotClient(1, { tickrate: 60, script: runRight });
    const doubleRate = new BotClient(2, { tickrate: 60, script: runRight, tickScale: 2 });
    const forged = new BotClient(3, { tickrate: 60, script: runRight, forgePackets: forger(9) });
    for (const b of [honest, doubleRate, forged]) match.addClient(b, { latencyMs: 40, jitterMs: 5 });
    const start = new Map(match.server.world.players.map((p) => [p.id, p.x]));
    match.run(8000);
    const dist = (id: number): number =>
      (match.server.world.players.find((p) => p.id === id)?.x ?? NaN) - (start.get(id) ?? NaN);
    const stats = new Map(match.server.stats().clients.map((c) => [c.clientId, c]));
    console.log(
      `speed hack: honest ${dist(1).toFixed(2)} u, 2x command rate ${dist(2).toFixed(2)} u (${doubleRate.counters.cmdsMade} cmds made, ${stats.get(2)?.futureRejects} rejected as too far ahead), forged ${dist(3).toFixed(2)} u (${stats.get(3)?.staleDrops} stale, ${stats.get(3)?.futureRejects} future)`,
    );
    expect(dist(1)).toBeGreaterThan(1500);
    expect(doubleRate.counters.cmdsMade).toBeGreaterThan(honest.counters.cmdsMade * 1.8);
    expect(dist(2)).toBeLessThanOrEqual(dist(1));
    expect(dist(3)).toBeLessThanOrEqual(dist(1));
    expect(stats.get(2)?.futureRejects).toBeGreaterThan(100);
    expect(stats.get(3)?.futureRejects).toBeGreaterThan(100);
    // Nobody got kicked for it: the server simply does not let it help.
    expect(match.kicks).toEqual([]);
  });
});
