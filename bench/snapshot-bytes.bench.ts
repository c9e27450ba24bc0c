/**
 * Bytes per snapshot on the seeded workload (bench/workload.ts: bots moving and shooting, 60 Hz,
 * a snapshot every 2 ticks), for 8..128 players, as player 0 receives them: our full snapshot,
 * our delta against the 1-old and the 4-old snapshot, beside JSON.stringify, @msgpack/msgpack and
 * @colyseus/schema (its change patches with quantized integer fields) of the same states.
 *
 * States only (events: [] everywhere, as in the anchors of STACK-NOTES.md); one extra column shows
 * our 4-old delta with the events of the interval added. Every delta is decoded and compared with
 * its target during the run, so a size is never reported for a wrong encoding.
 */
import { ARENA_WIRE } from '../src/arena/protocol/arena-wire';
import { encode as msgpackEncode } from '@msgpack/msgpack';
import { Encoder } from '@colyseus/schema';
import { decodeSnapshot, encodeSnapshot, quantizeSnapshot } from '../src/protocol/snapshot';
import { encodeSnapshotParts } from '../src/protocol/snapshot-parts';
import { MAX_DATAGRAM_BYTES } from '../src/protocol/wire';
import type { Snapshot } from '../src/arena/protocol/arena-messages';
import { snapshotFor, workloadFrames } from './workload';
import type { BenchModule } from './run';
import { ColState, applyToColyseus } from './colyseus-state';

const PLAYER_COUNTS = [8, 16, 32, 64, 128];
const FRAMES = 300;
const SEED = 20260;
const TARGET_MEAN_16 = 160;

interface Stat {
  sum: number;
  max: number;
  n: number;
}
const stat = (): Stat => ({ sum: 0, max: 0, n: 0 });
const add = (s: Stat, v: number): void => {
  s.sum += v;
  s.max = Math.max(s.max, v);
  s.n++;
};
const mean = (s: Stat): number => (s.n ? s.sum / s.n : 0);

function checkedDelta(target: Snapshot, baseline: Snapshot): Uint8Array {
  const bytes = encodeSnapshot(ARENA_WIRE, target, baseline);
  const out = decodeSnapshot(ARENA_WIRE, bytes, (t) => (t === baseline.serverTick ? baseline : undefined));
  const want = quantizeSnapshot(ARENA_WIRE, target, baseline.serverTick);
  if (!out.ok || JSON.stringify(out.value) !== JSON.stringify(want))
    throw new Error(`delta of tick ${target.serverTick} does not round-trip`);
  return bytes;
}

interface Row {
  players: number;
  full: Stat;
  fullParts: Stat;
  d1: Stat;
  d4: Stat;
  d4Events: Stat;
  json: Stat;
  msgpack: Stat;
  colyseus: Stat;
  encodeUs: number;
}

function measure(players: number): Row {
  const row: Row = {
    players,
    full: stat(),
    fullParts: stat(),
    d1: stat(),
    d4: stat(),
    d4Events: stat(),
    json: stat(),
    msgpack: stat(),
    colyseus: stat(),
    encodeUs: 0,
  };
  const frames = [...workloadFrames({ players, seed: SEED, frames: FRAMES })];
  const snaps = frames.map((f) => quantizeSnapshot(ARENA_WIRE, snapshotFor(f.world, 0), 0));
  const state = new ColState();
  const colEncoder = new Encoder(state);
  const text = new TextEncoder();
  snaps.forEach((s, i) => {
    add(row.full, encodeSnapshot(ARENA_WIRE, s, null).length);
    add(row.fullParts, encodeSnapshotParts(ARENA_WIRE, s, null).length);
    if (i >= 1) add(row.d1, checkedDelta(s, snaps[i - 1]!).length);
    if (i >= 4) add(row.d4, checkedDelta(s, snaps[i - 4]!).length);
    if (i >= 4)
      add(row.d4Events, encodeSnapshot(ARENA_WIRE, { ...s, events: frames[i]!.events }, snaps[i - 4]!).length);
    add(row.json, text.encode(JSON.stringify(s)).length);
    add(row.msgpack, msgpackEncode(s).length);
    applyToColyseus(state, s);
    const patch = colEncoder.encode().length;
    colEncoder.discardChanges();
    if (i >= 1) add(row.colyseus, patch);
  });
  row.encodeUs = timeDeltaEncodes(snaps);
  return row;
}

/**
 * Microseconds per 4-old delta encode (what a server pays per client per snapshot): the best of
 * five passes over all snapshots, so JIT warm-up and a stray GC do not count.
 */
function timeDeltaEncodes(snaps: Snapshot[]): number {
  let best = Infinity;
  for (let pass = 0; pass < 5; pass++) {
    const start = performance.now();
    for (let i = 4; i < snaps.length; i++) encodeSnapshot(ARENA_WIRE, snaps[i]!, snaps[i - 4]!);
    best = Math.min(best, ((performance.now() - start) * 1000) / (snaps.length - 4));
  }
  return best;
}

const f0 = (v: number): string => Math.round(v).toLocaleString('en-US');

function render(rows: Row[]): string {
  const r16 = rows.find((r) => r.players === 16)!;
  const worst4 = Math.max(...rows.map((r) => r.d4.max));
  const meanOk = mean(r16.d4) < TARGET_MEAN_16;
  const maxOk = worst4 < MAX_DATAGRAM_BYTES;
  return [
    '## Snapshot size (bytes per snapshot, as player 0 receives it)',
    '',
    `Workload: bench/workload.ts, seed ${SEED}, bots wander, aim at the nearest enemy and shoot in bursts (rifle and rockets, kills, respawns),`,
    `60 Hz ticks, a snapshot every 2 ticks, ${FRAMES} snapshots after a 2 s warm-up. Our deltas are decoded and checked against their target during the run.`,
    'JSON / msgpack: the same quantized snapshot objects. @colyseus/schema: uint16/int16 grid fields, its "changes since the last patch" encoding (assumes every patch arrives; ours survive loss because they are against an acknowledged baseline).',
    '',
    '| players | ours full (parts) | ours Δ 1-old mean / max | ours Δ 4-old mean / max | Δ 4-old + events mean | JSON mean | msgpack mean | colyseus patch mean / max | µs per Δ encode |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.players} | ${f0(mean(r.full))} (${f0(r.fullParts.max)}) | ${f0(mean(r.d1))} / ${f0(r.d1.max)} | ${f0(mean(r.d4))} / ${f0(r.d4.max)} | ${f0(mean(r.d4Events))} | ${f0(mean(r.json))} | ${f0(mean(r.msgpack))} | ${f0(mean(r.colyseus))} / ${f0(r.colyseus.max)} | ${r.encodeUs.toFixed(1)} |`,
    ),
    '',
    '"(parts)": how many datagrams of at most 1,150 bytes the full snapshot needs (it is split, each part decodable alone).',
    '',
    `- Target: mean delta (4-old baseline) at 16 players under ${TARGET_MEAN_16} B: **${f0(mean(r16.d4))} B, ${meanOk ? 'met' : 'NOT met'}**.`,
    `- Target: every snapshot up to 128 players under ${f0(MAX_DATAGRAM_BYTES)} B with a 4-old baseline: **largest ${f0(worst4)} B, ${maxOk ? 'met' : 'NOT met'}**.`,
    '- Anchors (STACK-NOTES.md, another workload): 126 B at 16 players, 476 B at 64, 932 B at 128 for a careful bit-packed 4-old delta.',
  ].join('\n');
}

const bench: BenchModule = {
  name: 'snapshot-bytes',
  async run(): Promise<string> {
    return render(PLAYER_COUNTS.map(measure));
  },
};

export default bench;
