/**
 * A browser without WebGL (issue 22): the lobby and joining work, and where the game would be
 * drawn the page says it cannot draw it ("This browser cannot draw the game (no WebGL) …",
 * `#render-error`, `window.rewind.renderError`) instead of a blank screen and a TypeError from
 * kaboom ("can't access property drawingBufferWidth"); the player stays in the match (the others
 * see it move) and its button leaves. Two real browsers without WebGL: headless Firefox (it has
 * none here) and Chromium started with --disable-webgl (a host this time).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium as playwrightChromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, launchChromium, openPlayer, withParams } from './browser';
import { launchFirefox, openFirefoxPlayer, skipFirefox, type Firefox } from './firefox';
import { createLobbyOn, fromPlaywright, joinOn, walkUntilSeenOn, type PlayerPage } from './player-page';

const NO_WEBGL = /^This browser cannot draw the game \(no WebGL\)\. /;

/** The match (or practice) screen shows the message, and the debug API has the same text. */
async function expectCannotDraw(page: PlayerPage, button: string): Promise<void> {
  await page.waitIn(() => document.getElementById('render-error') !== null, undefined, 20_000);
  const shown = await page.text('#render-error-message');
  expect(shown).toMatch(NO_WEBGL);
  expect(await page.evaluate(() => window.rewind.renderError, undefined)).toBe(shown);
  expect(await page.text('#render-error-leave')).toBe(button);
  console.log(`  ${page.browserName} without WebGL shows: ${JSON.stringify(shown)}`);
}

describe.skipIf(skipFirefox(true))('headless Firefox (no WebGL)', () => {
  let chromium: Browser;
  let firefox: Firefox;
  beforeAll(async () => {
    firefox = await launchFirefox({ headless: true });
    chromium = await launchChromium();
    console.log(`headless firefox-esr: launched in ${firefox.launchMs} ms`);
  });
  afterAll(async () => {
    await chromium?.close();
    await firefox?.close();
  });

  it("joins a Chromium host's lobby and match, says it cannot draw, plays on, and leaves by its button", async () => {
    const host = fromPlaywright(await openPlayer(chromium, withParams(inject('baseUrl'), { render: '0' })));
    const link = await createLobbyOn(host, 'Chromia');
    const fox = await openFirefoxPlayer(firefox, link);
    expect(
      await fox.evaluate(() => {
        const c = document.createElement('canvas');
        return c.getContext('webgl') === null;
      }, undefined),
    ).toBe(true);
    const joinMs = await joinOn(fox, 'Foxy');
    console.log(`headless Firefox joined in ${joinMs} ms`);
    expect(
      await fox.evaluate(() => [window.rewind.phase, window.rewind.lastError, window.rewind.renderError], undefined),
    ).toEqual(['lobby', null, null]);
    await fox.waitIn(() => window.rewind.players().length === 2, undefined);
    // The lobby's chat works without a renderer too.
    await fox.evaluate(() => window.rewind.say('no webgl here'), undefined);
    await host.waitIn(() => window.rewind.chatLines().some((l) => l.text === 'no webgl here'), undefined);

    await host.evaluate(() => window.rewind.startMatch(), undefined);
    await fox.waitIn(() => window.rewind.phase === 'match', undefined, 30_000);
    await expectCannotDraw(fox, 'Leave the match');
    expect(await walkUntilSeenOn(fox, host, 40)).toBeGreaterThan(40);
    expect(await walkUntilSeenOn(host, fox, 40)).toBeGreaterThan(40);

    await fox.click('#render-error-leave');
    await fox.waitIn(() => window.rewind.phase === 'start' && window.rewind.renderError === null, undefined);
    await host.waitIn(() => window.rewind.players().length === 1, undefined);
    await Promise.all([fox.close(), host.close()]);
  });

  it('practice says it cannot draw, and its button goes back to the start screen', async () => {
    const fox = await openFirefoxPlayer(firefox, inject('baseUrl'));
    await fox.fill('#name', 'Foxy');
    await fox.click('#practice');
    await expectCannotDraw(fox, 'Back to the start screen');
    await fox.click('#render-error-leave');
    await fox.waitIn(() => window.rewind.phase === 'start' && document.getElementById('create') !== null, undefined);
    expect(await fox.evaluate(() => window.rewind.renderError, undefined)).toBeNull();
    await fox.close();
  });
});

describe('Chromium with --disable-webgl', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await playwrightChromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS, '--disable-webgl'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a host without WebGL: its lobby takes a joiner, its match says it cannot draw, and the joiner sees it move', async () => {
    const host = fromPlaywright(await openPlayer(browser, inject('baseUrl')));
    const link = await createLobbyOn(host, 'Hostess');
    const joiner = fromPlaywright(await openPlayer(browser, withParams(link, { render: '0' })));
    await joinOn(joiner, 'Jo');
    await host.waitIn(() => window.rewind.players().length === 2, undefined);
    await host.click('#start-match');
    await expectCannotDraw(host, 'Leave the match');
    await joiner.waitIn(() => window.rewind.phase === 'match', undefined, 30_000);
    expect(await walkUntilSeenOn(host, joiner, 40)).toBeGreaterThan(40);
    expect(await host.evaluate(() => window.rewind.isHost, undefined)).toBe(true);
    await Promise.all([joiner.close(), host.close()]);
  });
});
