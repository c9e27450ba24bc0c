/**
 * Spectators by link (issue 24), acceptance over real WebRTC in real Chromium: a host and a joiner
 * play (render=0: the netcode through `window.rewind`); a third page opens the lobby link mid-match
 * and clicks Watch. It draws the live match (its renderer and the spectator bar), sees both
 * players move, is on nobody's player list or scoreboard (the players' views hold no entity of
 * its id, the lobby list no name of it; it is listed as watching), and the host reports its upload
 * to the spectator (bytes/s, printed). Its chat line reaches every page under its name. It leaves;
 * the match goes on.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLobby, joinByLink, launchChromium, openPlayer, waitIn, withParams } from './browser';

let browser: Browser;
let host: Page;
let jo: Page;
let eve: Page;
let link: string;
const ids: number[] = [];

const idOf = (p: Page): Promise<number> => p.evaluate(() => window.rewind.localId ?? -1);

/** Where the spectator's newest frame has player `id`, or null. */
const seenBy = (p: Page, id: number): Promise<{ x: number; y: number } | null> =>
  p.evaluate((i) => window.rewind.spectating()?.players.find((q) => q.id === i) ?? null, id);

/** Runs back and forth for `ms` (scripted input through the debug API). */
const run = (p: Page, moveX: number, ms: number): Promise<void> =>
  p.evaluate((a) => window.rewind.input({ moveX: a.moveX, moveY: 0, ms: a.ms }), { moveX, ms });

beforeAll(async () => {
  browser = await launchChromium();
  host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
  link = await createLobby(host, 'Hostess');
  jo = await joinByLink(browser, withParams(link, { render: '0' }), 'Jo');
  await waitIn(host, () => window.rewind.players().length === 2, undefined);
  await host.evaluate(() => window.rewind.startMatch());
  for (const p of [host, jo]) await waitIn(p, () => window.rewind.phase === 'match', undefined, 20_000);
  ids.push(await idOf(host), await idOf(jo));
  // Mid-match: the spectator opens the same link (drawing: the renderer is part of watching).
  await Promise.all([run(host, 127, 1500), run(jo, -127, 1500)]);
  eve = await openPlayer(browser, link);
  await eve.fill('#name', 'Eve');
  await eve.click('#watch');
  await waitIn(eve, () => (window.rewind.spectating()?.frames ?? 0) > 10, undefined, 30_000);
});

afterAll(async () => {
  await browser?.close();
});

describe('a spectator by link', () => {
  it('watches: phase "watching", the live match drawn with the spectator bar, no decode failure', async () => {
    expect(await eve.evaluate(() => window.rewind.phase)).toBe('watching');
    expect(await eve.evaluate(() => window.rewind.renderError)).toBeNull();
    expect(await eve.locator('#spectate-bar').isVisible()).toBe(true);
    expect(await eve.locator('#spectate-status').textContent()).toContain('2 players');
    // The drawn time moves on (the renderer runs the live playback).
    const t0 = (await eve.evaluate(() => window.rewind.spectating()!.tick))!;
    await waitIn(eve, (t) => (window.rewind.spectating()?.tick ?? 0) > t + 30, t0);
    expect(await eve.evaluate(() => window.rewind.spectating()!.decodeFailures)).toBe(0);
    // F follows the next camera, and the bar's select says so in the same turn (not a frame later).
    const shown = await eve.evaluate(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'f' }));
      const value = (document.getElementById('spectate-follow') as HTMLSelectElement).value;
      return { followed: window.rewind.spectating()!.followed, value };
    });
    expect(shown.followed).not.toBeNull();
    expect(shown.value).toBe(String(shown.followed));
  });

  it('sees everyone move', async () => {
    const before = await Promise.all(ids.map((id) => seenBy(eve, id)));
    expect(before.every((p) => p !== null)).toBe(true);
    await Promise.all([run(host, -127, 1500), run(jo, 127, 1500)]);
    for (const [k, id] of ids.entries())
      await waitIn(
        eve,
        (a) => {
          const q = window.rewind.spectating()?.players.find((p) => p.id === a.id);
          return !!q && Math.hypot(q.x - a.from.x, q.y - a.from.y) > 60;
        },
        { id, from: before[k]! },
        10_000,
      );
  });

  it('is not a player: not in the world, not on any scoreboard or player list', async () => {
    const me = await eve.evaluate(() => window.rewind.spectating()!.clientId);
    expect(ids).not.toContain(me);
    expect((await eve.evaluate(() => window.rewind.spectating()!.players)).map((p) => p.id).sort()).toEqual(
      [...ids].sort(),
    );
    for (const p of [host, jo]) {
      // The scoreboard's rows are the view's players (remotes and the own one).
      const seen = await p.evaluate(() => window.rewind.view()?.remotes.map((r) => r.id) ?? []);
      expect(seen).not.toContain(me);
      expect((await p.evaluate(() => window.rewind.players().map((q) => q.name))).sort()).toEqual(['Hostess', 'Jo']);
      // …but listed as watching (the 'watchers' message on a joiner, the roster on the host).
      await waitIn(p, (id) => window.rewind.watchers().some((w) => w.id === id && w.name === 'Eve'), me);
    }
  });

  it("reports the host's upload per spectator", async () => {
    // While both players run (a moving world is what costs bytes), over the host's 1 s stats pulls.
    const running = Promise.all([run(host, 127, 3000), run(jo, -127, 3000)]);
    await new Promise((r) => setTimeout(r, 2500));
    await waitIn(host, () => window.rewind.spectators().some((s) => (s.bytesPerSecond ?? 0) > 0), undefined);
    const [report] = await host.evaluate(() => window.rewind.spectators());
    await running;
    console.log(
      `host upload to the spectator: ${report!.bytesPerSecond} B/s (${report!.bytesOut} B so far), 2 players running`,
    );
    expect(report).toMatchObject({ name: 'Eve', id: await eve.evaluate(() => window.rewind.spectating()!.clientId) });
    // Frames at 30/s of two players: some bytes, well under the default rate budget (40,000 B/s).
    expect(report!.bytesPerSecond!).toBeGreaterThan(100);
    expect(report!.bytesPerSecond!).toBeLessThan(40_000);
  });

  it("chats under the lobby's limits: its line reaches every page, under its name", async () => {
    const me = await eve.evaluate(() => window.rewind.spectating()!.clientId);
    await eve.evaluate(() => window.rewind.say('hello from the gallery'));
    for (const p of [host, jo, eve])
      await waitIn(
        p,
        (id) =>
          window.rewind
            .chatLines()
            .some((l) => l.text === 'hello from the gallery' && l.from === id && l.name === 'Eve'),
        me,
      );
  });

  it('leaves: the host drops its session and the match goes on', async () => {
    await eve.click('#spectate-leave');
    await waitIn(eve, () => window.rewind.phase === 'start', undefined);
    await waitIn(host, () => window.rewind.spectators().length === 0, undefined);
    expect(await host.evaluate(() => window.rewind.players().length)).toBe(2);
  });
});
