/**
 * Links that say where they point (issue 11), in real Chromium: a lobby link edited to route ICE
 * through another server names that server on the join screen and keeps Join disabled until the
 * player chooses; "Use this page's servers" then joins over the page's own servers. A link whose
 * key was damaged says so instead of joining without it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { closePlayer, createLobby, launchChromium, openPlayer, withParams } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('link warnings', () => {
  it("names the servers a link picks, needs a click, and can fall back to the page's servers", async () => {
    const host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
    const link = await createLobby(host, 'Hostess');
    const crafted = withParams(link, { render: '0', ice: 'turn:relay.evil.example:3478' });
    const joiner = await openPlayer(browser, crafted);
    expect(await joiner.textContent('#link-warnings')).toContain('turn:relay.evil.example:3478');
    expect(await joiner.isDisabled('#join')).toBe(true);
    await joiner.click('#use-page-servers');
    expect(await joiner.isDisabled('#join')).toBe(false);
    await joiner.fill('#name', 'Jo');
    await joiner.click('#join');
    await joiner.waitForFunction(
      () => window.rewind.phase !== 'start' && window.rewind.phase !== 'connecting',
      undefined,
      { timeout: 30_000 },
    );
    expect(await joiner.evaluate(() => window.rewind.lastError)).toBeNull();
    expect(await joiner.evaluate(() => window.rewind.phase)).toBe('lobby');
    await closePlayer(joiner);

    const damaged = link.replace(/key=([A-Za-z0-9_-])/, 'key=!');
    const other = await openPlayer(browser, withParams(damaged, { render: '0' }));
    expect(await other.textContent('body')).toContain('This lobby link is damaged');
    await closePlayer(other);
    await closePlayer(host);
  });
});
