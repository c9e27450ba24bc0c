/**
 * Lobby-id takeover, the signaling half (issue 11): the host's signaling socket drops while a
 * script hammers the signaling server to register the host's peer id (`rewind-<room>`, which is in
 * the lobby link) with its own token. Our PeerServer holds the id for the host's token, so every
 * attempt gets ID-TAKEN (or 429 once the script's address is over its connect rate); the host's
 * page says it lost signaling, reconnects by itself and gets its id back; a joiner linked before
 * the drop stays, and one who opens the link afterwards reaches the real host. The drop is made by closing the page's signaling WebSocket
 * (kept by an init script), as a network blip would; WebRTC links are not touched.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { hostPeerId } from '../../src/lobby/room-id';
import { createLobby, joinByLink, launchChromium, playerCount, waitIn } from './browser';

/** The impostor's own loopback address, so its attempts spend its own per-address budget. */
const IMPOSTOR_FROM = '127.0.0.66';
const MAX_ATTEMPTS = 60;

interface PageSocket {
  readonly url: string;
  readonly readyState: number;
  close(): void;
}

declare global {
  interface Window {
    __signalingSockets?: PageSocket[];
    __bannerTexts?: string[];
  }
}

/** Keeps every WebSocket the page opens and records each text the signaling banner shows. */
const WATCH = (): void => {
  const Native = window.WebSocket;
  const sockets: PageSocket[] = [];
  window.__signalingSockets = sockets;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  };
  const texts: string[] = [];
  window.__bannerTexts = texts;
  new MutationObserver(() => {
    const t = document.getElementById('signaling-status')?.textContent;
    if (t && texts.at(-1) !== t) texts.push(t);
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

/** One registration attempt on the host's id: the server's first answer. */
function tryRegister(base: string, id: string): Promise<string> {
  const url = new URL(`peerjs/peerjs?key=peerjs&id=${id}&token=impostortoken`, base);
  url.protocol = 'ws:';
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { localAddress: IMPOSTOR_FROM });
    const done = (answer: string): void => (ws.terminate(), resolve(answer));
    ws.on('message', (d) => done((JSON.parse(d.toString()) as { type: string }).type));
    ws.on('unexpected-response', (_q, res) => done(`http ${res.statusCode ?? 0}`));
    ws.on('error', (e) => done(`error ${e.message}`));
    ws.on('close', () => done('closed'));
  });
}

let browser: Browser;
let host: Page;
let base: string;

beforeAll(async () => {
  base = inject('baseUrl');
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 960, height: 640 } });
  await context.addInitScript(WATCH);
  host = await context.newPage();
  host.on('pageerror', (err) => console.error(`[host] ${err.message}`));
  await host.goto(base);
  await host.waitForFunction(() => 'rewind' in window);
});

afterAll(async () => {
  await browser?.close();
});

describe('the host keeps its lobby id when its signaling socket drops', () => {
  it('refuses a script re-registering the id, shows the drop, and gives the id back to the real host', async () => {
    const link = await createLobby(host, 'Alice');
    const roomId = await host.evaluate(() => window.rewind.roomId);
    expect(roomId).toBeTruthy();
    const id = hostPeerId(roomId!);
    // A player already linked before the drop: WebRTC does not need signaling, so Bob stays.
    const bob = await joinByLink(browser, link, 'Bob');
    await waitIn(host, () => window.rewind.players().length === 2, undefined);

    // Drop the host's signaling socket, then race it for the id until the page is registered again.
    const dropped = await host.evaluate(() => {
      const open = (window.__signalingSockets ?? []).filter((s) => s.url.includes('/peerjs') && s.readyState === 1);
      open.forEach((s) => s.close());
      return open.length;
    });
    expect(dropped).toBe(1);
    const answers: string[] = [];
    const reconnected = (): Promise<boolean> =>
      host.evaluate(
        () =>
          (window.__signalingSockets ?? []).filter((s) => s.url.includes('/peerjs') && s.readyState === 1).length ===
            1 && !document.getElementById('signaling-status'),
      );
    while (answers.length < MAX_ATTEMPTS) {
      answers.push(await tryRegister(base, id));
      if (answers.length >= 3 && (await reconnected())) break;
    }
    expect(answers.length).toBeGreaterThanOrEqual(3);
    // Never OPEN: ID-TAKEN while held or owned again, 429 once the script's address is over its rate.
    expect(answers.filter((a) => a !== 'ID-TAKEN' && a !== 'http 429')).toEqual([]);
    expect(answers[0]).toBe('ID-TAKEN');

    // The host's page said so, then took the id back by itself.
    await waitIn(host, () => !document.getElementById('signaling-status'), undefined, 30_000);
    const banners = await host.evaluate(() => window.__bannerTexts ?? []);
    expect(banners[0]).toMatch(
      /^Lost the connection to the signaling server: new players cannot join until it is back\. Retrying in \d+ s/,
    );
    expect(await host.evaluate(() => window.rewind.phase)).toBe('lobby');
    // Taken for good now: the live owner keeps it.
    expect(await tryRegister(base, id)).toMatch(/^(ID-TAKEN|http 429)$/);

    // Bob is still here, and the link leads new players to the real host.
    expect(await bob.evaluate(() => window.rewind.phase)).toBe('lobby');
    const carol = await joinByLink(browser, link, 'Carol');
    expect(await carol.evaluate(() => window.rewind.phase)).toBe('lobby');
    await waitIn(host, () => window.rewind.players().length === 3, undefined);
    await waitIn(bob, () => window.rewind.players().length === 3, undefined);
    expect(await playerCount(carol)).toBe(3);
    expect(
      await carol.evaluate(() =>
        window.rewind
          .players()
          .map((p) => p.name)
          .sort(),
      ),
    ).toEqual(['Alice', 'Bob', 'Carol']);
  });
});
