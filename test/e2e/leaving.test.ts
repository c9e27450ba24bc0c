/**
 * Failures a player must understand: the host leaving (both joiners told within 5 s, with a
 * way back), an unreachable PeerServer (naming the address tried), a lobby that does not exist.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closePlayer, createLobby, joinByLink, launchChromium, openPlayer, waitIn, withParams } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('leaving and failing', () => {
  it('shows "The host left" on both joiners within 5 s, with a way back', async () => {
    const host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
    const link = withParams(await createLobby(host, 'Host'), { render: '0' });
    const joiners = [await joinByLink(browser, link, 'A'), await joinByLink(browser, link, 'B')];
    for (const j of joiners) await waitIn(j, () => window.rewind.players().length === 3, undefined);
    await closePlayer(host);
    await Promise.all(
      joiners.map((j) => waitIn(j, () => window.rewind.lastError === 'The host left.', undefined, 5000)),
    );
    for (const j of joiners) expect(await j.textContent('#error-message')).toBe('The host left.');
    await joiners[0]!.click('#back');
    await waitIn(
      joiners[0]!,
      () => window.rewind.phase === 'start' && !!document.querySelector('#create'),
      undefined,
      5000,
    );
    for (const j of joiners) await closePlayer(j);
  });

  it('a host that goes silent for 6 s (a frozen tab) is asked, not blamed: the joiner reconnects to it, never says it left', async () => {
    const host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
    const link = withParams(await createLobby(host, 'Frozen'), { render: '0' });
    const joiner = await joinByLink(browser, link, 'C');
    await waitIn(joiner, () => window.rewind.players().length === 2, undefined);
    const id = await joiner.evaluate(() => window.rewind.localId);
    // A frozen tab stops both threads: the page's (lobby heartbeat) and the server worker's (snapshots).
    const [worker] = host.workers();
    expect(worker, 'the host runs its server in a Web Worker').toBeDefined();
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const frozen = Promise.all([host.evaluate(busy, 6000), worker!.evaluate(busy, 6000)]);
    // Link recovery (src/app/link-recovery.ts): the host's signaling socket is alive, so the joiner
    // waits for it (HOST_WAIT_MS) instead of saying "The host left.".
    await waitIn(joiner, () => window.rewind.migration()?.reconnecting === true, undefined, 5000);
    await frozen;
    await waitIn(
      joiner,
      () => window.rewind.migration()?.reconnecting === false && window.rewind.players().length === 2,
      undefined,
      20_000,
    );
    expect(
      await joiner.evaluate(() => [
        window.rewind.phase,
        window.rewind.lastError,
        window.rewind.localId,
        window.rewind.migration()?.migrations,
      ]),
    ).toEqual(['lobby', null, id, 0]);
    await closePlayer(host);
    await closePlayer(joiner);
  });

  it("keeps a joiner's match going while the host's page is busy for 4 s (the server worker owns its channel)", async () => {
    const host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
    const link = withParams(await createLobby(host, 'Busy'), { render: '0' });
    const joiner = await joinByLink(browser, link, 'D');
    await waitIn(joiner, () => window.rewind.players().length === 2, undefined);
    const before = await joiner.evaluate(() => window.rewind.arrivals().list.length);
    // Only the host's main thread stalls (a long frame, kaboom starting under a software GPU).
    await host.evaluate(() => {
      const until = performance.now() + 4000;
      while (performance.now() < until);
    });
    const after = await joiner.evaluate(() => window.rewind.arrivals().list.length);
    expect(await joiner.evaluate(() => window.rewind.lastError)).toBeNull();
    // Snapshots kept coming from the worker during the stall (30 Hz: ~120 in 4 s).
    expect(after - before).toBeGreaterThan(60);
    await closePlayer(host);
    await closePlayer(joiner);
  });

  it('drops a joiner silent for 5 s and tells it why when it wakes up', async () => {
    const host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
    const link = withParams(await createLobby(host, 'Patient'), { render: '0' });
    const joiner = await joinByLink(browser, link, 'Sleepy');
    await waitIn(host, () => window.rewind.players().length === 2, undefined);
    const frozen = joiner.evaluate(() => {
      const until = performance.now() + 7000;
      while (performance.now() < until);
    });
    // The exact threshold (5 s) is unit-tested (test/unit/server/server-runtime.test.ts); here: it happens, and in time.
    await waitIn(host, () => window.rewind.players().length === 1, undefined, 7000);
    await frozen;
    await waitIn(joiner, () => window.rewind.phase === 'ended', undefined, 5000);
    expect(await joiner.textContent('#error-message')).toMatch(/kicked after 5 seconds without hearing from you/);
    await closePlayer(host);
    await closePlayer(joiner);
  });

  it('names the PeerServer address it could not reach', async () => {
    const page = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0', peer: '127.0.0.1:9/nowhere' }));
    await page.fill('#name', 'Lonely');
    await page.click('#create');
    await waitIn(page, () => window.rewind.phase === 'ended', undefined, 20_000);
    expect(await page.textContent('#error-message')).toMatch(
      /Cannot reach the signaling server.*127\.0\.0\.1:9\/nowhere/,
    );
    await closePlayer(page);
  });

  it('says when a lobby link points to no lobby', async () => {
    const page = await joinByLink(browser, `${inject('baseUrl')}?render=0#join=aaaaaaaaaaaaaaaa`, 'Lost');
    expect(await page.textContent('#error-message')).toMatch(/Lobby not found/);
    await closePlayer(page);
  });
});
