/**
 * Chat among friends in real Chromium over real WebRTC (issue 11): a joiner presses T, types a line
 * (markup included) and Enter; the host's page shows it as text under the joiner's name, and the
 * host's line reaches the joiner. A joiner that floods the chat gets no more than the burst
 * relayed (its warning is proven in test/unit/host/chat-relay.test.ts), is kicked, and the same
 * browser (its token) cannot come back this match while another browser can.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closePlayer, createLobby, joinByLink, launchChromium, openPlayer, waitIn, withParams } from './browser';

let browser: Browser;
let host: Page;
let link: string;

beforeAll(async () => {
  browser = await launchChromium();
  host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
  link = withParams(await createLobby(host, 'Hostess'), { render: '0' });
});

afterAll(async () => {
  await browser?.close();
});

const chatText = (page: Page): Promise<string> =>
  page.evaluate(() => document.querySelector('[data-testid=chat-log]')?.textContent ?? '');

describe('chat', () => {
  it("T opens the line, Enter sends it; both pages show it as text under its sender's name", async () => {
    const joiner = await joinByLink(browser, link, 'Jo');
    const line = 'hi <b>all</b> [a]x[/a]';
    await joiner.locator('body').click({ position: { x: 900, y: 20 } });
    await joiner.keyboard.press('t');
    await expect
      .poll(() => joiner.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('chat-input');
    await joiner.keyboard.type(line);
    await joiner.keyboard.press('Enter');
    // Sent and closed: the line is empty and no longer has the keys.
    expect(await joiner.inputValue('[data-testid=chat-input]')).toBe('');
    expect(await joiner.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)).not.toBe(
      'chat-input',
    );
    await waitIn(
      host,
      (want) => [...document.querySelectorAll('[data-testid=chat-line]')].some((l) => l.textContent === want),
      `Jo: ${line}`,
    );
    // Shown as text: the markup did not become elements.
    expect(await host.evaluate(() => document.querySelectorAll('[data-testid=chat-log] b').length)).toBe(0);
    await host.evaluate(() => window.rewind.say('welcome, Jo'));
    await waitIn(
      joiner,
      () => window.rewind.chatLines().some((l) => l.name === 'Hostess' && l.text === 'welcome, Jo'),
      undefined,
    );
    expect(await chatText(joiner)).toContain(`Jo: ${line}`);
    await closePlayer(joiner);
  });

  it('relays no more than the burst of a flooding joiner, kicks it, and keeps its browser out', async () => {
    const flooder = await joinByLink(browser, link, 'Flo');
    await flooder.evaluate(() => {
      for (let i = 0; i < 30; i++) window.rewind.say(`spam ${i}`);
    });
    await waitIn(flooder, () => window.rewind.phase === 'ended', undefined);
    expect(await flooder.textContent('#error-message')).toBe(
      'You were kicked for sending too many packets. You kept flooding the chat.',
    );
    const relayed = await host.evaluate(
      () => window.rewind.chatLines().filter((l) => l.text.startsWith('spam ')).length,
    );
    // Burst 5, plus at most one line refilled while the flood lasted.
    expect(relayed).toBeGreaterThanOrEqual(5);
    expect(relayed).toBeLessThanOrEqual(6);

    // The same browser (same token) comes back: refused for the rest of the match.
    const again = await flooder.context().newPage();
    await again.goto(link);
    await again.fill('#name', 'Flo2');
    await again.click('#join');
    await again.waitForFunction(() => window.rewind.phase === 'ended' || window.rewind.phase === 'lobby', undefined, {
      timeout: 30_000,
    });
    expect(await again.textContent('#error-message')).toBe(
      'You were kicked from this lobby and cannot rejoin this match.',
    );
    // Another browser still gets in.
    const other = await joinByLink(browser, link, 'Other');
    expect(await other.evaluate(() => window.rewind.phase)).toBe('lobby');
    await closePlayer(other);
    await closePlayer(flooder);
  });
});
