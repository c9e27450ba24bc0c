/**
 * `npm run host` end to end: a headless dedicated host (the same server code in a Node worker
 * thread, PeerJS over node-datachannel) fills a 16-player match with 14 server-side bots; two Chromium pages
 * join its link through the real PeerServer over real WebRTC, the match starts once both are in
 * (--start-when 2) (its link carries the lobby key's fingerprint, so each page has made the host
 * prove itself), each page sees the other move; the health endpoint reports the lobby, its
 * tick rate, tick cost and snapshot rate; SIGTERM ends it with both pages told why, exit code 0.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closePlayer, joinByLink, launchChromium, waitIn, walkUntilSeen, withParams } from './browser';
import { startDedicatedHost, type DedicatedProcess } from './dedicated-host-process';

let browser: Browser;
let host: DedicatedProcess | null = null;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await host?.terminate();
  await browser?.close();
});

describe('dedicated host (npm run host)', () => {
  it('two pages join its link, see each other move in a 16-player lobby, and are told why on SIGTERM', async () => {
    const pageUrl = withParams(inject('baseUrl'), { render: '0' });
    host = await startDedicatedHost([
      '--page-url',
      pageUrl,
      '--bots',
      '14',
      '--sv_maxplayers',
      '16',
      '--start-when',
      '2',
    ]);
    // Its link names the lobby key: the pages join only after the host proved it holds it.
    expect(host.link).toMatch(/#join=[a-z2-7]{16}&key=[A-Za-z0-9_-]{43}$/);
    // The link keeps only signaling parameters; the pages skip rendering to spare the shared CPU.
    const link = withParams(host.link.split('#')[0]!, { render: '0' }) + '#' + host.link.split('#')[1];
    const a = await joinByLink(browser, link, 'Ann');
    const b = await joinByLink(browser, link, 'Ben');
    for (const p of [a, b]) {
      // 16 players in the match: the 14 bots (marked as bots in the match block) and the two pages.
      await waitIn(
        p,
        () =>
          window.rewind.phase === 'match' &&
          window.rewind.players().length === 2 &&
          window.rewind.view()?.match?.ranking.filter((r) => r.bot).length === 14 &&
          window.rewind.view()?.match?.ranking.length === 16,
        undefined,
        30_000,
      ).catch(async (err: Error) => {
        const state = await p.evaluate(
          () =>
            `phase ${window.rewind.phase}, ${window.rewind.players().length} in the lobby list, ${window.rewind.view()?.match?.ranking.length ?? 0} in the match, last error ${window.rewind.lastError ?? 'none'}`,
        );
        throw new Error(`${err.message}\n${state}\nhost output:\n${host?.output() ?? ''}`);
      });
    }
    // No player of its own: the lobby lists the two pages, none of them the host (bots are not lobby members).
    expect(await a.evaluate(() => window.rewind.players().filter((p) => p.isHost).length)).toBe(0);
    expect(await walkUntilSeen(a, b, 60)).toBeGreaterThan(60);
    expect(await walkUntilSeen(b, a, 60)).toBeGreaterThan(60);

    const res = await fetch(host.healthUrl);
    const health = (await res.json()) as {
      ok: boolean;
      lobby: { players: number; humans: number; bots: number; started: boolean };
      match: { phase: string | null };
      tickrate: number;
      ticksPerSecond: number | null;
      tickCostUs: { p50: number; p99: number } | null;
      snapshotsPerSecond: number | null;
      bytesOutPerSecond: number | null;
      ticksSkipped: number;
    };
    console.log(
      `dedicated host, 16 players (14 bots + 2 pages): ${JSON.stringify({ ticksPerSecond: health.ticksPerSecond, tickCostUs: health.tickCostUs, snapshotsPerSecond: health.snapshotsPerSecond, bytesOutPerSecond: health.bytesOutPerSecond, ticksSkipped: health.ticksSkipped })}`,
    );
    expect(health.lobby).toMatchObject({ players: 16, humans: 2, bots: 14, started: true });
    // The match left free play: the default rules' warm-up or live phase.
    expect(['warmup', 'live']).toContain(health.match.phase);
    expect(health.tickrate).toBe(60);
    expect(health.tickCostUs?.p99).toBeGreaterThan(0);
    expect(health.snapshotsPerSecond).toBeGreaterThan(0);
    expect(host.output()).toMatch(/join: "Ann"/);
    expect(host.output()).toMatch(/join: "Ben"/);

    const code = await host.terminate();
    const told = 'The server shut down. The server was stopped by its operator (SIGTERM).';
    for (const p of [a, b]) {
      await waitIn(p, () => window.rewind.phase === 'ended', undefined, 10_000);
      expect(await p.textContent('#error-message')).toBe(told);
    }
    expect(code).toBe(0);
    expect(host.output()).toMatch(/kicked \(shutdown: /);
    host = null;
    await closePlayer(a);
    await closePlayer(b);
  });
});
