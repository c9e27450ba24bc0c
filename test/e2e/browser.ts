/**
 * Shared helpers for the e2e tests: one Chromium per test file, one context per player, and
 * the few page actions every scenario needs (create a lobby, join by link), all through the real
 * UI and read back through `window.rewind` (docs/DEBUG-API.md). Waits poll with generous
 * timeouts instead of sleeping.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

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
export async function createLobby(page: Page, name: string, opts: { password?: string; maxPlayers?: number } = {}): Promise<string> {
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
  await page.waitForFunction(() => window.rewind.phase === 'lobby' || window.rewind.phase === 'match' || window.rewind.phase === 'ended', undefined, { timeout: 30_000 });
  return page;
}

export function playerCount(page: Page): Promise<number> {
  return page.evaluate(() => window.rewind.players().length);
}

/** Position of player `id` as this page sees it (its own predicted player, or an interpolated remote). */
export function seenPosition(page: Page, id: number): Promise<{ x: number; y: number } | null> {
  return page.evaluate((pid) => {
    const v = window.rewind.view();
    if (!v) return null;
    if (v.local && v.localId === pid) return { x: v.local.state.x, y: v.local.state.y };
    const r = v.remotes.find((p) => p.id === pid);
    return r ? { x: r.x, y: r.y } : null;
  }, id);
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

/**
 * Walks `mover` round a square (400 ms per side) until `viewer` has drawn it more than `distance`
 * units from where it first saw it, for at most 30 sides (12 s), and returns the largest distance
 * seen. The budget is generous on purpose: on a loaded machine a host's tick can stall for most of a
 * second (up to ~770 ms between snapshots measured) and the viewer's interpolation delay then grows
 * towards its 500 ms cap, so a single lap can pass before the viewer draws any of it.
 */
export async function walkUntilSeen(mover: Page, viewer: Page, distance: number): Promise<number> {
  const id = await mover.evaluate(() => window.rewind.localId ?? -1);
  await waitIn(viewer, (who) => window.rewind.view()?.remotes.some((p) => p.id === who) ?? false, id, 20_000);
  const start = await seenPosition(viewer, id);
  let farthest = 0;
  const sides = [[127, 0], [0, 127], [-127, 0], [0, -127]] as const;
  for (let side = 0; side < 30 && start && farthest <= distance; side++) {
    const [moveX, moveY] = sides[side % sides.length]!;
    await mover.evaluate((spec) => window.rewind.input(spec), { moveX, moveY, ms: 400 });
    await mover.waitForTimeout(400);
    const now = await seenPosition(viewer, id);
    if (now) farthest = Math.max(farthest, Math.hypot(now.x - start.x, now.y - start.y));
  }
  return farthest;
}
