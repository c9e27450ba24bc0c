/**
 * Lobby and flow rough edges (issue 12), real Chromium + real PeerServer, DOM only (render=0):
 * a refused join is said once and "Back" returns to the same link's join form (retry works); the
 * name is remembered across a reload; the lobby shows a QR code of the link beside "Copy link";
 * a malformed #join= link says so.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closePlayer, createLobby, joinByLink, launchChromium, openPlayer, waitIn, withParams } from './browser';

describe('lobby flow', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('says a refusal once, keeps the link on Back, retries, remembers the name, shows the QR code', async () => {
    const host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
    const link = await createLobby(host, 'Host', { password: 'sesame' });
    await waitIn(
      host,
      () => (document.querySelector<HTMLCanvasElement>('#lobby-qr')?.dataset['ready'] ?? '') === '1',
      undefined,
      10_000,
    );
    // The QR canvas has both dark and light modules.
    const qr = await host.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>('#lobby-qr');
      const d = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if ((d[i] ?? 255) < 64) dark++;
      return {
        dark,
        total: d.length / 4,
        beside: !!document.querySelector('#copy-link')?.parentElement?.querySelector('#lobby-qr'),
      };
    });
    expect(qr.beside).toBe(true);
    expect(qr.dark).toBeGreaterThan(qr.total * 0.2);
    expect(qr.dark).toBeLessThan(qr.total * 0.8);

    const joiner = await joinByLink(browser, withParams(link, { render: '0' }), 'Zoë', 'wrong');
    // Said once ("Wrong password." never twice), then the host's detail as its own sentence (issue 11's password guard).
    expect(await joiner.textContent('#error-message')).toBe('Wrong password. 2 attempts left.');
    await joiner.click('#back');
    await joiner.waitForSelector('#join');
    expect(joiner.url()).toContain('#join=');
    expect(await joiner.inputValue('#name')).toBe('Zoë');
    await joiner.fill('#password', 'sesame');
    await joiner.click('#join');
    await waitIn(joiner, () => window.rewind.phase === 'lobby', undefined, 30_000);
    // A reload in the lobby puts the joiner back in its seat by itself (issue 13's seat token).
    await joiner.reload();
    await waitIn(joiner, () => window.rewind.phase === 'lobby', undefined, 30_000);
    expect(
      (await joiner.evaluate(() => window.rewind.players().map((p) => p.name))).filter((n) => n === 'Zoë'),
    ).toHaveLength(1);
    // Leaving on purpose ends that: a reload then shows the join form, which remembers the name
    // (localStorage), not the password.
    await joiner.evaluate(() => window.rewind.leave());
    await waitIn(joiner, () => window.rewind.phase === 'start', undefined);
    await joiner.reload();
    await joiner.waitForSelector('#name');
    expect(await joiner.inputValue('#name')).toBe('Zoë');
    expect(await joiner.inputValue('#password')).toBe('');
    await closePlayer(joiner);
    await closePlayer(host);
  });

  it('says so when a #join= link is malformed, and offers the create form', async () => {
    const page = await openPlayer(browser, `${inject('baseUrl')}#join=not-a-room`);
    expect(await page.textContent('.notice')).toMatch(/^This lobby link is malformed: "not-a-room" is not a lobby id/);
    expect(await page.isVisible('#create')).toBe(true);
    await closePlayer(page);
  });
});
