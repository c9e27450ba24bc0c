/**
 * Firefox as a first-class browser (issue 22): Debian's firefox-esr, driven over WebDriver BiDi on
 * its own virtual display (so it has WebGL and draws the game), plays with Chromium over real
 * WebRTC: a Firefox joiner in a Chromium host's match, and a Firefox host with a Chromium joiner;
 * each side sees the other move. Chromium pages run with `render=0` (one software-GL page at a time
 * on a small machine); the Firefox page renders. Join times are printed, never asserted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, openPlayer, withParams } from './browser';
import { launchFirefox, openFirefoxPlayer, skipFirefox, type Firefox } from './firefox';
import { createLobbyOn, fromPlaywright, joinOn, localIdOf, walkUntilSeenOn, type PlayerPage } from './player-page';

let chromium: Browser;
let firefox: Firefox;
let pages: PlayerPage[] = [];

beforeAll(async () => {
  if (skipFirefox()) return;
  // Firefox first: if it cannot start, no Chromium is left running.
  firefox = await launchFirefox();
  chromium = await launchChromium();
  console.log(
    `firefox-esr ${await firefox.browser.version()} on display ${firefox.display}: launched in ${firefox.launchMs} ms`,
  );
});
afterEach(async () => {
  for (const p of pages) await p.close().catch(() => undefined);
  pages = [];
});
afterAll(async () => {
  await chromium?.close();
  await firefox?.close();
});

async function chromiumPlayer(url: string): Promise<PlayerPage> {
  const page = fromPlaywright(await openPlayer(chromium, url));
  pages.push(page);
  return page;
}

async function firefoxPlayer(url: string): Promise<PlayerPage> {
  const page = await openFirefoxPlayer(firefox, url);
  pages.push(page);
  return page;
}

/** The page draws the match with WebGL: frames counted by the renderer, no "cannot draw" message. */
async function expectDrawing(page: PlayerPage): Promise<void> {
  await page.waitIn(() => (window.rewindGame?.info().frames ?? 0) > 10, undefined, 30_000);
  expect(await page.evaluate(() => window.rewind.renderError, undefined)).toBeNull();
  const fps = await page.evaluate(() => window.rewindGame?.info().fps ?? 0, undefined);
  console.log(`  ${page.browserName} draws the match with WebGL at ${fps.toFixed(0)} fps`);
}

/** Both pages in the match, each drawing the other; then each sees the other walk. */
async function bothSeeEachOtherMove(a: PlayerPage, b: PlayerPage): Promise<void> {
  for (const p of [a, b]) await p.waitIn(() => window.rewind.phase === 'match', undefined, 30_000);
  const distAB = await walkUntilSeenOn(a, b, 40);
  const distBA = await walkUntilSeenOn(b, a, 40);
  console.log(
    `  ${a.browserName} walked ${distAB.toFixed(0)} units as ${b.browserName} drew it; ${b.browserName} walked ${distBA.toFixed(0)} units as ${a.browserName} drew it`,
  );
  expect(distAB).toBeGreaterThan(40);
  expect(distBA).toBeGreaterThan(40);
}

/** The joiner's channels as the browser reports them: the unreliable one unordered, no retransmits. */
async function expectJoinerChannels(joiner: PlayerPage): Promise<void> {
  const chans = await joiner.evaluate(() => window.rewind.channels(), undefined);
  expect(chans.find((c) => c.role === 'unreliable')).toMatchObject({
    ordered: false,
    maxRetransmits: 0,
    state: 'open',
  });
  expect(chans.find((c) => c.role === 'reliable')).toMatchObject({
    ordered: true,
    maxRetransmits: null,
    state: 'open',
  });
}

describe.skipIf(skipFirefox())('Firefox and Chromium in one match', () => {
  it("a Firefox joiner in a Chromium host's match: both see each other move", async () => {
    const host = await chromiumPlayer(withParams(inject('baseUrl'), { render: '0' }));
    const link = await createLobbyOn(host, 'Chromia');
    const fox = await firefoxPlayer(withParams(link, { density: '0.5' }));
    const joinMs = await joinOn(fox, 'Foxy');
    console.log(`Firefox joined the Chromium host's lobby in ${joinMs} ms`);
    expect(await fox.evaluate(() => [window.rewind.phase, window.rewind.lastError], undefined)).toEqual([
      'lobby',
      null,
    ]);
    await host.waitIn(() => window.rewind.players().length === 2, undefined);
    expect(
      await fox.evaluate(
        () =>
          window.rewind
            .players()
            .map((p) => p.name)
            .sort(),
        undefined,
      ),
    ).toEqual(['Chromia', 'Foxy']);
    await expectJoinerChannels(fox);
    await host.evaluate(() => window.rewind.startMatch(), undefined);
    await bothSeeEachOtherMove(fox, host);
    await expectDrawing(fox);
    expect(await host.evaluate(() => window.rewind.players().some((p) => p.name === 'Foxy'), undefined)).toBe(true);
  });

  it('a Firefox host with a Chromium joiner: both see each other move', async () => {
    const host = await firefoxPlayer(withParams(inject('baseUrl'), { density: '0.5' }));
    const link = await createLobbyOn(host, 'Foxy');
    const joiner = await chromiumPlayer(withParams(link, { render: '0' }));
    const joinMs = await joinOn(joiner, 'Chromia');
    console.log(`Chromium joined the Firefox host's lobby in ${joinMs} ms`);
    expect(await joiner.evaluate(() => [window.rewind.phase, window.rewind.lastError], undefined)).toEqual([
      'lobby',
      null,
    ]);
    await host.waitIn(() => window.rewind.players().length === 2, undefined);
    await expectJoinerChannels(joiner);
    const onHost = await host.evaluate(
      () => window.rewind.channels().filter((c) => c.role === 'unreliable'),
      undefined,
    );
    expect(onHost).toHaveLength(1);
    expect(onHost[0]).toMatchObject({ ordered: false, maxRetransmits: 0 });
    console.log(`  on the Firefox host the joiner's unreliable channel is handled in the ${onHost[0]!.handledIn}`);
    await host.evaluate(() => window.rewind.startMatch(), undefined);
    await bothSeeEachOtherMove(joiner, host);
    await expectDrawing(host);
    const joinerId = await localIdOf(joiner);
    // The Firefox host's server worker ticks and serves the Chromium joiner.
    await host.waitIn(
      (id) =>
        (
          (window.rewind.serverStats() as { clients?: Array<{ clientId: number; packetsIn: number }> } | null)
            ?.clients ?? []
        ).some((c) => c.clientId === id && c.packetsIn > 0),
      joinerId,
    );
  });
});
