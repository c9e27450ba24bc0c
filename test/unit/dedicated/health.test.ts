/**
 * The health report from two samples of the server's stats: rates over the span, tick cost
 * percentiles, `ok` false (and 503 from the endpoint) when the server stopped ticking or skipped
 * ticks; malformed stats read as unknown, never a crash.
 */
import { describe, expect, it } from 'vitest';
import { HealthMonitor } from '../../../src/dedicated/health';
import { serveHealth } from '../../../src/dedicated/health-server';

const cycle = { matchesStarted: 1, map: 'crossfire', nextMap: 'plaza', nextMatchInS: null };
const lobby = {
  roomId: 'abcdefghijklmnop',
  link: 'http://x/#join=abcdefghijklmnop',
  started: true,
  players: 3,
  humans: 1,
  bots: 2,
  maxPlayers: 8,
};

function stats(tick: number, skipped: number, clients: Array<[number, number, number]>) {
  return {
    tick,
    loop: { ticksRun: tick, ticksSkipped: skipped },
    tickCost: { medianUs: 410.4, p99Us: 1290.6, maxUs: 2000 },
    clients: clients.map(([clientId, bytesOut, snapshotsSent]) => ({ clientId, bytesOut, snapshotsSent })),
  };
}

describe('HealthMonitor', () => {
  it("keeps the players' positions of the latest sample for /world (malformed hitboxes skipped)", async () => {
    const h = new HealthMonitor(60, 0);
    expect(h.world()).toBeNull();
    h.sample(
      {
        ...stats(77, 0, []),
        liveHitboxes: [
          { id: 3, x: 10.5, y: 20, alive: true, radius: 12 },
          { id: 'x' },
          { id: 4, x: 1, y: 2, alive: false },
        ],
      },
      1000,
    );
    const want = {
      tick: 77,
      players: [
        { id: 3, x: 10.5, y: 20, alive: true },
        { id: 4, x: 1, y: 2, alive: false },
      ],
    };
    expect(h.world()).toEqual(want);
    const server = await serveHealth(
      '127.0.0.1',
      0,
      () => h.report(lobby, 1000, cycle),
      () => h.world(),
    );
    try {
      const res = await fetch(server.url.replace('/health', '/world'));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(want);
    } finally {
      await server.close();
    }
  });

  it('reports tick rate, tick cost and bytes out per second over the last span', () => {
    const h = new HealthMonitor(60, 0);
    h.sample(
      stats(60, 0, [
        [1, 1000, 30],
        [2, 500, 30],
      ]),
      1000,
      0.05,
    );
    h.sample(
      stats(120, 0, [
        [1, 3000, 60],
        [3, 700, 10],
      ]),
      2000,
      0.06,
    );
    const r = h.report(lobby, 2000, cycle);
    expect(r).toMatchObject({
      ok: true,
      status: 'ok',
      tick: 120,
      ticksPerSecond: 60,
      tickCostUs: { p50: 410, p99: 1291, max: 2000 },
      ticksSkipped: 0,
      serverThreadLoad: 0.06,
    });
    // Client 1 sent 2000 more bytes, client 3 (new) 700; client 2 left and is not counted.
    expect(r.bytesOutPerSecond).toBe(2700);
    expect(r.snapshotsPerSecond).toBe(40);
  });

  it('is not ok when the server skipped ticks (over budget) or stopped ticking, or before any stats', () => {
    const h = new HealthMonitor(60, 0);
    expect(h.report(lobby, 0, cycle)).toMatchObject({ ok: false, status: 'starting' });
    h.sample(stats(60, 0, []), 1000);
    h.sample(stats(100, 20, []), 2000);
    expect(h.report(lobby, 2000, cycle)).toMatchObject({ ok: false, status: 'skipped 20 ticks (over budget)' });
    h.sample(stats(100, 20, []), 3000);
    expect(h.report(lobby, 3000, cycle)).toMatchObject({ ok: false, status: 'server not ticking' });
  });

  it("reports the match phase and its clock from the worker's match summary, with the cycle's facts", () => {
    const h = new HealthMonitor(60, 0);
    expect(h.report(lobby, 0, cycle).match).toEqual({ phase: null, secondsLeft: null, ...cycle });
    h.sample({ ...stats(600, 0, []), match: { phase: 2, phaseEndTick: 3600, seq: 1, mapId: 0, bots: 2 } }, 1000);
    expect(h.match()).toEqual({ phase: 2, phaseEndTick: 3600, seq: 1, mapId: 0, bots: 2 });
    expect(h.report(lobby, 1000, cycle).match).toMatchObject({ phase: 'live', secondsLeft: 50, map: 'crossfire' });
    h.sample({ ...stats(700, 0, []), match: { phase: 3, phaseEndTick: 0, seq: 1, mapId: 0, bots: 2 } }, 2000);
    expect(h.report(lobby, 2000, { ...cycle, nextMatchInS: 9 }).match).toMatchObject({
      phase: 'ended',
      secondsLeft: null,
      nextMatchInS: 9,
    });
    // A phase off the wire's range, or a missing field, is no match summary.
    h.sample({ ...stats(800, 0, []), match: { phase: 7, phaseEndTick: 0, seq: 1, mapId: 0, bots: 2 } }, 3000);
    expect(h.match()).toBeNull();
  });

  it('reads malformed stats as unknown', () => {
    const h = new HealthMonitor(60, 0);
    h.sample({ tick: 'x', loop: null, clients: [null, 5, { clientId: 'a' }] }, 1000);
    h.sample(42, 2000);
    expect(h.report(lobby, 2000, cycle)).toMatchObject({
      ok: false,
      tick: null,
      tickCostUs: null,
      bytesOutPerSecond: 0,
    });
  });

  it('serves the report on /health: 200 when ok, 503 when not, 404 elsewhere', async () => {
    let ok = true;
    const server = await serveHealth('127.0.0.1', 0, () => ({
      ...new HealthMonitor(60, 0).report(lobby, 0, cycle),
      ok,
    }));
    try {
      const good = await fetch(server.url);
      expect(good.status).toBe(200);
      expect(((await good.json()) as { lobby: { roomId: string } }).lobby.roomId).toBe(lobby.roomId);
      ok = false;
      expect((await fetch(server.url)).status).toBe(503);
      expect((await fetch(server.url.replace('/health', '/other'))).status).toBe(404);
      expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
    } finally {
      await server.close();
    }
  });
});
