/**
 * One player's page, whichever library drives its browser: Playwright for Chromium (browser.ts),
 * puppeteer-core over WebDriver BiDi for Firefox (firefox.ts). The cross-browser tests and the
 * shared helpers below (create a lobby, join by link, where a player is seen, walk until seen) are
 * written once against this, so a Firefox page is driven exactly as a Chromium one: through the
 * real UI and `window.rewind` (docs/DEBUG-API.md). Waits poll; their timeout is the assertion.
 */
import type { Page } from 'playwright-core';

export interface PlayerPage {
  readonly browserName: 'chromium' | 'firefox';
  /** Runs `fn(arg)` in the page and returns its (serializable) result. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Waits until `predicate(arg)` is true in the page, polling every 100 ms. */
  waitIn<A>(predicate: (arg: A) => boolean, arg: A, timeout?: number): Promise<void>;
  /** Replaces the value of the input `selector` by typing `text`. */
  fill(selector: string, text: string): Promise<void>;
  click(selector: string): Promise<void>;
  /** The text of the element `selector` (null when there is none). */
  text(selector: string): Promise<string | null>;
  close(): Promise<void>;
}

/** A Playwright (Chromium) page as a PlayerPage; closing it closes its context. */
export function fromPlaywright(page: Page): PlayerPage {
  type Fn = Parameters<Page['evaluate']>[0];
  return {
    browserName: 'chromium',
    evaluate: <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) => page.evaluate(fn as unknown as Fn, arg) as Promise<R>,
    waitIn: async (predicate, arg, timeout = 15_000) => {
      await page.waitForFunction(predicate as Parameters<Page['waitForFunction']>[0], arg, { timeout, polling: 100 });
    },
    fill: (selector, text) => page.fill(selector, text),
    click: (selector) => page.click(selector),
    text: (selector) => page.textContent(selector, { timeout: 5000 }).catch(() => null),
    close: () => page.context().close(),
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Fills the start screen and creates a lobby; returns the link to send to friends. */
export async function createLobbyOn(page: PlayerPage, name: string): Promise<string> {
  await page.fill('#name', name);
  await page.click('#create');
  await page.waitIn(() => window.rewind.phase === 'lobby', undefined, 20_000);
  const link = await page.evaluate(() => window.rewind.link, undefined);
  if (!link) throw new Error('no lobby link');
  return link;
}

/** Submits the join form of a page opened on a lobby link; resolves with the ms until the attempt settled. */
export async function joinOn(page: PlayerPage, name: string): Promise<number> {
  await page.fill('#name', name);
  const since = Date.now();
  await page.click('#join');
  await page.waitIn(
    () => window.rewind.phase === 'lobby' || window.rewind.phase === 'match' || window.rewind.phase === 'ended',
    undefined,
    30_000,
  );
  return Date.now() - since;
}

export function localIdOf(page: PlayerPage): Promise<number> {
  return page.evaluate(() => window.rewind.localId ?? -1, undefined);
}

/** Position of player `id` as this page sees it (its own predicted player, or an interpolated remote). */
export function seenPositionOn(page: PlayerPage, id: number): Promise<{ x: number; y: number } | null> {
  return page.evaluate((pid) => {
    const v = window.rewind.view();
    if (!v) return null;
    if (v.local && v.localId === pid) return { x: v.local.state.x, y: v.local.state.y };
    const r = v.remotes.find((p) => p.id === pid);
    return r ? { x: r.x, y: r.y } : null;
  }, id);
}

/**
 * Walks `mover` round a square (400 ms per side) until `viewer` has drawn it more than `distance`
 * units from where it first saw it, for at most 30 sides (12 s), and returns the largest distance
 * seen. The budget is generous on purpose: on a loaded machine a host's tick can stall for most of a
 * second (up to ~770 ms between snapshots measured) and the viewer's interpolation delay then grows
 * towards its 500 ms cap, so a single lap can pass before the viewer draws any of it.
 */
export async function walkUntilSeenOn(mover: PlayerPage, viewer: PlayerPage, distance: number): Promise<number> {
  const id = await localIdOf(mover);
  await viewer.waitIn((who) => window.rewind.view()?.remotes.some((p) => p.id === who) ?? false, id, 20_000);
  const start = await seenPositionOn(viewer, id);
  let farthest = 0;
  const sides = [
    [127, 0],
    [0, 127],
    [-127, 0],
    [0, -127],
  ] as const;
  for (let side = 0; side < 30 && start && farthest <= distance; side++) {
    const [moveX, moveY] = sides[side % sides.length]!;
    await mover.evaluate((spec) => window.rewind.input(spec), { moveX, moveY, ms: 400 });
    await sleep(400);
    const now = await seenPositionOn(viewer, id);
    if (now) farthest = Math.max(farthest, Math.hypot(now.x - start.x, now.y - start.y));
  }
  return farthest;
}
