/**
 * The acceptance over real WebRTC in real Chromium: lobby of three, channel options,
 * movement seen everywhere, tick rate in the worker, refusals (password, full), kick, a closed
 * joiner removed, and prediction + lag compensation with net_fakelag=100 on a joiner.
 * Pages run with `render=0` (no canvas): this file checks the netcode through `window.rewind`;
 * rendering has its own e2e tests (test/e2e/game-*.test.ts).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_MAP } from '../../src/sim/map';
import {
  closePlayer,
  createLobby,
  joinByLink,
  launchChromium,
  openPlayer,
  playerCount,
  seenPosition,
  waitIn,
  withParams,
} from './browser';
import { walkTo } from './game-match';

const PASSWORD = 'hunter2';
/** Two open spots of the default arena with a clear line of fire between them. */
const MEETING = { shooter: { x: 700, y: 330 }, target: { x: 900, y: 330 } } as const;
let browser: Browser;
let host: Page;
let j1: Page;
let j2: Page;
let link: string;
const extras: Page[] = [];

const idOf = (p: Page): Promise<number> => p.evaluate(() => window.rewind.localId ?? -1);

beforeAll(async () => {
  browser = await launchChromium();
  host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
  link = withParams(await createLobby(host, 'Hostess', { password: PASSWORD }), { render: '0' });
  // Jo plays with 100 ms of fake lag each way from the start (see the last test).
  j1 = await joinByLink(browser, withParams(link, { net_fakelag: '100' }), 'Jo', PASSWORD);
  j2 = await joinByLink(browser, link, 'Kim', PASSWORD);
});

afterAll(async () => {
  await browser?.close();
});

describe('a lobby over real WebRTC', () => {
  it('lists the same three players on all three pages', async () => {
    for (const p of [host, j1, j2]) await waitIn(p, () => window.rewind.players().length === 3, undefined);
    const names = await host.evaluate(() =>
      window.rewind
        .players()
        .map((p) => p.name)
        .sort(),
    );
    expect(names).toEqual(['Hostess', 'Jo', 'Kim']);
    expect(
      await j2.evaluate(() =>
        window.rewind
          .players()
          .map((p) => p.name)
          .sort(),
      ),
    ).toEqual(names);
  });

  it('carries commands and snapshots on unordered channels with no retransmits', async () => {
    for (const p of [j1, j2]) {
      const chans = await p.evaluate(() => window.rewind.channels());
      const unreliable = chans.filter((c) => c.role === 'unreliable');
      expect(unreliable).toHaveLength(1);
      expect(unreliable[0]).toMatchObject({ ordered: false, maxRetransmits: 0, state: 'open' });
      expect(unreliable[0]!.packetsIn).toBeGreaterThan(0);
      expect(chans.find((c) => c.role === 'reliable')).toMatchObject({ ordered: true, maxRetransmits: null });
    }
    const onHost = await host.evaluate(() => window.rewind.channels().filter((c) => c.role === 'unreliable'));
    expect(onHost).toHaveLength(2);
    for (const c of onHost) expect(c).toMatchObject({ ordered: false, maxRetransmits: 0 });
    // Chromium transfers DataChannels: the server worker holds every joiner's unreliable channel,
    // and its traffic (counted there, reported each second) shows on the host.
    for (const c of onHost) expect(c.handledIn).toBe('worker');
    await waitIn(
      host,
      () =>
        window.rewind
          .channels()
          .filter((c) => c.role === 'unreliable')
          .every((c) => c.packetsIn > 0 && c.packetsOut > 0),
      undefined,
      5000,
    );
  });

  it("shows a joiner's movement on the host and on the other joiner", async () => {
    const mover = await idOf(j1);
    for (const p of [host, j2])
      await waitIn(p, (id) => !!window.rewind.view()?.remotes.some((r) => r.id === id), mover);
    const start = (await seenPosition(j1, mover))!;
    const before = { host: (await seenPosition(host, mover))!, j2: (await seenPosition(j2, mover))! };
    const moveX = start.x < DEFAULT_MAP.width / 2 ? 127 : -127;
    const moveY = start.y < DEFAULT_MAP.height / 2 ? 127 : -127;
    await j1.evaluate((m) => window.rewind.input({ moveX: m.moveX, moveY: m.moveY, ms: 800 }), { moveX, moveY });
    const moved = (p: Page, from: { x: number; y: number }): Promise<void> =>
      waitIn(
        p,
        (a) => {
          const v = window.rewind.view();
          const r = v?.remotes.find((q) => q.id === a.id);
          return !!r && Math.hypot(r.x - a.from.x, r.y - a.from.y) > 40;
        },
        { id: mover, from },
        10_000,
      );
    await Promise.all([moved(host, before.host), moved(j2, before.j2)]);
  });

  it('keeps the worker ticking at its rate in the browser', async () => {
    // Ticks of the snapshots reaching the host's own client (loopback) over 5 s: counts, not timings.
    const rate = await host.evaluate(async () => {
      const t0 = performance.now();
      await new Promise<void>((resolve) => {
        const check = (): void => (performance.now() - t0 >= 5000 ? resolve() : void setTimeout(check, 100));
        check();
      });
      const list = window.rewind.arrivals().list.filter((a) => a.atMs >= t0);
      const first = list[0]!;
      const last = list[list.length - 1]!;
      return ((last.tick - first.tick) * 1000) / (last.atMs - first.atMs);
    });
    const tickrate = await host.evaluate(() => window.rewind.cvars()?.sv_tickrate ?? 0);
    console.log(`worker tick rate measured over 5 s: ${rate.toFixed(1)} ticks/s (sv_tickrate ${tickrate})`);
    expect(rate).toBeGreaterThan(tickrate * 0.85);
    expect(rate).toBeLessThan(tickrate * 1.15);
  });

  it('predicts at once and lag-compensates a shot with net_fakelag=100 on a joiner', async () => {
    await host.evaluate(() => window.rewind.startMatch());
    for (const p of [j1, j2]) await waitIn(p, () => window.rewind.phase === 'match', undefined);
    expect(await j1.evaluate(() => window.rewind.cvars()?.net_fakelag)).toBe(100);
    await waitIn(j1, () => (window.rewind.view()?.stats.pingMs ?? 0) > 180, undefined, 10_000);
    // Prediction: the joiner's own player moves within a few frames, far less than one round trip (> 200 ms).
    const frames = await j1.evaluate(async () => {
      const x0 = window.rewind.view()!.local!.state.x;
      window.rewind.input({ moveX: x0 < 800 ? 127 : -127, ms: 300 });
      for (let f = 1; f <= 60; f++) {
        await new Promise((r) => requestAnimationFrame(r));
        if (window.rewind.view()!.local!.state.x !== x0) return f;
      }
      return 99;
    });
    expect(frames).toBeLessThanOrEqual(3);
    // Lag compensation: meet on a clear line, then shoot by eye at a target strafing across it.
    const shooter = await idOf(j1);
    const target = await idOf(j2);
    const confirmedHits = (): Promise<number> =>
      j1.evaluate(
        (ids) =>
          window.rewind
            .events()
            .filter(
              (e) => !e.predicted && e.event.type === 'hit' && e.event.shooter === ids.s && e.event.target === ids.t,
            ).length,
        { s: shooter, t: target },
      );
    let hits = 0;
    let attempts = 0;
    const left: number[] = [];
    while (hits === 0 && attempts < 3) {
      attempts += 1;
      left.push(
        ...(await Promise.all([
          walkTo(j1, MEETING.shooter.x, MEETING.shooter.y, 20_000),
          walkTo(j2, MEETING.target.x, MEETING.target.y, 20_000),
        ])),
      );
      await waitIn(j1, (t) => !!window.rewind.view()?.remotes.some((r) => r.id === t && r.alive), target, 8000);
      await j1.evaluate((id) => window.rewind.input({ aimAt: id, fire: true, ms: 2400 }), target);
      for (let leg = 0; leg < 6; leg++) {
        await j2.evaluate((dir) => window.rewind.input({ moveY: dir * 127, ms: 400 }), leg % 2 === 0 ? -1 : 1);
        await j2.waitForTimeout(400);
      }
      // Confirmation comes a round trip (and the interpolation delay) after the last shot.
      await j1
        .waitForFunction(
          (ids) =>
            window.rewind
              .events()
              .some(
                (e) => !e.predicted && e.event.type === 'hit' && e.event.shooter === ids.s && e.event.target === ids.t,
              ),
          { s: shooter, t: target },
          { timeout: 3000, polling: 100 },
        )
        .catch(() => undefined);
      hits = await confirmedHits();
    }
    const fired = await j1.evaluate(
      () => window.rewind.events().filter((e) => e.predicted && e.event.type === 'fired').length,
    );
    console.log(
      `lag compensation over WebRTC at net_fakelag=100: ${hits} confirmed hits of ${fired} shots at a strafing target (${attempts} attempt(s), distance left after walking: ${left.map((d) => d.toFixed(0)).join(', ')})`,
    );
    if (hits === 0) {
      const loop = await host.evaluate(() => (window.rewind.serverStats() as { loop?: unknown } | null)?.loop ?? null);
      console.log(
        'server tick loop:',
        JSON.stringify(loop),
        'client view:',
        JSON.stringify(await j1.evaluate(() => window.rewind.view()?.stats)),
      );
      const clients = await host.evaluate(
        () => (window.rewind.serverStats() as { clients?: Array<Record<string, unknown>> } | null)?.clients ?? [],
      );
      console.log(
        'server view of the clients:',
        JSON.stringify(
          clients.map(
            ({ clientId, commandsAccepted, repeats, staleDrops, futureRejects, bufferDepth, rttMs, lastRewind }) => ({
              clientId,
              commandsAccepted,
              repeats,
              staleDrops,
              futureRejects,
              bufferDepth,
              rttMs,
              lastRewind,
            }),
          ),
        ),
      );
    }
    expect(hits).toBeGreaterThan(0);
    const rewind = await host.evaluate((s) => {
      const st = window.rewind.serverStats() as {
        clients?: Array<{ clientId: number; lastRewind?: { lagCompensated?: boolean } | null }>;
      } | null;
      return st?.clients?.find((c) => c.clientId === s)?.lastRewind ?? null;
    }, shooter);
    if (rewind) expect(rewind.lagCompensated).toBe(true);
  });

  it('refuses a wrong password with a clear message', async () => {
    const p = await joinByLink(browser, link, 'Mallory', 'letmein');
    expect(await p.evaluate(() => window.rewind.phase)).toBe('ended');
    expect(await p.textContent('#error-message')).toMatch(/Wrong password/);
    await closePlayer(p);
  });

  it('refuses a ninth player with "lobby full"', async () => {
    extras.push(...(await Promise.all([4, 5, 6, 7, 8].map((i) => joinByLink(browser, link, `P${i}`, PASSWORD)))));
    await waitIn(host, () => window.rewind.players().length === 8, undefined).catch(async (err: Error) => {
      // Say how each joiner ended up (a busy door, a handshake timeout under load...) and what the host's door counted.
      const states = await Promise.all(
        extras.map((p) => p.evaluate(() => `${window.rewind.phase}: ${window.rewind.lastError ?? 'no error'}`)),
      );
      const door = await host.evaluate(() => JSON.stringify(window.rewind.stats().host));
      throw new Error(`${err.message}\njoiners: ${states.join(' | ')}\nhost door: ${door}`);
    });
    const ninth = await joinByLink(browser, link, 'Nine', PASSWORD);
    expect(await ninth.evaluate(() => window.rewind.lastError)).toMatch(/lobby is full/i);
    expect(await playerCount(host)).toBe(8);
    await closePlayer(ninth);
  });

  it('tells a kicked player why', async () => {
    const victim = extras.pop()!;
    const id = await idOf(victim);
    await host.evaluate((v) => window.rewind.kick(v), id);
    await waitIn(victim, () => window.rewind.phase === 'ended', undefined, 5000);
    expect(await victim.textContent('#error-message')).toMatch(/kicked by the host/);
    await waitIn(host, () => window.rewind.players().length === 7, undefined, 5000);
    await closePlayer(victim);
  });

  it('removes a closed joiner on every other page within 5 s', async () => {
    const leaver = extras.pop()!;
    const id = await idOf(leaver);
    await closePlayer(leaver);
    const gone = (p: Page): Promise<void> =>
      waitIn(p, (v) => !window.rewind.players().some((q) => q.id === v), id, 5000);
    await Promise.all([gone(host), gone(j1), gone(j2)]);
    while (extras.length) await closePlayer(extras.pop()!);
    await waitIn(host, () => window.rewind.players().length === 3, undefined, 5000);
  });
});
