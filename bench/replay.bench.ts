/**
 * Replays (issue 24): what the host's recording of a match costs and how fast a player can seek in
 * it, all in one run. A GameServer runs a team deathmatch on the default map with N people driven
 * by the workload's bot brain (bench/workload.ts `botCmd`: wander, aim at the nearest enemy, fire in
 * bursts), each sending real command packets and acking its snapshots 8 ticks late (~133 ms RTT),
 * no network harness. Three parts:
 *
 * 1. Bytes: a 20-minute recording at 4, 8 and 16 players with the recorder's defaults (60 Hz, a
 *    frame every 2 ticks, a key frame every 5 s); bytes per minute split into key frames, delta
 *    frames and the events inside them, beside the snapshot bytes one client of the same match
 *    receives per minute.
 * 2. Seeking in the 8- and 16-player recordings: `openReplay` (which decodes every frame), then
 *    `Replay.frameAt` to random ticks, each after a seek far away so nothing decoded before helps.
 * 3. Host tick cost with recording on and off: two servers with the same seed and bots, stepped in
 *    alternating turns of 50 ticks in this thread; their worlds and datagrams are checked equal at
 *    the end, so the only difference is the recorder.
 *
 * `REPLAY_BENCH_MINUTES` shortens the recordings (a quick check; the docs use 20).
 */
import type { BenchModule } from './run';
import { ACK_DELAY_TICKS, SEED, TICKRATE } from './replay-host';
import {
  BLOCK_TICKS,
  COST_MEASURED_TICKS,
  COST_WARMUP_TICKS,
  MINUTES,
  OPENS,
  SEEKS,
  WORST_SEEKS,
  recordMatch,
  seekIn,
  tickCost,
  type ByteRow,
  type CostRow,
  type SeekRow,
} from './replay-measure';

const BYTE_PLAYERS = [4, 8, 16];
const SEEK_PLAYERS = [8, 16];
const COST_PLAYERS = [8, 16, 32];
const TARGET_KB_PER_MIN = 150;
const TARGET_SEEK_MS = 200;
const TARGET_COST = 1.1;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
const median = (v: readonly number[]): number => quantile(v, 0.5);
const mean = (v: readonly number[]): number => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);
const f0 = (v: number): string => Math.round(v).toLocaleString('en-US');
const f1 = (v: number): string => v.toFixed(1);
const us = (v: number): string => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const pct = (part: number, whole: number): string => `${((part / whole) * 100).toFixed(0)} %`;
const verdict = (ok: boolean): string => (ok ? 'met' : 'NOT met');

function renderBytes(rows: ByteRow[]): string[] {
  const perMin = (r: ByteRow, b: number): number => b / r.minutes / 1024;
  const r8 = rows.find((r) => r.players === 8);
  const kb8 = r8 ? perMin(r8, r8.bytes.length) : NaN;
  return [
    `### Replay bytes (${MINUTES}-minute recordings)`,
    '',
    "| players | KB/min | key frames | deltas | events | other | frames (key) | mean delta frame B | mean key frame B | events/min | one client's snapshots KB/min | replay / one client | file MB |",
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => {
      const total = r.bytes.length;
      return `| ${r.players} | ${f1(perMin(r, total))} | ${pct(r.keyBytes, total)} | ${pct(r.deltaBytes, total)} | ${pct(r.eventBytes, total)} | ${pct(r.otherBytes, total)} | ${f0(r.keyFrames + r.deltaFrames)} (${f0(r.keyFrames)}) | ${f1(r.deltaPayload / r.deltaFrames)} | ${f0(r.keyPayload / r.keyFrames)} | ${f0(r.events / r.minutes)} | ${f1(r.clientBytesPerMin / 1024)} | ${(total / r.minutes / r.clientBytesPerMin).toFixed(2)} | ${(total / 1024 / 1024).toFixed(2)} |`;
    }),
    '',
    `Target: ≤ ${TARGET_KB_PER_MIN} KB/min at 8 players: **${f1(kb8)} KB/min, ${verdict(kb8 <= TARGET_KB_PER_MIN)}**.`,
  ];
}

function renderSeeks(rows: SeekRow[]): string[] {
  const worstP95 = Math.max(...rows.map((r) => quantile(r.seekMs, 0.95)));
  const worstMax = Math.max(...rows.map((r) => Math.max(...r.seekMs, ...r.worstMs, ...r.firstSeekMs)));
  return [
    `### Seeking in a ${MINUTES}-minute replay (ms, wall clock)`,
    '',
    `| players | frames | openReplay (${OPENS} opens) | first seek after each open | ${SEEKS} random seeks: median / p95 / max | same, time on a core: p95 / max | ${WORST_SEEKS} worst-case seeks (${(rows[0]?.keyFrameEvery ?? 0) - 1} deltas after a key frame): median / max |`,
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.players} | ${f0(r.frames)} | ${r.openMs.map(f0).join(', ')} | ${r.firstSeekMs.map((v) => v.toFixed(1)).join(', ')} | ${median(r.seekMs).toFixed(2)} / ${quantile(r.seekMs, 0.95).toFixed(2)} / ${Math.max(...r.seekMs).toFixed(2)} | ${quantile(r.seekOnCoreMs, 0.95).toFixed(2)} / ${Math.max(...r.seekOnCoreMs).toFixed(2)} | ${median(r.worstMs).toFixed(2)} / ${Math.max(...r.worstMs).toFixed(2)} |`,
    ),
    '',
    `Target: ≤ ${TARGET_SEEK_MS} ms per seek: **p95 ${worstP95.toFixed(1)} ms, slowest seek of any kind ${worstMax.toFixed(1)} ms, ${verdict(worstMax <= TARGET_SEEK_MS)}**.`,
  ];
}

/** The samples of `v` whose tick was (or was not) a frame tick. */
const ofTicks = (v: number[], r: CostRow, frame: boolean): number[] => v.filter((_, i) => r.frameTick[i] === frame);
const ratio = (on: number, off: number): string => (on / off).toFixed(3);

/**
 * The lanes ran each turn's ticks back to back: per turn, on's total over off's; the median and
 * quartiles of those (a slow spell of the machine hits both sides of a turn alike).
 */
function pairedRatios(r: CostRow): { median: number; q1: number; q3: number } {
  const ratios: number[] = [];
  for (let from = 0; from + BLOCK_TICKS <= r.on.length; from += BLOCK_TICKS) {
    const sum = (v: number[]): number => v.slice(from, from + BLOCK_TICKS).reduce((a, b) => a + b, 0);
    ratios.push(sum(r.on) / sum(r.off));
  }
  return { median: median(ratios), q1: quantile(ratios, 0.25), q3: quantile(ratios, 0.75) };
}

function renderCost(rows: CostRow[]): string[] {
  const checks = rows.map((r) => median(r.on) / median(r.off));
  const line = (r: CostRow): string => {
    const [offF, onF] = [ofTicks(r.off, r, true), ofTicks(r.on, r, true)];
    const [offO, onO] = [ofTicks(r.off, r, false), ofTicks(r.on, r, false)];
    return [
      r.loopback
        ? `${r.players}, listen host (${Math.round((100 * r.spliced) / Math.max(1, r.deltas))} % spliced)`
        : r.players,
      `${us(median(r.off))} / ${us(quantile(r.off, 0.99))}`,
      `${us(median(r.on))} / ${us(quantile(r.on, 0.99))}`,
      `**${ratio(median(r.on), median(r.off))}** / ${ratio(quantile(r.on, 0.99), quantile(r.off, 0.99))} / ${ratio(mean(r.on), mean(r.off))}`,
      ratio(median(r.onOnCore), median(r.offOnCore)),
      (() => {
        const p = pairedRatios(r);
        return `${p.median.toFixed(3)} (${p.q1.toFixed(2)}–${p.q3.toFixed(2)})`;
      })(),
      `${us(median(offF))} → ${us(median(onF))} (${ratio(median(onF), median(offF))})`,
      `${us(median(offO))} → ${us(median(onO))} (${ratio(median(onO), median(offO))})`,
      `${us(median(r.keyFrameTickUs))} (${r.keyFrameTickUs.length})`,
      `${(r.gcOff * 100).toFixed(1)} % / ${(r.gcOn * 100).toFixed(1)} %`,
    ].join(' | ');
  };
  return [
    `### Host tick cost, recording on vs off (µs of process CPU time per tick, ${COST_MEASURED_TICKS} ticks each after ${COST_WARMUP_TICKS} of warm-up, turns of ${BLOCK_TICKS})`,
    '',
    '| players | off: median / p99 | on: median / p99 | on / off: median / p99 / mean | on / off median, time on a core | on / off per turn: median (quartiles) | frame ticks (every 2nd): off → on median | other ticks: off → on median | key-frame ticks (on): median (count) | GC share off / on |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${line(r)} |`),
    '',
    `Target: ≤ +${Math.round((TARGET_COST - 1) * 100)} % (median): **${rows.map((r, i) => `${r.players} players${r.loopback ? ' (listen host)' : ''} ${((checks[i]! - 1) * 100).toFixed(1)} %`).join(', ')}: ${verdict(checks.every((c) => c <= TARGET_COST))}**.`,
  ];
}

async function run(): Promise<string> {
  const byteRows = BYTE_PLAYERS.map(recordMatch);
  for (const r of byteRows) process.stdout.write(`  recorded ${r.players} players in ${r.runSeconds.toFixed(1)} s\n`);
  const seekRows = SEEK_PLAYERS.map((n) => {
    const row = byteRows.find((r) => r.players === n)!;
    return seekIn(n, row.bytes, row.wire);
  });
  const costRows: CostRow[] = [];
  for (const n of COST_PLAYERS) costRows.push(await tickCost(n));
  // A listen host: its own player acks at once, so the recorder's deltas are that player's snapshots' pieces.
  for (const n of COST_PLAYERS) costRows.push(await tickCost(n, true));
  return [
    '## Replays',
    '',
    `Workload (bench/replay.bench.ts): a GameServer at ${TICKRATE} Hz, a team deathmatch (no limits) on the default map, N people driven by bench/workload.ts's bots (seed ${SEED}), each sending one command packet a tick (its newest 3 commands) and acking snapshots ${ACK_DELAY_TICKS} ticks late (~133 ms RTT); no network. The recorder's defaults: a frame every 2 ticks (30/s), a key frame every 5 s (150 frames). Shares are of the file: key and delta frames (record kind and length bytes included) less their events sections, the events sections of all frames, and the rest (preamble, header, roster). Frame sizes are payloads (events included). "One client's snapshots": the datagrams one player of the same match received in the same minutes.`,
    '',
    `Seeks: \`openReplay\` (it decodes and checks every frame) ${OPENS} times, the first \`frameAt\` on each fresh Replay, then ${SEEKS} \`frameAt\` to random ticks and ${WORST_SEEKS} to the last frame before a key frame, each right after a seek half the replay away, so the Replay's cursor never helps (a cold seek: from the key frame before the tick). Tick cost: two servers with the same seed and bots, one recording from its first tick, stepped in alternating turns (which lane goes first alternates too), both checked to end with the same world and the same datagram bytes; "frame ticks" are the ticks the recorder wrote a frame on (the other ticks it only keeps the events).`,
    '',
    ...renderBytes(byteRows),
    '',
    ...renderSeeks(seekRows),
    '',
    ...renderCost(costRows),
  ].join('\n');
}

const bench: BenchModule = { name: 'replay', run };
export default bench;
