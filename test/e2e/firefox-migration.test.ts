/**
 * Host migration with a Firefox successor (issue 22): a Chromium host, a Firefox joiner the host
 * ticks as "can host if I leave" and a Chromium joiner it does not; the match starts, the Firefox
 * page holds a checkpoint, the host's page closes. The Firefox page becomes the host (its own
 * server worker, from the checkpoint), the Chromium joiner reconnects to it by itself, and the two
 * see each other move. Firefox runs on its own virtual display and draws; the Chromium pages run
 * with `render=0`. The migration's times are printed, never asserted.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLobby, launchChromium, openPlayer, withParams } from './browser';
import { launchFirefox, openFirefoxPlayer, skipFirefox, type Firefox } from './firefox';
import { fromPlaywright, joinOn, localIdOf, walkUntilSeenOn, type PlayerPage } from './player-page';

/** Generous: e2e shares a loaded 2-core machine; the times themselves are printed. */
const MIGRATION_BOUND_MS = 30_000;

let chromium: Browser;
let firefox: Firefox;

beforeAll(async () => {
  if (skipFirefox()) return;
  // Firefox first: if it cannot start, no Chromium is left running.
  firefox = await launchFirefox();
  chromium = await launchChromium();
  console.log(`firefox-esr on display ${firefox.display}: launched in ${firefox.launchMs} ms`);
});
afterAll(async () => {
  await chromium?.close();
  await firefox?.close();
});

/** Waits until `page` has migrated once and plays on a server whose ticks advance. */
async function migrated(page: PlayerPage): Promise<void> {
  await page.waitIn(
    () =>
      (window.rewind.migration()?.migrations ?? 0) >= 1 &&
      window.rewind.phase === 'match' &&
      !window.rewind.migration()?.migrating,
    undefined,
    MIGRATION_BOUND_MS,
  );
  const tick = await page.evaluate(() => window.rewind.stats().net?.serverTick ?? 0, undefined);
  await page.waitIn((t) => (window.rewind.stats().net?.serverTick ?? 0) > t, tick, MIGRATION_BOUND_MS);
}

async function report(name: string, page: PlayerPage): Promise<void> {
  const r = await page.evaluate(() => window.rewind.migration(), undefined);
  const steps = r?.attempts.map((a) => `${a.kind}+${a.ms}:${a.outcome}`).join(' ');
  console.log(
    `  ${name}: ${r?.hosting ? 'hosts now' : 'joined the new host'}; ${r?.lastMigrationMs} ms after it noticed; attempts ${steps}; notice ${JSON.stringify(r?.notice)}`,
  );
}

describe.skipIf(skipFirefox())('host migration with a Firefox successor', () => {
  it('the Chromium host closes its page: the Firefox joiner takes over and the Chromium joiner carries on with it', async () => {
    const hostPage: Page = await openPlayer(chromium, withParams(inject('baseUrl'), { render: '0' }));
    const link = await createLobby(hostPage, 'Chromia');
    const host = fromPlaywright(hostPage);
    const fox = await openFirefoxPlayer(firefox, withParams(link, { density: '0.5' }));
    const foxJoinMs = await joinOn(fox, 'Foxy');
    const kim = fromPlaywright(await openPlayer(chromium, withParams(link, { render: '0' })));
    const kimJoinMs = await joinOn(kim, 'Kim');
    console.log(`joined the Chromium host: Firefox in ${foxJoinMs} ms, Chromium in ${kimJoinMs} ms`);
    const ids = { host: await localIdOf(host), fox: await localIdOf(fox), kim: await localIdOf(kim) };

    // The host ticks only the Firefox player's "can host if I leave" box in its lobby list.
    await hostPage.waitForSelector(`#successor-${ids.fox}`);
    await hostPage.check(`#successor-${ids.fox}`);
    await hostPage.fill('#frag-limit', '50');
    await hostPage.fill('#time-limit', '0');
    await hostPage.click('#start-match');
    for (const p of [fox, kim])
      await p.waitIn(
        () => window.rewind.phase === 'match' && window.rewind.view()?.match?.phase === 2,
        undefined,
        30_000,
      );
    for (const p of [host, fox, kim])
      expect(await p.evaluate(() => window.rewind.migration()?.successors, undefined)).toEqual([ids.fox]);
    await fox.waitIn(() => window.rewind.migration()?.checkpointAgeMs !== null, undefined, 20_000);
    await fox.waitIn(() => (window.rewindGame?.info().frames ?? 0) > 10, undefined, 30_000);

    const since = Date.now();
    await hostPage.close();
    await migrated(fox);
    const foxMs = Date.now() - since;
    await migrated(kim);
    const bothMs = Date.now() - since;
    console.log(
      `host migration to Firefox: Firefox hosting ${foxMs} ms and the Chromium joiner back in the match ${bothMs} ms after the host's page closed`,
    );
    await report('Firefox (Foxy)', fox);
    await report('Chromium (Kim)', kim);

    expect(await fox.evaluate(() => [window.rewind.isHost, window.rewind.localId], undefined)).toEqual([true, ids.fox]);
    expect(await kim.evaluate(() => [window.rewind.isHost, window.rewind.localId], undefined)).toEqual([
      false,
      ids.kim,
    ]);
    await kim.waitIn((id) => window.rewind.players().some((p) => p.id === id && p.isHost), ids.fox, 15_000);
    expect(
      await kim.evaluate(
        () => window.rewind.chatLines().some((c) => c.system && /Foxy is now hosting/.test(c.text)),
        undefined,
      ),
    ).toBe(true);
    // The Firefox page still draws as it hosts, and the two see each other move.
    expect(await fox.evaluate(() => window.rewind.renderError, undefined)).toBeNull();
    expect(await walkUntilSeenOn(kim, fox, 40)).toBeGreaterThan(40);
    expect(await walkUntilSeenOn(fox, kim, 40)).toBeGreaterThan(40);
    await Promise.all([fox.close(), kim.close()]);
  });
});
