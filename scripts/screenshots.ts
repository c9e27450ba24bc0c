/**
 * Takes the README's screenshots with real Chromium against the built game (run `npm run build`
 * first): the start screen, a practice match in progress with effects (bots firing, the local
 * player firing rockets), and the net graph in a real two-page match over WebRTC.
 * Writes PNGs to docs/screenshots/ (or the folder given as the first argument).
 * Run: `npx tsx scripts/screenshots.ts [outDir]`.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { startServe } from '../test/e2e/global-setup';
import { CHROMIUM_ARGS } from '../test/e2e/browser';

const out = process.argv[2] ?? 'docs/screenshots';

async function practiceWithEffects(page: Page, base: string): Promise<void> {
  await page.goto(base);
  await page.waitForFunction(() => 'rewind' in window);
  await page.click('#practice');
  await page.waitForFunction(() => (window.rewindGame?.info().frames ?? 0) > 30, undefined, { timeout: 30_000 });
  await page.focus('[data-testid=game] canvas');
  const box = await page.locator('[data-testid=game] canvas').boundingBox();
  const cx = (box?.x ?? 0) + (box?.width ?? 1280) / 2;
  const cy = (box?.y ?? 0) + (box?.height ?? 720) / 2;
  await page.mouse.move(cx + 260, cy - 60);
  await page.keyboard.press('2');
  for (let i = 0; i < 3; i++) {
    await page.mouse.down();
    await page.waitForTimeout(120);
    await page.mouse.up();
    await page.waitForTimeout(500);
  }
  await page.keyboard.press('1');
  await page.mouse.move(cx - 200, cy + 120);
  await page.mouse.down();
  await page.waitForTimeout(700);
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const { child, url } = await startServe();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(url);
    await page.waitForFunction(() => 'rewind' in window);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/start-screen.png` });
    await practiceWithEffects(page, url);
    await page.screenshot({ path: `${out}/match-effects.png` });
    await page.mouse.up();
    await page.evaluate(() => window.rewindGame?.toggleNetGraph());
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/net-graph.png` });
  } finally {
    await browser.close();
    child.kill();
  }
}

main().then(
  () => console.log(`screenshots written to ${out}/`),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
