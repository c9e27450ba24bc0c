/**
 * Client frame cost in headless Chromium (issue 6, issue 12): the game screen with 16 players,
 * netcode and render, in the neon look beside the classic one, the renderer alone (practice host,
 * no netcode) in both looks, and an empty kaboom frame, all in the same run. Serves bench/frame/index.html through Vite, samples every frame for a few seconds per
 * mode, and reports ms per frame (median and p99) for: the in-page match step, NetClient.frame,
 * the renderer's update and draw (JS time; SwiftShader's own GPU work is outside it), and the
 * interval between frames (what the player gets). Run alone with `npx tsx bench/frame.bench.ts`.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import type { Sample } from './frame/page';
import type { BenchModule } from './run';

const WARMUP_MS = 2000;
const MEASURE_MS = 4000;
/** Passes over all rows, interleaved, so a change in the machine's load hits every row alike. */
const ROUNDS = 2;
const MODES = [
  { mode: 'netcode', look: 'neon', label: 'netcode + render, 16 players, neon look (all effects)' },
  { mode: 'netcode', look: 'classic', label: 'netcode + render, 16 players, classic look (before)' },
  { mode: 'render', look: 'neon', label: 'render only (practice host), 16 players, neon look' },
  { mode: 'render', look: 'classic', label: 'render only (practice host), 16 players, classic look' },
  { mode: 'empty', look: 'classic', label: 'empty kaboom frame (baseline)' },
] as const;

function stat(values: number[]): { median: number; p99: number } {
  const s = values.slice().sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { median: at(0.5), p99: at(0.99) };
}

const fmt = (t: { median: number; p99: number }): string => `${t.median.toFixed(2)} / ${t.p99.toFixed(2)}`;

async function run(): Promise<string> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  // No HMR and no watcher: others editing the tree must not reload the page mid-measurement.
  const server = await createServer({
    root,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
  });
  await server.listen();
  const base = server.resolvedUrls?.local[0] ?? '';
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--enable-unsafe-swiftshader'],
  });
  const rows: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const all: Sample[][] = MODES.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, m] of MODES.entries()) {
        await page.goto(`${base}bench/frame/index.html?mode=${m.mode}&look=${m.look}&players=16`);
        await page.waitForFunction(() => 'frameBench' in window, undefined, { timeout: 60_000 });
        await page.waitForTimeout(WARMUP_MS);
        await page.evaluate(() =>
          (window as unknown as { frameBench: { samples: unknown[] } }).frameBench.samples.splice(0),
        );
        await page.waitForTimeout(MEASURE_MS);
        const samples = await page.evaluate(() =>
          (window as unknown as { frameBench: { samples: Sample[] } }).frameBench.samples.slice(),
        );
        all[i]?.push(...samples);
      }
    }
    for (const [i, m] of MODES.entries()) {
      const samples = all[i] ?? [];
      if (samples.length < 10)
        throw new Error(`frame bench: only ${samples.length} frames in mode ${m.mode}/${m.look}`);
      const step = stat(samples.map((s) => s.stepMs));
      const net = stat(samples.map((s) => s.netMs));
      const render = stat(samples.map((s) => s.updateMs + s.drawMs));
      const total = stat(samples.map((s) => s.netMs + s.updateMs + s.drawMs));
      const interval = stat(samples.map((s) => s.intervalMs));
      rows.push(
        `| ${m.label} | ${samples.length} | ${fmt(step)} | ${fmt(net)} | ${fmt(render)} | ${fmt(total)} | ${fmt(interval)} |`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return [
    '## Client frame cost in headless Chromium (bench/frame.bench.ts)',
    '',
    `1280×720, SwiftShader WebGL, ${ROUNDS} interleaved passes over the rows, each ${WARMUP_MS / 1000} s warm-up then ${MEASURE_MS / 1000} s of frames. ms per frame, median / p99.`,
    'neon look = the current renderer with every effect on (bots fire at everyone, every third with rockets, and the measured player walks toward the nearest one and fires at it: muzzle flashes, tracers, sparks, hit and kill markers, damage flash and direction, trails, explosions, death bursts, spawns, shake);',
    'classic look = the renderer before it (default font, flat shapes, no particles), same match, same bots.',
    "match step = the in-page server, 15 bot clients and links, plus the NetClient's receive (only the last is client cost);",
    "client frame = NetClient.frame (the commands owed and their prediction, interpolation, smoothing, stats); render = the renderer's update + draw (JS);",
    'interval = time between frames (includes the GPU work of SwiftShader and everything else on the machine).',
    '',
    '| scenario | frames | match step | client frame | render | client frame + render | frame interval |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

const bench: BenchModule = { name: 'frame', run };
export default bench;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (md) => console.log(md),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
