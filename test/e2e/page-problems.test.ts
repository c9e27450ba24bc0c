/**
 * Issue 22, the failures that need no NAT lab, in real Chromium:
 *  - the page opened over plain http:// on a non-local name (not a secure context, no
 *    crypto.subtle): the start screen says so before anything is clicked, and Create lobby ends on
 *    that message with the help link at once instead of hanging;
 *  - no WebGL (`--disable-webgl`): the start screen says the match cannot be drawn, the lobby and
 *    joining still work, and the match screen says it cannot draw instead of going blank.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, closePlayer, createLobby, joinByLink, launchChromium, openPlayer } from './browser';

let plain: Browser;

beforeAll(async () => {
  plain = await launchChromium();
});

afterAll(async () => {
  await plain?.close();
});

const launch = (extra: string[]): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extra],
  });

describe('page problems', () => {
  it('an http:// page on a network name says it is not a secure context, and Create lobby fails at once with the way out', async () => {
    // rewind.test resolves to the test server: the same page, but not a "potentially trustworthy" origin.
    const browser = await launch(['--host-resolver-rules=MAP rewind.test 127.0.0.1']);
    try {
      const url = new URL(inject('baseUrl'));
      url.hostname = 'rewind.test';
      const page = await openPlayer(browser, url.toString());
      expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.subtle])).toEqual([false, 'undefined']);
      expect(await page.textContent('#page-problems')).toMatch(/plain http:\/\//);
      await page.fill('#name', 'Http');
      await page.click('#create');
      await page.waitForFunction(() => window.rewind.phase === 'ended', undefined, { timeout: 5000 });
      expect(await page.evaluate(() => window.rewind.lastError)).toMatch(/https:\/\//);
      expect(await page.getAttribute('#error-help', 'href')).toBe('turn-relay.html');
    } finally {
      await browser.close();
    }
  });

  it('without WebGL the lobby and joining work, and the match screen says it cannot draw', async () => {
    const browser = await launch(['--disable-webgl']);
    try {
      const host = await openPlayer(browser, inject('baseUrl'));
      expect(await host.textContent('#page-problems')).toMatch(/cannot draw the game: WebGL is unavailable/);
      const link = await createLobby(host, 'NoGL');
      const joiner = await joinByLink(plain, link, 'WithGL');
      expect(await joiner.evaluate(() => window.rewind.phase)).toBe('lobby');
      await host.evaluate(() => window.rewind.startMatch());
      await host.waitForSelector('#render-error', { timeout: 15_000 });
      expect(await host.evaluate(() => window.rewind.phase)).toBe('match');
      await closePlayer(joiner);
    } finally {
      await browser.close();
    }
  });

  it('serves the deployment recipe the failure messages link to', async () => {
    const page = await plain.newPage();
    const res = await page.goto(new URL('turn-relay.html', inject('baseUrl')).toString());
    expect(res?.status()).toBe(200);
    expect(await page.textContent('h1')).toMatch(/TURN relay/);
    await page.close();
  });
});
