/**
 * Practice from the start screen: one click, no lobby, no network. The page runs the shared sim
 * with bots and the real renderer; leaving returns to the start screen.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPlayer } from './browser';
import { withQuery } from './game-match';

describe('practice mode', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('starts a match against three bots in one click and leaves back to the start screen', async () => {
    const page = await openPlayer(browser, withQuery(inject('baseUrl'), 'density=0.5'));
    await page.click('#practice');
    await page.waitForFunction(() => window.rewind.phase === 'practice', undefined, { timeout: 15_000 });
    await page.waitForFunction(
      () => {
        const info = window.rewindGame?.info();
        return !!info && info.frames > 10 && info.local !== null && info.remotes.length === 3;
      },
      undefined,
      { timeout: 30_000 },
    );
    // The bots move: some remote is drawn somewhere else a moment later.
    const where = () =>
      page.evaluate(() =>
        JSON.stringify(window.rewindGame?.info().remotes.map((r) => [Math.round(r.screenX), Math.round(r.screenY)])),
      );
    const first = await where();
    await page.waitForFunction(
      (f) =>
        JSON.stringify(window.rewindGame?.info().remotes.map((r) => [Math.round(r.screenX), Math.round(r.screenY)])) !==
        f,
      first,
      { timeout: 15_000 },
    );
    await page.evaluate(() => window.rewindGame?.openMenu());
    await page.click('[data-testid="menu-leave"]');
    await page.waitForSelector('#start-screen', { timeout: 15_000 });
    expect(await page.evaluate(() => window.rewind.phase)).toBe('start');
    expect(await page.evaluate(() => window.rewindGame === undefined)).toBe(true);
  });
});
