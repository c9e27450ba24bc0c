/**
 * Debian's Firefox ESR for the e2e tests, driven by puppeteer-core over WebDriver BiDi (it never
 * downloads a browser). `launchFirefox()` starts it on its own virtual display (xvfb.ts) with
 * Mesa's software GL, so it has WebGL and draws the game; `{ headless: true }` starts it headless,
 * which here has no WebGL at all (the no-WebGL tests want exactly that). Each player gets its own
 * browser context (no shared storage) in its own window, so every player's page is in front and
 * gets animation frames, as Playwright's pages do. `close()` ends Firefox and then its display.
 *
 * Missing Firefox or Xvfb: `firefoxMissing()` says what is missing; under CI (CI=true) the tests
 * must fail on it, never skip (see `firefoxSuite`).
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startXvfb, XVFB_PATH, type VirtualDisplay } from './xvfb';
import type { PlayerPage } from './player-page';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export interface Firefox {
  browser: Browser;
  /** The virtual display it draws on (null when headless). */
  display: string | null;
  /** How long the launch took, ms (printed by the tests, never asserted). */
  launchMs: number;
  close(): Promise<void>;
}

/** What is missing to run Firefox here (null: nothing); `headless` needs no Xvfb. */
export function firefoxMissing(headless = false): string | null {
  const missing = [FIREFOX_PATH, ...(headless ? [] : [XVFB_PATH])].filter((p) => !existsSync(p));
  return missing.length
    ? `not installed: ${missing.join(', ')} (apt-get install firefox-esr xvfb xauth; FIREFOX_PATH / XVFB_PATH override)`
    : null;
}

/**
 * Whether a Firefox test file should be skipped: only outside CI, and only when Firefox (or Xvfb)
 * is missing, saying so. Under CI a missing browser is a failure (the launch throws).
 */
export function skipFirefox(headless = false): boolean {
  const missing = firefoxMissing(headless);
  if (!missing) return false;
  if (process.env.CI === 'true') return false;
  console.warn(`SKIPPING the Firefox e2e tests: ${missing}`);
  return true;
}

export async function launchFirefox(opts: { headless?: boolean } = {}): Promise<Firefox> {
  const headless = opts.headless ?? false;
  const missing = firefoxMissing(headless);
  if (missing) throw new Error(`Firefox e2e: ${missing}`);
  const since = Date.now();
  const screen: VirtualDisplay | null = headless ? null : await startXvfb();
  const env: Record<string, string | undefined> = { ...process.env, MOZ_HEADLESS: undefined };
  if (screen) Object.assign(env, { DISPLAY: screen.display, LIBGL_ALWAYS_SOFTWARE: '1' });
  try {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless,
      env,
      // Autoplay as Chromium's --autoplay-policy=no-user-gesture-required (the game's sounds).
      extraPrefsFirefox: { 'media.autoplay.default': 0, 'media.autoplay.blocking_policy': 0 },
    });
    return {
      browser,
      display: screen?.display ?? null,
      launchMs: Date.now() - since,
      async close() {
        await browser.close().catch(() => undefined);
        await screen?.stop();
      },
    };
  } catch (err) {
    await screen?.stop();
    throw err;
  }
}

/** A Firefox page as a PlayerPage; closing it closes its browser context. */
export function fromPuppeteer(page: Page): PlayerPage {
  type Fn = Parameters<Page['evaluate']>[0];
  return {
    browserName: 'firefox',
    evaluate: <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) => page.evaluate(fn as unknown as Fn, arg) as Promise<R>,
    waitIn: async (predicate, arg, timeout = 15_000) => {
      await page.waitForFunction(predicate as unknown as Fn, { timeout, polling: 100 }, arg);
    },
    fill: (selector, text) => page.locator(selector).fill(text),
    click: (selector) => page.click(selector),
    text: (selector) => page.$eval(selector, (e) => e.textContent).catch(() => null),
    close: () => page.browserContext().close(),
  };
}

/** A fresh Firefox player on `url`: its own context and window, page errors printed. */
export async function openFirefoxPlayer(ff: Firefox, url: string): Promise<PlayerPage> {
  const context = await ff.browser.createBrowserContext();
  const page = await context.newPage({ type: 'window' });
  await page.setViewport({ width: 960, height: 640 });
  page.on('pageerror', (err) =>
    console.error(`[firefox page ${url}] ${err instanceof Error ? err.message : String(err)}`),
  );
  await page.goto(url);
  await page.waitForFunction(() => 'rewind' in window, { timeout: 15_000 });
  return fromPuppeteer(page);
}
