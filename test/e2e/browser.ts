/**
 * Shared helpers for the e2e tests: one Chromium per test file, one context per player, and
 * the few page actions every scenario needs (create a lobby, join by link), all through the real
 * UI and read back through `window.rewind` (docs/DEBUG-API.md). Waits poll with generous
 * timeouts instead of sleeping. Where a position is seen and walking until seen are written once
 * for every browser in player-page.ts.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { fromPlaywright, seenPositionOn, walkUntilSeenOn } from './player-page';

export const CHROMIUM_ARGS = [
  '--enable-unsafe-swiftshader',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--autoplay-policy=no-user-gesture-required',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh player: its own browser context (no shared storage), console errors collected. */
export async function openPlayer(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 960, height: 640 } });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[page ${url}] ${err.message}`));
  await page.goto(url);
  await page.waitForFunction(() => 'rewind' in window);
  return page;
}

export async function closePlayer(page: Page): Promise<void> {
  await page.context().close();
}

/** Fills the start screen and creates a lobby; returns the link to send to friends. */
export async function createLobby(
  page: Page,
  name: string,
  opts: { password?: string; maxPlayers?: number } = {},
): Promise<string> {
  await page.fill('#name', name);
  if (opts.password) await page.fill('#password', opts.password);
  if (opts.maxPlayers) await page.fill('#max-players', String(opts.maxPlayers));
  await page.click('#create');
  await page.waitForFunction(() => window.rewind.phase === 'lobby', undefined, { timeout: 20_000 });
  const link = await page.evaluate(() => window.rewind.link);
  if (!link) throw new Error('no lobby link');
  return link;
}

/** Opens the link in a new player and submits the join form; waits until the attempt settles. */
export async function joinByLink(browser: Browser, link: string, name: string, password = ''): Promise<Page> {
  const page = await openPlayer(browser, link);
  await page.fill('#name', name);
  if (password) await page.fill('#password', password);
  await page.click('#join');
  await page.waitForFunction(
    () => window.rewind.phase === 'lobby' || window.rewind.phase === 'match' || window.rewind.phase === 'ended',
    undefined,
    { timeout: 30_000 },
  );
  return page;
}

export function playerCount(page: Page): Promise<number> {
  return page.evaluate(() => window.rewind.players().length);
}

/** Position of player `id` as this page sees it (its own predicted player, or an interpolated remote). */
export function seenPosition(page: Page, id: number): Promise<{ x: number; y: number } | null> {
  return seenPositionOn(fromPlaywright(page), id);
}

/** Adds query parameters to a page URL, keeping its hash (e.g. `render=0` on a lobby link). */
export function withParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** Waits until `predicate(arg)` is true in the page; the timeout is the assertion. */
export async function waitIn<A>(page: Page, predicate: (arg: A) => boolean, arg: A, timeout = 15_000): Promise<void> {
  await page.waitForFunction(predicate as Parameters<Page['waitForFunction']>[0], arg, { timeout, polling: 100 });
}

/** Walks `mover` until `viewer` draws it more than `distance` units away (player-page.ts `walkUntilSeenOn`). */
export function walkUntilSeen(mover: Page, viewer: Page, distance: number): Promise<number> {
  return walkUntilSeenOn(fromPlaywright(mover), fromPlaywright(viewer), distance);
}
