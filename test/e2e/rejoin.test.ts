/**
 * Rejoin in real Chromium over real WebRTC (issue 13): a joiner scores in a running match, then
 * reloads its page. Without typing anything it is back in the same match, on the same player id,
 * under the same name, with its score; the host's lobby lists it once. Its seat key pair (session
 * storage) signs a proof for the new connection, which is what the host recognises; the password is
 * not asked again.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closePlayer, createLobby, joinByLink, launchChromium, openPlayer, waitIn, withParams } from './browser';
import { ownPosition, walkTo } from './game-match';
import { DEFAULT_MAP } from '../../src/sim/map';

let browser: Browser;
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const p of pages) await closePlayer(p).catch(() => undefined);
  await browser?.close();
});

/** This page's score as its own match view ranks it (null before the first snapshot with the match). */
function ownScore(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const v = window.rewind.view();
    return v?.match?.ranking.find((r) => r.id === window.rewind.localId)?.score ?? null;
  });
}

describe('rejoin', () => {
  it('a joiner that reloads mid-match is back in its seat with its name and score, typing nothing', async () => {
    const host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
    pages.push(host);
    const link = withParams(await createLobby(host, 'Hostess', { password: 'pw' }), { render: '0' });
    const joiner = await joinByLink(browser, link, 'Returner', 'pw');
    pages.push(joiner);
    expect(await joiner.evaluate(() => window.rewind.phase)).toBe('lobby');
    await host.fill('#frag-limit', '50');
    await host.fill('#time-limit', '0');
    await host.evaluate(() => document.getElementById('start-match')!.click());
    await waitIn(
      joiner,
      () => window.rewind.phase === 'match' && window.rewind.view()?.match?.phase === 2,
      undefined,
      30_000,
    );
    const hostId = await host.evaluate(() => window.rewind.localId!);
    const id = await joiner.evaluate(() => window.rewind.localId!);

    // The host stands still; the joiner walks (around the walls) next to it and fires until it has
    // scored, from another side each round in case a wall stands between them.
    const centre = { x: DEFAULT_MAP.width / 2, y: DEFAULT_MAP.height / 2 };
    for (let round = 0; round < 12 && ((await ownScore(joiner)) ?? 0) < 1; round++) {
      const at = await ownPosition(host);
      if (at) {
        const side = Math.atan2(centre.y - at.y, centre.x - at.x) + (round * Math.PI) / 2;
        await walkTo(joiner, at.x + Math.cos(side) * 140, at.y + Math.sin(side) * 140, 10_000).catch(() => Infinity);
      }
      await joiner.evaluate((target) => window.rewind.input({ aimAt: target, fire: true, ms: 2500 }), hostId);
      await joiner.waitForTimeout(2500);
    }
    const score = (await ownScore(joiner)) ?? 0;
    expect(score).toBeGreaterThanOrEqual(1);

    const reloadedAt = Date.now();
    await joiner.reload();
    await joiner.waitForFunction(() => 'rewind' in window);
    // No form filled, no button clicked: the page joins by itself and enters the running match.
    await waitIn(
      joiner,
      () => window.rewind.phase === 'match' && (window.rewind.view()?.match?.ranking.length ?? 0) > 0,
      undefined,
      30_000,
    );
    const backInMs = Date.now() - reloadedAt;
    expect(await joiner.evaluate(() => window.rewind.localId)).toBe(id);
    const after = await ownScore(joiner);
    console.log(
      `rejoin: player ${id} scored ${score} before the reload, ${after} after; back in the match ${backInMs} ms after the reload began`,
    );
    expect(after).toBeGreaterThanOrEqual(score);
    await waitIn(host, (who) => window.rewind.players().some((p) => p.id === who), id);
    const listed = await host.evaluate(() => window.rewind.players().map((p) => p.name));
    expect(listed.filter((n) => n === 'Returner')).toHaveLength(1);
    expect(listed).toHaveLength(2);
    expect(
      await host.evaluate((who) => window.rewind.view()?.match?.ranking.find((r) => r.id === who)?.score, id),
    ).toBeGreaterThanOrEqual(score);

    // Leaving on purpose ends the seat's automatic return: a reload then shows the join form.
    await joiner.evaluate(() => window.rewind.leave());
    await waitIn(joiner, () => window.rewind.phase === 'start', undefined);
    await joiner.reload();
    await joiner.waitForFunction(() => 'rewind' in window);
    await joiner.waitForTimeout(1000);
    expect(await joiner.evaluate(() => window.rewind.phase)).toBe('start');
  });
});
