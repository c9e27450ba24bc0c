/**
 * Helpers for the game e2e tests (test/e2e/game-*.test.ts): start a two-player match over real
 * WebRTC through the real UI (browser.ts), steer both players into view of each other, and read
 * the renderer through `window.rewindGame` (src/game/debug-api.ts) next to `window.rewind`.
 * Waits poll with generous timeouts instead of sleeping fixed times where they can.
 */
import type { Browser, Page } from 'playwright-core';
import type { GameDebugApi } from '../../src/game/debug-api';
import { createLobby, joinByLink, openPlayer } from './browser';

declare global {
  interface Window {
    rewindGame?: GameDebugApi;
  }
}

export interface Match {
  host: Page;
  joiner: Page;
  hostId: number;
  joinerId: number;
}

/** Adds a query string to a URL that may carry a `#join=` hash. */
export function withQuery(url: string, query: string): string {
  if (!query) return url;
  const [base = '', hash] = url.split('#');
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}${query}${hash !== undefined ? `#${hash}` : ''}`;
}

export async function waitForGame(page: Page): Promise<void> {
  await page.waitForFunction(() => window.rewind.phase === 'match', undefined, { timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const g = window.rewindGame;
      const info = g?.info();
      return !!info && info.frames > 5 && info.local !== null && info.remotes.length >= 1;
    },
    undefined,
    { timeout: 30_000 },
  );
}

export async function startMatch(browser: Browser, baseUrl: string, query = ''): Promise<Match> {
  const host = await openPlayer(browser, withQuery(baseUrl, query));
  const link = await createLobby(host, 'Alice');
  const joiner = await joinByLink(browser, withQuery(link, query), 'Bob');
  await host.evaluate(() => window.rewind.startMatch());
  await Promise.all([waitForGame(host), waitForGame(joiner)]);
  const hostId = await host.evaluate(() => window.rewind.localId ?? -1);
  const joinerId = await joiner.evaluate(() => window.rewind.localId ?? -1);
  return { host, joiner, hostId, joinerId };
}

export function ownPosition(page: Page): Promise<{ x: number; y: number } | null> {
  return page.evaluate(() => {
    const l = window.rewind.view()?.local;
    return l ? { x: l.state.x, y: l.state.y } : null;
  });
}

/**
 * Walks the player toward (tx, ty) in short scripted steps, sliding along walls; when a step makes
 * no progress it tries one axis at a time. Resolves with the distance left.
 */
export async function walkTo(page: Page, tx: number, ty: number, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let stuck = 0;
  for (;;) {
    const p = await ownPosition(page);
    if (!p) throw new Error('no local player');
    const dx = tx - p.x;
    const dy = ty - p.y;
    const dist = Math.hypot(dx, dy);
    if (dist < 24 || Date.now() > deadline) return dist;
    const scale = 127 / Math.max(Math.abs(dx), Math.abs(dy));
    const axis = stuck % 3;
    const moveX = axis === 2 ? 0 : Math.round(dx * scale);
    const moveY = axis === 1 ? 0 : Math.round(dy * scale);
    const ms = Math.min(250, (dist / 260) * 1000);
    await page.evaluate((spec) => window.rewind.input(spec), { moveX, moveY, ms });
    await page.waitForTimeout(ms + 60);
    const after = await ownPosition(page);
    stuck = after && Math.hypot(after.x - p.x, after.y - p.y) < 4 ? stuck + 1 : 0;
  }
}

/** Two open spots in the default arena with a clear line between them (y = 330, x 700 and 900). */
export const MEETING = { host: { x: 700, y: 330 }, joiner: { x: 900, y: 330 } } as const;

export async function meet(m: Match): Promise<void> {
  await Promise.all([walkTo(m.host, MEETING.host.x, MEETING.host.y), walkTo(m.joiner, MEETING.joiner.x, MEETING.joiner.y)]);
}

/** Pixel colour near enough (antialiasing, blending) to an expected RGB. */
export function near(px: readonly number[] | null, rgb: readonly number[], tolerance = 10): boolean {
  if (!px) return false;
  return [0, 1, 2].every((i) => Math.abs((px[i] ?? -999) - (rgb[i] ?? 999)) <= tolerance);
}
