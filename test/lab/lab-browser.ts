/**
 * Real Chromium inside a lab namespace, and what the lab reads from its pages.
 *  - `launchInNamespace`: playwright-core starts a wrapper executable that runs
 *    `ip netns exec NS /usr/bin/chromium "$@"` (it talks to the browser over a pipe, which the
 *    namespace switch keeps), with the e2e tests' switches and the lab's http page origins treated
 *    as secure (the deployment serves HTTPS; the lab's page is plain http on a LAN address).
 *  - `recordConnections`: an init script that keeps every RTCPeerConnection the page makes, so
 *    `selectedPairs` can read the selected ICE candidate pair of each from getStats() in the page.
 *  - `timedJoin`: clicks Join and measures, in the page's own clock, until the lobby shows (or the failure).
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/browser';

export async function launchInNamespace(dir: string, ns: string, secureOrigins: string[]): Promise<Browser> {
  const wrapper = `${dir}/chromium-${ns}.sh`;
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec '${ns}' '${chromiumPath}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  const args = [
    ...CHROMIUM_ARGS,
    ...(secureOrigins.length ? [`--unsafely-treat-insecure-origin-as-secure=${secureOrigins.join(',')}`] : []),
  ];
  return chromium.launch({ executablePath: wrapper, args, timeout: 60_000 });
}

/** A fresh player (own context), its RTCPeerConnections recorded for getStats. */
export async function openLabPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 960, height: 640 } });
  await context.addInitScript(recordConnections);
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[lab page ${url}] ${err.message}`));
  await page.goto(url, { timeout: 30_000 });
  await page.waitForFunction(() => 'rewind' in window, undefined, { timeout: 30_000 });
  return page;
}

/** Runs in the page before its own scripts: every RTCPeerConnection is kept in `window.__labConnections`. */
function recordConnections(): void {
  const kept: RTCPeerConnection[] = [];
  const Original = window.RTCPeerConnection;
  class Recorded extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      kept.push(this);
    }
  }
  Object.defineProperty(window, '__labConnections', { value: kept });
  window.RTCPeerConnection = Recorded;
}

export interface PairType {
  local: string;
  remote: string;
  /** udp or tcp between this browser and its first hop. */
  protocol: string;
  /** For a relayed local candidate: how the browser reaches the TURN server (udp/tcp). */
  relayProtocol: string;
}

/** The selected candidate pair of each connected RTCPeerConnection in the page (getStats). */
export function selectedPairs(page: Page): Promise<PairType[]> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __labConnections: RTCPeerConnection[] }).__labConnections;
    const out: Array<{ local: string; remote: string; protocol: string; relayProtocol: string }> = [];
    for (const pc of pcs) {
      if (pc.connectionState !== 'connected') continue;
      const stats = [...(await pc.getStats()).values()] as Array<Record<string, unknown>>;
      const byId = new Map(stats.map((s) => [s.id, s]));
      const transport = stats.find((s) => s.type === 'transport' && typeof s.selectedCandidatePairId === 'string');
      const pair = transport ? byId.get(transport.selectedCandidatePairId) : undefined;
      const local = pair ? byId.get(pair.localCandidateId) : undefined;
      const remote = pair ? byId.get(pair.remoteCandidateId) : undefined;
      if (!local || !remote) continue;
      out.push({
        local: String(local.candidateType),
        remote: String(remote.candidateType),
        protocol: String(local.protocol),
        relayProtocol: String(local.relayProtocol ?? ''),
      });
    }
    return out;
  });
}

export interface Attempt {
  ok: boolean;
  /** Click → lobby (or → the failure message), in the page's clock. */
  ms: number;
  /** What the page said: the failure text, or ''. */
  said: string;
}

/** Fills the name, clicks Join and waits in the page until it is in the lobby or shows a failure. */
export async function timedJoin(page: Page, name: string, timeoutMs = 30_000): Promise<Attempt> {
  await page.fill('#name', name);
  return page.evaluate(
    (limit) =>
      new Promise<{ ok: boolean; ms: number; said: string }>((resolve) => {
        const t0 = performance.now();
        (document.querySelector('#join') as HTMLButtonElement).click();
        const timer = setInterval(() => {
          const phase = window.rewind.phase;
          const ms = performance.now() - t0;
          if (phase === 'lobby' || phase === 'match') resolve({ ok: true, ms, said: '' });
          else if (phase === 'ended') resolve({ ok: false, ms, said: window.rewind.lastError ?? '' });
          else if (ms > limit) resolve({ ok: false, ms, said: `(still "${phase}" after ${limit} ms)` });
          else return;
          clearInterval(timer);
        }, 5);
      }),
    timeoutMs,
  );
}

/** Creates a lobby through the start screen; returns its link. */
export async function createLabLobby(page: Page, name: string): Promise<string> {
  await page.fill('#name', name);
  await page.click('#create');
  await page.waitForFunction(() => window.rewind.phase === 'lobby', undefined, { timeout: 30_000 });
  const link = await page.evaluate(() => window.rewind.link);
  if (!link) throw new Error('no lobby link');
  return link;
}
