/**
 * One client driver, when the renderer stops drawing: a joiner's page reports itself hidden (as a
 * background tab does), so kaboom runs no frame and the renderer no longer drives the client. The
 * page's own loop must stand in (ClientSession.idleFrame, after 200 ms without a renderer frame):
 * commands keep reaching the host, so a scripted walk is seen there while the joiner's frame
 * counter stands still. Shown again, the renderer draws and drives once more.
 * Headless Chromium keeps firing animation frames for a page that only reports itself hidden; a
 * real background tab has only the loop's 50 ms timer (throttled by the browser): either way the
 * same stand-in runs.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, seenPosition } from './browser';
import { freeRun, ownPosition, startMatch, waitForLive, type Match } from './game-match';

function frames(page: Page): Promise<number> {
  return page.evaluate(() => window.rewindGame?.info().frames ?? -1);
}

function commandTick(page: Page): Promise<number> {
  return page.evaluate(() => window.rewind.view()?.stats.commandTick ?? -1);
}

function setHidden(page: Page, hidden: boolean): Promise<void> {
  return page.evaluate((h) => {
    if (h) Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    else delete (document as unknown as { visibilityState?: string }).visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

describe('a joiner whose renderer stops drawing (hidden page)', () => {
  let browser: Browser;
  let match: Match;

  beforeAll(async () => {
    browser = await launchChromium();
    match = await startMatch(browser, inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('goes on sending commands from the page loop: the host sees it walk while no frame is drawn', async () => {
    const { host, joiner, joinerId } = match;
    await waitForLive(joiner, 30_000);
    const from = await ownPosition(joiner);
    if (!from) throw new Error('the joiner has no player');
    // The axis with the most room, so the walk is not stopped by a wall.
    const dirs = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const;
    const [dx, dy] = [...dirs].sort((a, b) => freeRun(from, b[0], b[1]) - freeRun(from, a[0], a[1]))[0]!;
    // The host's view of the joiner first catches up with where the joiner is (the match going live
    // respawns everyone: a teleport the host draws ~100 ms later must not pass for the walk).
    await host.waitForFunction(
      ({ id, x, y }) => {
        const p = window.rewind.view()?.remotes.find((r) => r.id === id);
        return !!p && Math.hypot(p.x - x, p.y - y) < 20;
      },
      { id: joinerId, x: from.x, y: from.y },
      { timeout: 10_000, polling: 100 },
    );
    await setHidden(joiner, true);
    await joiner.waitForTimeout(500);
    const stoppedAt = await frames(joiner);
    const tick0 = await commandTick(joiner);
    const seen0 = await seenPosition(host, joinerId);
    if (!seen0) throw new Error('the host does not see the joiner');
    await joiner.evaluate(([x, y]) => window.rewind.input({ moveX: 127 * x, moveY: 127 * y, ms: 1500 }), [
      dx,
      dy,
    ] as const);
    // Commands go on while nothing is drawn (about one per tick)...
    await joiner.waitForFunction((t) => (window.rewind.view()?.stats.commandTick ?? 0) > t + 30, tick0, {
      timeout: 10_000,
      polling: 100,
    });
    // ...and they are the walk: the host sees the joiner go that way.
    await host.waitForFunction(
      ({ id, x, y, dx, dy }) => {
        const p = window.rewind.view()?.remotes.find((r) => r.id === id);
        return !!p && (p.x - x) * dx + (p.y - y) * dy > 60;
      },
      { id: joinerId, x: seen0.x, y: seen0.y, dx, dy },
      { timeout: 10_000, polling: 100 },
    );
    const tick1 = await commandTick(joiner);
    const framesHidden = (await frames(joiner)) - stoppedAt;
    console.log(`hidden joiner: renderer frames while hidden ${framesHidden}, command ticks issued ${tick1 - tick0}`);
    expect(framesHidden).toBe(0);
    expect(tick1 - tick0).toBeGreaterThan(30);
    await setHidden(joiner, false);
    await joiner.waitForFunction((f) => (window.rewindGame?.info().frames ?? 0) > f + 10, stoppedAt, {
      timeout: 10_000,
    });
    const tick2 = await commandTick(joiner);
    await joiner.waitForFunction((t) => (window.rewind.view()?.stats.commandTick ?? 0) > t + 10, tick2, {
      timeout: 10_000,
    });
  });
});
