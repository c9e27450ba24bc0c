/**
 * The look and the sound settings in real Chromium (practice mode, no network): the bundled fonts
 * load from the game's own origin and are the ones the page draws with; the Sound section of the
 * settings panel sets volume and mute, and both survive a reload of the page; the crosshair starts
 * under the pointer (not in the top-left corner) and the controls hint shows on the first spawn.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { withQuery } from './game-match';

async function startPractice(page: Page): Promise<void> {
  await page.waitForFunction(() => 'rewind' in window);
  await page.click('#practice');
  await page.waitForFunction(() => (window.rewindGame?.info().frames ?? 0) > 5, undefined, { timeout: 30_000 });
}

describe('look and sound settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws with the bundled fonts, loaded from the game itself', async () => {
    const page = await browser.newPage({ viewport: { width: 960, height: 640 } });
    await page.goto(withQuery(inject('baseUrl'), 'density=0.5'));
    await startPractice(page);
    // check() alone is true for a family the page never declared: also require loaded faces of both.
    await page.waitForFunction(
      () =>
        ['Chakra Petch', 'JetBrains Mono'].every((family) =>
          [...document.fonts].some((f) => f.family.replace(/"/g, '') === family && f.status === 'loaded'),
        ),
      undefined,
      { timeout: 20_000 },
    );
    const fontUrls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => /\.woff2?($|\?)/.test(n)),
    );
    expect(fontUrls.length).toBeGreaterThan(0);
    const origin = new URL(inject('baseUrl')).origin;
    for (const u of fontUrls) expect(new URL(u).origin).toBe(origin);
    await page.close();
  });

  it('starts the crosshair where the pointer is and shows the controls hint on the first spawn', async () => {
    const page = await browser.newPage({ viewport: { width: 960, height: 640 } });
    await page.goto(withQuery(inject('baseUrl'), 'density=0.5'));
    await page.waitForFunction(() => 'rewind' in window);
    const box = await page.locator('#practice').boundingBox();
    if (!box) throw new Error('no Practice button');
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => (window.rewindGame?.info().frames ?? 0) > 5, undefined, { timeout: 30_000 });
    // The mouse has not moved since the click: kaboom still says (0, 0), the crosshair must not.
    const first = await page.evaluate(() => window.rewindGame?.info());
    expect(first?.crosshair?.x).toBeCloseTo(at.x, 0);
    expect(first?.crosshair?.y).toBeCloseTo(at.y, 0);
    expect(first?.controlsHint).toBe(1);
    await page.mouse.move(120, 90);
    await page.waitForFunction(() => window.rewindGame?.info().crosshair?.x === 120, undefined, { timeout: 10_000 });
    expect((await page.evaluate(() => window.rewindGame?.info()))?.crosshair?.y).toBe(90);
    await page.close();
  });

  it('sets volume and mute in the settings panel and remembers them after a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 960, height: 640 } });
    const page = await context.newPage();
    const url = withQuery(inject('baseUrl'), 'density=0.5');
    await page.goto(url);
    await startPractice(page);
    await page.evaluate(() => window.rewindGame?.openSettings());
    expect(await page.inputValue('[data-testid=sound-volume]')).toBe('70');
    await page.locator('[data-testid=sound-volume]').fill('30');
    await page.check('[data-testid=sound-mute]');
    expect(await page.textContent('[data-testid=sound-settings]')).toContain('30 %');
    await page.reload();
    await startPractice(page);
    await page.evaluate(() => window.rewindGame?.openSettings());
    expect(await page.inputValue('[data-testid=sound-volume]')).toBe('30');
    expect(await page.isChecked('[data-testid=sound-mute]')).toBe(true);
    await context.close();
  });
});
