/**
 * Real-network measurement (issue 5): three players in headless Chromium over loopback WebRTC
 * through the embedded PeerServer: the built game (vite build) served by scripts/serve.mjs, a
 * host page and two joiners, all moving. Reports, per player, median and p95 snapshot one-way
 * age, command round trip and bytes/s, with the host's own client (MessagePort loopback to the
 * worker, no network) as the baseline in the same run.
 *
 * One-way age: every page stamps snapshot arrivals with performance.timeOrigin + now (one machine
 * clock). The server sends tick k's snapshots at origin + k × tick length; the origin is taken as
 * the lower envelope of the host's own loopback arrivals in the measured window (min over k of
 * arrival − k × tick; the window must hold no skipped server ticks, which the table shows), so an
 * age is "arrival − the earliest the host itself could have had it". Command round trip is the
 * client's own measurement (command sent → snapshot echoing it, minus the server's hold time),
 * as NetClient reports it (lightly filtered), sampled every 100 ms.
 * Run alone with `npx tsx bench/run.ts webrtc`.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { createLobby, joinByLink, launchChromium, openPlayer, withParams } from '../test/e2e/browser';
import { startServe } from '../test/e2e/global-setup';
import type { BenchModule } from './run';

const WARMUP_MS = 3000;
const MEASURE_MS = 10_000;

interface PlayerNumbers {
  label: string;
  ages: number[];
  rtts: number[];
  bytesIn: number;
  bytesOut: number;
}

function quantile(values: number[], q: number): number {
  const s = values.slice().sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(q * s.length))] as number) : NaN;
}

const arrivalsOf = (p: Page): Promise<Array<{ tick: number; at: number }>> =>
  p.evaluate(() => {
    const a = window.rewind.arrivals();
    return a.list.map((x) => ({ tick: x.tick, at: a.timeOrigin + x.atMs }));
  });

const bytesOf = (p: Page): Promise<{ in: number; out: number }> =>
  p.evaluate(() => {
    // The host's page counts only its own client (loopback): its relays to the joiners are theirs.
    const own = window.rewind.channels().filter((c) => (window.rewind.isHost ? c.role === 'loopback' : true));
    return { in: own.reduce((s, c) => s + c.bytesIn, 0), out: own.reduce((s, c) => s + c.bytesOut, 0) };
  });

/** Each player walks left and right in turns so snapshots carry motion. */
async function keepMoving(pages: Page[], ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (let leg = 0; Date.now() < end; leg++) {
    await Promise.all(
      pages.map((p, i) =>
        p.evaluate((m) => window.rewind.input({ moveX: m, moveY: 0, ms: 600 }), (leg + i) % 2 ? 127 : -127),
      ),
    );
    await new Promise((r) => setTimeout(r, 600));
  }
}

const skippedTicks = (host: Page): Promise<number> =>
  host.evaluate(
    () => (window.rewind.serverStats() as { loop?: { ticksSkipped?: number } } | null)?.loop?.ticksSkipped ?? 0,
  );

async function measure(
  players: Array<{ label: string; page: Page }>,
  host: Page,
  tickMs: number,
): Promise<PlayerNumbers[]> {
  const t0 = Date.now();
  const before = await Promise.all(players.map((p) => bytesOf(p.page)));
  const rtts: number[][] = players.map(() => []);
  const sampling = (async () => {
    while (Date.now() - t0 < MEASURE_MS) {
      const pings = await Promise.all(
        players.map((p) => p.page.evaluate(() => window.rewind.view()?.stats.pingMs ?? NaN)),
      );
      pings.forEach((v, i) => Number.isFinite(v) && rtts[i]!.push(v));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await Promise.all([
    sampling,
    keepMoving(
      players.map((p) => p.page),
      MEASURE_MS,
    ),
  ]);
  const seconds = (Date.now() - t0) / 1000;
  const after = await Promise.all(players.map((p) => bytesOf(p.page)));
  // Only the window's own arrivals: a tick the worker skipped earlier (a starved thread) shifts the tick → time line.
  const hostArrivals = (await arrivalsOf(host)).filter((a) => a.at >= t0);
  const origin = Math.min(...hostArrivals.map((a) => a.at - a.tick * tickMs));
  const out: PlayerNumbers[] = [];
  for (const [i, p] of players.entries()) {
    const ages = (await arrivalsOf(p.page)).filter((a) => a.at >= t0).map((a) => a.at - (origin + a.tick * tickMs));
    out.push({
      label: p.label,
      ages,
      rtts: rtts[i]!,
      bytesIn: (after[i]!.in - before[i]!.in) / seconds,
      bytesOut: (after[i]!.out - before[i]!.out) / seconds,
    });
  }
  return out;
}

async function run(): Promise<string> {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: repo, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const { child, url } = await startServe();
  const browser = await launchChromium();
  try {
    const host = await openPlayer(browser, withParams(url, { render: '0' }));
    const link = withParams(await createLobby(host, 'Host'), { render: '0' });
    const a = await joinByLink(browser, link, 'Ann');
    const b = await joinByLink(browser, link, 'Ben');
    await host.evaluate(() => window.rewind.startMatch());
    const tickrate = await host.evaluate(() => window.rewind.cvars()?.sv_tickrate ?? 60);
    await keepMoving([host, a, b], WARMUP_MS);
    const skippedBefore = await skippedTicks(host);
    const rows = await measure(
      [
        { label: 'host (loopback to the worker, baseline)', page: host },
        { label: 'joiner 1 (WebRTC)', page: a },
        { label: 'joiner 2 (WebRTC)', page: b },
      ],
      host,
      1000 / tickrate,
    );
    await host.waitForTimeout(1100); // the host refreshes the worker's stats once a second
    const skipped = (await skippedTicks(host)) - skippedBefore;
    const fmt = (v: number): string => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
    return [
      '## Real network: 3 players over loopback WebRTC (headless Chromium)',
      '',
      `Built game served by scripts/serve.mjs with its embedded PeerServer; ${tickrate} Hz server in the host's worker, default cvars (30 snapshots/s), every player walking. ${MEASURE_MS / 1000} s measured after ${WARMUP_MS / 1000} s of warm-up. Snapshot age is arrival minus the tick's send time (see bench/webrtc.bench.ts for how the clocks line up); the host's own client over its MessagePort is the no-network baseline.`,
      '',
      '| player | snapshot one-way age median / p95 (ms) | command round trip median / p95 (ms) | snapshots | bytes/s in | bytes/s out |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.label} | ${fmt(quantile(r.ages, 0.5))} / ${fmt(quantile(r.ages, 0.95))} | ${fmt(quantile(r.rtts, 0.5))} / ${fmt(quantile(r.rtts, 0.95))} | ${r.ages.length} | ${r.bytesIn.toFixed(0)} | ${r.bytesOut.toFixed(0)} |`,
      ),
      '',
      `Server ticks skipped by the worker's loop during the window: ${skipped} (ages are only meaningful at 0).`,
    ].join('\n');
  } finally {
    await browser.close();
    child.kill('SIGTERM');
  }
}

const bench: BenchModule = { name: 'webrtc', run };
export default bench;
