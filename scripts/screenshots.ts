/**
 * Takes the README's screenshots with real Chromium (1280×720, SwiftShader WebGL), served from the
 * source by Vite (no build needed):
 *  - start-screen.png: the start page;
 *  - match-effects.png: a 16-player match in progress (the frame benchmark's page: a real in-page
 *    server, 15 bots fighting with rifles and rockets, and the real client netcode and renderer);
 *  - net-graph.png: the same match seen over a link with 40 ms each way, 10 ms jitter and 2 % loss,
 *    with the net graph open.
 * Writes PNGs to docs/screenshots/ (or the folder given as the first argument).
 * Run: `npx tsx scripts/screenshots.ts [outDir]`.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS } from '../test/e2e/browser';

const out = process.argv[2] ?? 'docs/screenshots';

/** Waits until the page has drawn `frames` more frames (the bench page counts them). */
async function framesLater(page: Page, frames: number): Promise<void> {
  const start = await page.evaluate(() => (window as unknown as { frameBench: { samples: unknown[] } }).frameBench.samples.length);
  await page.waitForFunction((n) => (window as unknown as { frameBench: { samples: unknown[] } }).frameBench.samples.length >= n, start + frames, { timeout: 120_000 });
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const root = fileURLToPath(new URL('..', import.meta.url));
  const server = await createServer({ root, logLevel: 'error', server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null } });
  await server.listen();
  const base = server.resolvedUrls?.local[0] ?? '';
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('pageerror', (err) => console.error(`[page] ${err.message}`));
    await page.goto(base);
    await page.waitForSelector('#start-screen', { timeout: 60_000 });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${out}/start-screen.png` });
    await page.goto(`${base}bench/frame/index.html?mode=netcode&look=neon&players=16`);
    await page.waitForFunction(() => 'frameBench' in window, undefined, { timeout: 60_000 });
    await framesLater(page, 150);
    await page.screenshot({ path: `${out}/match-effects.png` });
    await page.goto(`${base}bench/frame/index.html?mode=netcode&look=neon&players=16&lag=40&jitter=10&loss=0.02&netgraph=1`);
    await page.waitForFunction(() => 'frameBench' in window, undefined, { timeout: 60_000 });
    await framesLater(page, 150);
    await page.screenshot({ path: `${out}/net-graph.png` });
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  () => console.log(`screenshots written to ${out}/`),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
