/**
 * Server tick cost (issue 3): how long one GameServer.tick takes with N players moving and shooting,
 * snapshots for every client included, beside two baselines measured in the same run on the same
 * command stream: the bare sim step (stepWorld alone, in a worker thread of its own) and the server
 * with lag compensation off. The lanes and the tick timing are in tick-lanes.ts.
 * Also the cost of taking in one tick's command packets (decode + buffer), the bytes per snapshot,
 * and the CPU time of a whole 60-second simulated match in the test harness.
 *
 * Workload: seeded bots on the default map, each sending one command packet per tick (the newest
 * three commands, acking the newest snapshot it was sent), firing the rifle at a random other
 * player about a third of the time. Target: 32 players under 1 ms per tick.
 */
import { Worker } from 'node:worker_threads';
import type { BenchModule } from './run';
import { GcMeter } from './gc-meter';
import { TICKRATE, heapBytes, measured, readerOf, runTurn, serverLane, type Lane, type Measured } from './tick-lanes';
import { BotClient, Match, wander } from '../test/harness';

/** `SERVER_BENCH_PLAYERS=32 npm run bench -- server-tick` measures a subset. */
const PLAYER_COUNTS = (process.env.SERVER_BENCH_PLAYERS ?? '2,8,16,32,64').split(',').map(Number);
/**
 * 30 s of play before measuring: with `node --trace-deopt`, V8 was still deoptimizing the tick's
 * code (new object shapes and value kinds: a first death, a first respawn, a first pickup) up to
 * ~1,800 ticks in and never after, and each of those reruns code unoptimized for a while. A
 * host plays for minutes, so the p99 of a warmed server is the one that matters.
 */
const WARMUP_TICKS = 1800;
const MEASURED_TICKS = 900;

/** A lane stepped in turns (runLockstep): in this thread, or the bare step in a worker thread. */
interface TurnLane {
  readonly out: Measured;
  turn(from: number, to: number): Promise<void>;
}

const inThread = (lane: Lane, read: () => number, gc: GcMeter | null = null): TurnLane => ({
  out: lane.out,
  turn: async (from, to) => runTurn(lane, from, to, WARMUP_TICKS, read, gc),
});

/** The bare step in a worker thread of its own (bare-step-worker.ts: why), stepped in the same turns. */
function bareInWorker(players: number): TurnLane & { close(): Promise<number> } {
  // `npm run bench` runs under tsx: the worker registers it before it loads the TypeScript file.
  const file = new URL('./bare-step-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); })`,
    { eval: true, workerData: { players } },
  );
  const out = measured();
  return {
    out,
    turn: (from, to) =>
      new Promise((resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', (m: { cpu: number[]; wall: number[]; onCore: number[] }) => {
          worker.off('error', reject);
          out.tickUs.push(...m.cpu);
          out.tickWallUs.push(...m.wall);
          out.tickOnCoreUs.push(...m.onCore);
          resolve();
        });
        worker.postMessage({ from, to, keepFrom: WARMUP_TICKS });
      }),
    close: () => worker.terminate(),
  };
}

/** Ticks a lane runs before the next lane's turn (runLockstep). */
const BLOCK_TICKS = 50;

/**
 * Runs the lanes in turns of BLOCK_TICKS ticks each (~10 ms at 32 players), round and round, until
 * each has run all its ticks. This VM's two cores are shared, and a neighbour can slow one for
 * seconds: run one after the other, the baseline and the server could land in different spells,
 * and their ratio moved by up to 2× between runs; in short turns a spell slows every lane alike.
 * Turns of several ticks rather than one, so that each tick but a turn's first starts from what the
 * lane's previous tick left in the caches, as a server's tick does in a loop of its own (turns of 1,
 * 5, 10, 50 and 200 ticks gave the same ratios within this machine's noise). `gc`, when given, is
 * started with the measured ticks.
 */
async function runLockstep(lanes: TurnLane[], gc: GcMeter | null): Promise<void> {
  for (let from = 0; from < WARMUP_TICKS + MEASURED_TICKS; from += BLOCK_TICKS) {
    if (from === WARMUP_TICKS) gc?.start();
    for (const lane of lanes) await lane.turn(from, Math.min(from + BLOCK_TICKS, WARMUP_TICKS + MEASURED_TICKS));
  }
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

const fmt = (us: number): string => (us >= 100 ? us.toFixed(0) : us.toFixed(1));
const pair = (v: number[]): string => `${fmt(quantile(v, 0.5))} / ${fmt(quantile(v, 0.99))}`;
/** p99 / median of one series ('n/a' when it could not be measured, e.g. no schedstat). */
const spread = (v: number[]): string =>
  v.some(Number.isNaN) ? 'n/a' : (quantile(v, 0.99) / quantile(v, 0.5)).toFixed(1);
const mean = (v: number[]): number => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0);
const kb = (bytes: number[]): string => (mean(bytes) / 1024).toFixed(1);

/** CPU ms of a 60-second simulated match (test/harness) at 150 ms RTT, 20 ms jitter, 5 % loss, after 2 s of warm-up. */
function harnessMatchCpuMs(players: number): number {
  const match = new Match({ server: { seed: 3 } });
  const ids = Array.from({ length: players }, (_, i) => i + 1);
  for (const id of ids) {
    match.addClient(
      new BotClient(id, {
        tickrate: TICKRATE,
        script: wander(
          id,
          ids.filter((x) => x !== id),
          0.1,
        ),
      }),
      { latencyMs: 75, jitterMs: 20, loss: 0.05 },
    );
  }
  match.run(2000);
  const before = process.cpuUsage();
  match.run(60_000);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function run(): Promise<string> {
  const rows: string[] = [];
  let met: boolean | null = null;
  const checks: string[] = [];
  for (const n of PLAYER_COUNTS) {
    const cpu = readerOf('cpu');
    const gc = new GcMeter();
    const bareLaneN = bareInWorker(n);
    const offLane = serverLane(n, false, cpu, WARMUP_TICKS);
    const onLane = serverLane(n, true, cpu, WARMUP_TICKS);
    await runLockstep([bareLaneN, inThread(offLane, cpu), inThread(onLane, cpu, gc)], gc);
    onLane.out.gcShare = await gc.stop();
    await bareLaneN.close();
    const bare = bareLaneN.out.tickUs;
    const off = offLane.out;
    const on = onLane.out;
    // Heap bytes per tick in a run of its own: the other lanes' allocations would land in its samples.
    const heapLane = serverLane(n, true, heapBytes, WARMUP_TICKS);
    await runLockstep([inThread(heapLane, heapBytes)], null);
    const heap = heapLane.out;
    if (n === 32) met = quantile(on.tickUs, 0.5) < 1000;
    const median = quantile(on.tickUs, 0.5);
    const limit = n === 32 ? 8 : n === 64 ? 10 : null;
    if (limit !== null) {
      const ratio = median / quantile(bare, 0.5);
      const tail = quantile(on.tickOnCoreUs, 0.99) / quantile(on.tickOnCoreUs, 0.5);
      const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met');
      checks.push(
        `${n} players: on / bare ${ratio.toFixed(1)} (≤ ${limit}: ${verdict(ratio <= limit)}), p99 / median on a core ${tail.toFixed(1)} (≤ 3: ${verdict(tail <= 3)})`,
      );
    }
    rows.push(
      `| ${n} | ${pair(bare)} | ${pair(off.tickUs)} | ${pair(on.tickUs)} | ${(median / quantile(bare, 0.5)).toFixed(1)} | ${spread(on.tickUs)} · ${spread(on.tickWallUs)} · ${spread(on.tickOnCoreUs)} | ${(on.gcShare * 100).toFixed(1)} % | ${pair(on.receiveUs)} | ${(on.snapshots.bytes / on.snapshots.count).toFixed(0)} / ${on.snapshots.max} | ${kb(heap.receiveUs)} / ${kb(heap.tickUs)} |`,
    );
  }
  return [
    '## Server tick cost',
    '',
    `GameServer.tick at ${TICKRATE} Hz, bots moving and firing the rifle (~35 % of ticks each), one command packet per bot per tick, snapshots at 30/s to every client (delta vs the acked one), ${MEASURED_TICKS} measured ticks after ${WARMUP_TICKS} of warm-up. Times in µs of CPU time of the process (the machine is shared: wall time would count other processes), median / p99; p99 / median is also given in wall-clock time of the same ticks and in their time on a core (wall time less the time the thread waited in the scheduler's queue, from /proc/thread-self/schedstat): CPU time of the process counts V8's helper threads, which in a browser run beside the worker, and wall time counts every wait for one of this machine's two shared cores. The bare sim step and the server without lag compensation are the baselines: the same kind of command stream, in the same process, run in turns of ${BLOCK_TICKS} ticks with the measured server, round and round, so a change in the machine's speed during the run hits all three alike; the bare step runs in a worker thread of its own (a V8 isolate whose compiled code and heap no server shares: in the main thread its median moved 2.5 × between otherwise equal runs). GC: time in garbage collection as a share of the measured ticks (lag compensation on). Allocated: heap bytes in use after minus before, per tick, in a run of its own (lag compensation on; ticks with a collection in them left out).`,
    '',
    '| players | bare stepWorld | server tick, sv_lagcompensation 0 | server tick, lag compensation on | on / bare (median) | p99 / median (on): CPU · wall · on a core | GC share (on) | receive (all packets of a tick) | snapshot datagram bytes, mean / max | KB allocated per tick, receive / tick (mean) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `Target: 32 players under 1 ms per tick (median): ${met === null ? 'not measured in this run' : met ? 'met' : 'NOT met'}. Issue 10: median ≤ 8 × bare stepWorld at 32 players, ≤ 10 × at 64; p99 ≤ 3 × the median, taken in time on a core: the tick's own thread. The process's CPU time adds every other thread's (V8's collector and compiler threads), and Linux credits a thread that is running elsewhere in jumps of up to one scheduler tick (~4 ms) whenever it is read, so a span of 200 µs can gain milliseconds that its thread never spent: in one run of 3,000 ticks at 32 players (the server alone), 53 ticks were over 3 × the median in process CPU time and 21 on a core, and the p99 was 507 µs against 299 µs.`,
    '',
    `Issue 10 in this run: ${checks.length ? checks.join('; ') : 'not measured (32 and 64 players not in SERVER_BENCH_PLAYERS)'}.`,
    '',
    'A whole 60-second match in the test harness (server + bot clients + conditioned links on a virtual clock, 150 ms RTT, 20 ms jitter, 5 % loss), CPU time:',
    '',
    '| players | CPU ms for 60 s of play |',
    '| ---: | ---: |',
    ...[2, 4, 8].map((n) => `| ${n} | ${harnessMatchCpuMs(n).toFixed(0)} |`),
  ].join('\n');
}

const bench: BenchModule = { name: 'server-tick', run };
export default bench;
