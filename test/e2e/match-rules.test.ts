/**
 * Match rules in real Chromium over real WebRTC (issue 12): three pages, the host picks plaza, a
 * frag limit of 2 and adds three server-side bots in the lobby; the match runs to its frag limit
 * (the bots do the fragging) and all three pages show the same end screen with the same ranking
 * and awards; the host then picks team deathmatch on bastion on the end screen and the next match
 * starts on the new map for everyone.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLobby, joinByLink, launchChromium, openPlayer, waitIn } from './browser';
import { withQuery } from './game-match';

let browser: Browser;
let pages: Page[] = [];

const endScreenShown = (): boolean => {
  const el = document.getElementById('end-screen');
  return !!el && el.style.display !== 'none' && document.querySelectorAll('#end-ranking li').length > 0;
};

function endScreen(page: Page): Promise<{ winner: string; ranking: string[]; awards: string[] }> {
  return page.evaluate(() => ({
    winner: document.getElementById('end-winner')?.textContent ?? '',
    ranking: [...document.querySelectorAll('#end-ranking li')].map((li) => li.textContent ?? ''),
    awards: [...document.querySelectorAll('#end-awards li')].map((li) => li.textContent ?? ''),
  }));
}

beforeAll(async () => {
  browser = await launchChromium();
  const host = await openPlayer(browser, withQuery(inject('baseUrl'), 'density=0.5'));
  const link = await createLobby(host, 'Alice', { maxPlayers: 8 });
  const bob = await joinByLink(browser, withQuery(link, 'density=0.5'), 'Bob');
  const cat = await joinByLink(browser, withQuery(link, 'density=0.5'), 'Cat');
  pages = [host, bob, cat];
});

afterAll(async () => {
  await browser?.close();
});

describe('a match with rules, three pages', () => {
  it('the host picks map, frag limit and bots; the match ends at the frag limit with the same end screen on every page', async () => {
    const [host] = pages as [Page];
    await waitIn(host, () => window.rewind.players().length === 3, undefined);
    await host.selectOption('#match-map', { label: 'plaza' });
    await host.fill('#frag-limit', '2');
    await host.fill('#time-limit', '0');
    for (let i = 0; i < 3; i++) await host.click('#add-bot');
    await host.waitForFunction(() => document.getElementById('bot-count')?.textContent === 'Bots: 3');
    // A DOM click: the page is busy mounting the game right after it, and Playwright's click would wait on it.
    await host.evaluate(() => document.getElementById('start-match')!.click());
    for (const p of pages) await waitIn(p, () => window.rewind.phase === 'match', undefined, 30_000);
    for (const p of pages) await waitIn(p, () => window.rewind.view()?.match?.mapId === 1 && window.rewind.view()?.match?.fragLimit === 2, undefined, 30_000);
    for (const p of pages) await waitIn(p, endScreenShown, undefined, 240_000);
    const screens = await Promise.all(pages.map(endScreen));
    expect(screens[0]!.ranking).toHaveLength(6);
    expect(screens[0]!.ranking[0]).toMatch(/ 2 \(/);
    for (const s of screens.slice(1)) expect(s).toEqual(screens[0]);
    // The same frozen results as the match block says, on every page.
    const results = await Promise.all(pages.map((p) => p.evaluate(() => window.rewind.view()?.match?.results ?? null)));
    expect(results[0]).not.toBeNull();
    for (const r of results.slice(1)) expect(r).toEqual(results[0]);
    // Only the host gets the controls; the others wait for it.
    expect(await host.isVisible('#next-match')).toBe(true);
    for (const p of pages.slice(1)) expect(await p.isVisible('#end-waiting')).toBe(true);
  }, 360_000);

  it('the host changes mode and map on the end screen; the next match starts on the new map for everyone', async () => {
    const [host] = pages as [Page];
    await host.selectOption('#match-mode', { label: 'Team deathmatch' });
    await host.selectOption('#match-map', { label: 'bastion' });
    await host.fill('#frag-limit', '50');
    await host.fill('#time-limit', '10');
    await host.evaluate(() => document.getElementById('next-match')!.click());
    for (const p of pages) {
      await waitIn(p, () => {
        const m = window.rewind.view()?.match;
        return !!m && m.mapId === 3 && m.mode === 1 && m.phase !== 3 && m.results === null;
      }, undefined, 30_000);
      await waitIn(p, () => document.getElementById('end-screen')?.style.display === 'none', undefined, 10_000);
    }
    // Everyone is on bastion's floor: each page's own player stands inside the new map.
    for (const p of pages) {
      await waitIn(p, () => {
        const v = window.rewind.view();
        const m = v?.match;
        return !!v?.local && !!m && v.local.state.x <= m.map.width && v.local.state.y <= m.map.height && m.myTeam !== 0;
      }, undefined, 15_000);
    }
  }, 120_000);
});
