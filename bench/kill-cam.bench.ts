/**
 * Kill-cams (issue 24): what they cost the host, in one run. The replay bench's host (BotHost: a
 * team deathmatch on the default map, N people driven by the workload's bots, acks ~133 ms late),
 * twice with the same seed, stepped in alternating turns of 50 ticks: one where nobody asked for
 * kill-cams, one where everybody did. Their worlds and snapshot bytes are checked equal at the end,
 * so the only difference is the kill-cams: the view times and events kept every tick, and the cut
 * made on a tick with a death. Reported: the median and mean tick, the ticks with a cut on their
 * own (a cut's cost is that tick's minus the median), and the bytes of a kill-cam.
 *
 * `KILLCAM_BENCH_SECONDS` shortens the measured span (the docs use 60 s).
 */
import type { BenchModule } from './run';
import { BotHost, TICKRATE } from './replay-host';
import { GcMeter } from './gc-meter';
import { readerOf, runTurn, type Lane } from './tick-lanes';

const PLAYERS = [8, 16];
const WARMUP_TICKS = 1800;
const MEASURED_TICKS = Math.round(Number(process.env.KILLCAM_BENCH_SECONDS ?? 60) * TICKRATE);
const BLOCK_TICKS = 50;

interface Row {
  players: number;
  off: number[];
  on: number[];
  /** µs of the on lane's kept ticks on which a kill-cam was being cut. */
  cutTicks: number[];
  cuts: number;
  bytes: number;
}

/** The on lane: a BotHost whose people all want kill-cams, noting the kept ticks a cut went on during. */
class WantingHost implements Lane {
  readonly host: BotHost;
  readonly cutAt: number[] = [];
  private cutting = false;
  private done = 0;
  constructor(players: number) {
    this.host = new BotHost(players);
    for (let id = 1; id <= players; id++) this.host.server.killCams.setWanted(id, true);
  }
  get out() {
    return this.host.out;
  }
  prepare(i: number): void {
    this.host.prepare(i);
    this.cutting = this.host.server.killCams.cutting > 0;
  }
  tick(i: number): void {
    this.host.tick(i);
  }
  after(i: number, keep: boolean): void {
    this.host.after(i, keep);
    // Cuts go out on the runtime's notice path; here they are drained and only counted.
    this.host.server.killCams.drain();
    // A tick cuts when a cut was under way before it, or a death in it began one.
    const cut =
      this.cutting || this.host.server.killCams.cutting > 0 || this.host.server.killCams.counters.cuts > this.done;
    this.done = this.host.server.killCams.counters.cuts;
    if (keep && cut) this.cutAt.push(this.out.tickUs.length);
  }
}

function measure(players: number): Row {
  const read = readerOf('cpu');
  const off = new BotHost(players);
  const on = new WantingHost(players);
  const total = WARMUP_TICKS + MEASURED_TICKS;
  let turn = 0;
  for (let from = 0; from < total; from += BLOCK_TICKS) {
    const to = Math.min(from + BLOCK_TICKS, total);
    const order: Lane[] = turn++ % 2 ? [on, off] : [off, on];
    for (const lane of order) runTurn(lane, from, to, WARMUP_TICKS, read, null as GcMeter | null);
  }
  if (off.fingerprint() !== on.host.fingerprint() || off.snapshotBytes !== on.host.snapshotBytes)
    throw new Error(`${players} players: the lanes diverged (the comparison would be void)`);
  const counters = on.host.server.killCams.counters;
  return {
    players,
    off: off.out.tickUs,
    on: on.out.tickUs,
    cutTicks: on.cutAt.filter((i) => i < on.out.tickUs.length).map((i) => on.out.tickUs[i]!),
    cuts: counters.cuts,
    bytes: counters.bytes,
  };
}

const median = (v: readonly number[]): number => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
const mean = (v: readonly number[]): number => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
const us = (v: number): string => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

const bench: BenchModule = {
  name: 'kill-cam',
  async run() {
    const rows = PLAYERS.map(measure);
    return [
      '## Kill-cams',
      '',
      `Written by \`npm run bench -- kill-cam\` (bench/kill-cam.bench.ts): the replay bench's host (${TICKRATE} Hz, team deathmatch, bots, acks ~133 ms late), once with nobody asking for kill-cams and once with everybody asking, stepped in alternating turns of ${BLOCK_TICKS} ticks over ${MEASURED_TICKS / TICKRATE} s after a ${WARMUP_TICKS / TICKRATE} s warm-up; both lanes' worlds and snapshot bytes checked equal. CPU µs per tick.`,
      '',
      '| players | median tick, none asked | median tick, all asked | mean, none | mean, all | kill-cams cut | ticks cutting: median | ticks cutting: slowest | mean kill-cam bytes |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.players} | ${us(median(r.off))} | ${us(median(r.on))} (${((median(r.on) / median(r.off) - 1) * 100).toFixed(1)} %) | ${us(mean(r.off))} | ${us(mean(r.on))} | ${r.cuts} | ${us(median(r.cutTicks))} | ${us(Math.max(...r.cutTicks))} | ${(r.bytes / Math.max(1, r.cuts)).toFixed(0)} |`,
      ),
      '',
      'A kill-cam is cut 32 frames a tick (121 frames at 60 Hz: 4 ticks, ~67 ms after the death): a',
      "tick cutting pays for composing and writing those frames of the killer's view; every tick",
      "pays for keeping each player's claimed view time and the tick's events. The slowest cutting",
      'ticks are the first cuts of the process, before the JIT has compiled the cutter (a one-off of',
      'a few ms per page); after those a cutting tick costs 0.3-0.8 ms.',
    ].join('\n');
  },
};
export default bench;
