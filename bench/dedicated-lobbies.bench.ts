/**
 * Lobbies per machine for the dedicated host (issue 14): N lobbies of 8 bots each, every lobby its
 * own server thread (src/dedicated/node-server-worker.ts, the thread `npm run host` runs), its
 * bots the dedicated host's (src/bots BotClient with the skirmish script, one packet per tick per
 * bot on a MessagePort into the thread). N grows until a lobby misses its tick budget: it skipped
 * ticks in the measured window, or its p99 tick cost exceeds the tick (16.7 ms at 60 Hz).
 *
 * Per step: the tick cost p50/p99 of the worst lobby, the server threads' mean CPU share (event
 * loop utilisation), the bots' thread share, and the process's resident memory per lobby. The
 * 1-lobby row is the baseline the others are read against (same run, same machine).
 * `DEDICATED_BENCH_LOBBIES=1,2,4` picks the steps.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { BenchModule } from './run';
import { BotClient } from '../src/bots/bot-client';
import { skirmish } from '../src/bots/scripts';
import { startNodeServerWorker, type NodeServerWorker } from '../src/dedicated/node-server-worker';

const STEPS = (process.env.DEDICATED_BENCH_LOBBIES ?? '1,2,4,6,8,12,16').split(',').map(Number);
const TICKRATE = 60;
const BOTS = 8;
const WARMUP_MS = 3000;
const MEASURE_MS = 5000;
const BUDGET_US = 1e6 / TICKRATE;

interface Lobby {
  server: NodeServerWorker;
  bots: Array<{ client: BotClient; port: MessagePort }>;
}

interface RawStats {
  loop?: { ticksRun?: number; ticksSkipped?: number };
  tickCost?: { medianUs?: number; p99Us?: number };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function openLobby(seed: number): Promise<Lobby> {
  const server = startNodeServerWorker(() => undefined);
  await server.handle.api.start({ tickrate: TICKRATE, maxUnlagS: 1, lagCompensation: true, seed, maxPlayers: BOTS });
  const bots: Lobby['bots'] = [];
  for (let id = 1; id <= BOTS; id++) {
    const port = await server.handle.connectClient(id);
    if (!port) throw new Error('the server refused a bot');
    const client = new BotClient(id, { tickrate: TICKRATE, script: skirmish(seed * 31 + id) });
    port.onmessage = (ev: MessageEvent) => {
      if (ev.data instanceof Uint8Array) client.onPacket(ev.data, performance.now());
    };
    await server.handle.api.setClientSettings(id, client.netSettings());
    bots.push({ client, port });
  }
  return { server, bots };
}

function closeLobby(l: Lobby): void {
  for (const b of l.bots) b.port.close();
  l.server.handle.terminate();
}

async function measure(count: number): Promise<{ row: string; over: boolean; cpuPerLobby: number }> {
  const rssBefore = process.memoryUsage().rss;
  const lobbies: Lobby[] = [];
  for (let i = 0; i < count; i++) lobbies.push(await openLobby(i + 1));
  const timer = setInterval(() => {
    const now = performance.now();
    for (const l of lobbies) for (const b of l.bots) for (const p of b.client.update(now)) b.port.postMessage(p);
  }, 1000 / TICKRATE);
  await sleep(WARMUP_MS);
  const before = (await Promise.all(lobbies.map((l) => l.server.handle.api.stats()))) as RawStats[];
  const elu0 = lobbies.map((l) => l.server.thread.performance.eventLoopUtilization());
  const mainElu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  await sleep(MEASURE_MS);
  // CPU time of the whole process (every server thread and the bots): unlike tick times, it does not grow when other processes crowd the machine.
  const cpu = process.cpuUsage(cpu0);
  const cpuPerLobby = (cpu.user + cpu.system) / 1000 / (MEASURE_MS / 1000) / count;
  const after = (await Promise.all(lobbies.map((l) => l.server.handle.api.stats()))) as RawStats[];
  const serverLoad = lobbies.map((l, i) => l.server.thread.performance.eventLoopUtilization(elu0[i]).utilization);
  const botLoad = performance.eventLoopUtilization(mainElu0).utilization;
  const rss = process.memoryUsage().rss;
  clearInterval(timer);
  lobbies.forEach(closeLobby);
  let skipped = 0;
  let worstP50 = 0;
  let worstP99 = 0;
  let minTps = Infinity;
  after.forEach((a, i) => {
    const b = before[i] ?? {};
    skipped += (a.loop?.ticksSkipped ?? 0) - (b.loop?.ticksSkipped ?? 0);
    minTps = Math.min(minTps, ((a.loop?.ticksRun ?? 0) - (b.loop?.ticksRun ?? 0)) / (MEASURE_MS / 1000));
    worstP50 = Math.max(worstP50, a.tickCost?.medianUs ?? 0);
    worstP99 = Math.max(worstP99, a.tickCost?.p99Us ?? 0);
  });
  const over = skipped > 0 || worstP99 > BUDGET_US;
  const meanLoad = serverLoad.reduce((s, x) => s + x, 0) / serverLoad.length;
  const mb = (n: number): string => (n / 1048576).toFixed(1);
  const row = `| ${count} | ${cpuPerLobby.toFixed(0)} | ${minTps.toFixed(1)} | ${skipped} | ${Math.round(worstP50)} | ${Math.round(worstP99)} | ${(meanLoad * 100).toFixed(1)} % | ${(botLoad * 100).toFixed(1)} % | ${mb((rss - rssBefore) / count)} | ${over ? 'missed' : 'held'} |`;
  await sleep(500);
  return { row, over, cpuPerLobby };
}

const bench: BenchModule = {
  name: 'dedicated-lobbies',
  async run() {
    const rows: string[] = [];
    let held = 0;
    let cpuMs: number[] = [];
    for (const n of STEPS) {
      const { row, over, cpuPerLobby } = await measure(n);
      process.stdout.write(row + '\n');
      rows.push(row);
      cpuMs.push(cpuPerLobby);
      if (over) break;
      held = n;
    }
    cpuMs = cpuMs.sort((a, b) => a - b);
    const median = cpuMs[Math.floor(cpuMs.length / 2)] ?? 0;
    const cores = availableParallelism();
    return [
      '## Dedicated host: lobbies per machine (8 bots each, 60 Hz)',
      '',
      `Each lobby is one server thread (the one \`npm run host\` runs) with 8 skirmish bots; lobbies are added until one misses its tick budget (skipped ticks, or p99 tick cost over ${Math.round(BUDGET_US)} µs) in a ${MEASURE_MS / 1000} s window after ${WARMUP_MS / 1000} s of warm-up. Tick costs are the worst lobby's; CPU is the mean server thread's event-loop utilisation; "bots" is the one thread driving every bot (in production that thread relays WebRTC instead); memory is the process's resident growth per lobby.`,
      '',
      '| lobbies | CPU ms per lobby-second (servers + bots) | min ticks/s | skipped | p50 tick µs | p99 tick µs | CPU per server thread | bots thread | MB per lobby | budget |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...rows,
      '',
      `Held the budget up to **${held} lobbies** of 8 (${held * 8} players) on this machine in this run (load average ${loadavg()[0]?.toFixed(1)} at the end: other processes share the ${cores} cores).`,
      `CPU cost: a lobby with its 8 bots used a median **${median.toFixed(0)} ms of CPU per second** (${(median / 10).toFixed(1)} % of a core), so ${cores} idle cores would hold about **${Math.floor((cores * 1000 * 0.7) / Math.max(1, median))} lobbies** at 70 % utilisation (headroom for the p99 tick).`,
    ].join('\n');
  },
};

export default bench;
