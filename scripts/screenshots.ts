/**
 * Takes the README's screenshots with real Chromium (SwiftShader WebGL), served from the source by
 * Vite (no build needed) with the project's own PeerServer beside it (as `npm start` runs them):
 *  - start-screen.png: the start page;
 *  - match-effects.png: a 16-player match in progress (the frame benchmark's page: a real in-page
 *    server, 15 bots fighting with rifles and rockets, and the real client netcode and renderer);
 *  - net-graph.png: the same match seen over a link with 40 ms each way, 10 ms jitter and 2 % loss,
 *    with the net graph open.
 *  - lobby.png, phone.png, end-screen.png: a real three-player lobby over WebRTC
 *    (scripts/screenshot-session.ts).
 * Writes PNGs to docs/screenshots/ (or the folder given as the first argument).
 * Run: `npm run screenshots` (= `tsx scripts/screenshots.ts [outDir] [--only=bench|session]`).
 * A tool, not a test: no test runs it.
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { launchChromium } from '../test/e2e/browser';
import { columnClip, lobbyPhoneEnd } from './screenshot-session';
import { configMiddleware, listen, readSignalingEnv, signalingApp } from './signaling.mjs';

const args = process.argv.slice(2);
/** `--only=bench` (the first three) or `--only=session` (the lobby ones); default: all six. */
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? 'all';
const out = args.find((a) => !a.startsWith('--')) ?? 'docs/screenshots';

/** Waits until the page has drawn `frames` more frames (the bench page counts them). */
async function framesLater(page: Page, frames: number): Promise<void> {
  const start = await page.evaluate(
    () => (window as unknown as { frameBench: { samples: unknown[] } }).frameBench.samples.length,
  );
  await page.waitForFunction(
    (n) => (window as unknown as { frameBench: { samples: unknown[] } }).frameBench.samples.length >= n,
    start + frames,
    { timeout: 120_000 },
  );
}

/**
 * A PeerServer on a free loopback port and Vite on another, whose /rewind-config.json points the
 * page at that PeerServer (what scripts/dev.mjs does on fixed ports).
 */
async function startServers(): Promise<{ vite: ViteDevServer; peer: http.Server; base: string }> {
  const read = readSignalingEnv({}, { webPort: 0, peerPort: 0 });
  if (!read.ok) throw new Error(read.errors.join('; '));
  const peer = http.createServer();
  peer.on('request', signalingApp(peer, read.value));
  const settings = { ...read.value, peerPort: await listen(peer, 0, '127.0.0.1', 'PeerServer') };
  const root = fileURLToPath(new URL('..', import.meta.url));
  const vite = await createServer({
    root,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
    plugins: [
      { name: 'rewind-config', configureServer: (srv) => void srv.middlewares.use(configMiddleware(settings)) },
    ],
  });
  await vite.listen();
  return { vite, peer, base: vite.resolvedUrls?.local[0] ?? '' };
}

/** start-screen.png, match-effects.png and net-graph.png (one page, no network). */
async function benchPageShots(browser: Browser, base: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on('pageerror', (err) => console.error(`[page] ${err.message}`));
  await page.goto(base);
  await page.waitForSelector('#start-screen', { timeout: 60_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${out}/start-screen.png`, clip: await columnClip(page, '#start-screen') });
  await page.goto(`${base}bench/frame/index.html?mode=netcode&look=neon&players=16`);
  await page.waitForFunction(() => 'frameBench' in window, undefined, { timeout: 60_000 });
  await framesLater(page, 150);
  await page.screenshot({ path: `${out}/match-effects.png` });
  await page.goto(
    `${base}bench/frame/index.html?mode=netcode&look=neon&players=16&lag=40&jitter=10&loss=0.02&netgraph=1`,
  );
  await page.waitForFunction(() => 'frameBench' in window, undefined, { timeout: 60_000 });
  await framesLater(page, 150);
  await page.screenshot({ path: `${out}/net-graph.png` });
  await page.close();
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const { vite, peer, base } = await startServers();
  const browser = await launchChromium();
  try {
    if (only !== 'session') await benchPageShots(browser, base);
    if (only !== 'bench') await lobbyPhoneEnd(browser, base, out);
  } finally {
    await browser.close();
    await vite.close();
    // The PeerServer's websockets would keep the process alive after close().
    peer.closeAllConnections();
    peer.close();
  }
}

main().then(
  () => {
    console.log(`screenshots written to ${out}/`);
    // Vite's dependency optimiser and the PeerServer's timers hold the event loop open.
    process.exit(0);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
