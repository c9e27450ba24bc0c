/**
 * What protocol 3's match block costs per snapshot: the seeded workload (bench/workload.ts) with a
 * live team deathmatch running (scores change with every kill, pickups are taken and come back),
 * as player 0 receives it, encoded with its match block and with the block of a world without
 * match rules (EMPTY_MATCH: a few bytes in full, one bit in a delta), for 8, 16 and 32 players.
 * Every delta is decoded and compared with its target, so no size is reported for a wrong encoding.
 */
import { ARENA_WIRE } from '../src/arena/protocol/arena-wire';
import { decodeSnapshot, encodeSnapshot, quantizeSnapshot } from '../src/protocol/snapshot';
import type { Snapshot } from '../src/arena/protocol/arena-messages';
import { DEFAULT_RULES, GameMode } from '../src/sim';
import { snapshotFor, workloadFrames } from './workload';
import type { BenchModule } from './run';

const PLAYER_COUNTS = [8, 16, 32];
const FRAMES = 300;
const SEED = 20260;
const RULES = { ...DEFAULT_RULES, mode: GameMode.TeamDeathmatch, fragLimit: 0, timeLimitS: 0, warmupS: 0 };

const mean = (a: readonly number[]): number => a.reduce((x, y) => x + y, 0) / Math.max(1, a.length);

function checked(target: Snapshot, baseline: Snapshot | null): number {
  const bytes = encodeSnapshot(ARENA_WIRE, target, baseline);
  const out = decodeSnapshot(ARENA_WIRE, bytes, (t) => (baseline && t === baseline.serverTick ? baseline : undefined));
  const want = quantizeSnapshot(ARENA_WIRE, target, baseline ? baseline.serverTick : 0);
  if (!out.ok || JSON.stringify(out.value) !== JSON.stringify(want))
    throw new Error(`snapshot of tick ${target.serverTick} does not round-trip`);
  return bytes.length;
}

function sizes(snaps: readonly Snapshot[]): { full: number; d4: number; d4max: number } {
  const d4 = snaps.slice(4).map((s, i) => checked(s, snaps[i]!));
  return { full: mean(snaps.map((s) => checked(s, null))), d4: mean(d4), d4max: Math.max(...d4) };
}

function row(players: number): string {
  const frames = [...workloadFrames({ players, seed: SEED, frames: FRAMES, rules: RULES })];
  const withBlock = frames.map((f) => quantizeSnapshot(ARENA_WIRE, snapshotFor(f.world, 0), 0));
  const withoutBlock = withBlock.map(({ match: _match, ...rest }) => quantizeSnapshot(ARENA_WIRE, rest, 0));
  const a = sizes(withBlock);
  const b = sizes(withoutBlock);
  const kills = frames[frames.length - 1]!.world.match.teamScores.reduce((x, y) => x + y, 0);
  return `| ${players} | ${b.full.toFixed(1)} | ${a.full.toFixed(1)} | ${b.d4.toFixed(1)} / ${b.d4max} | ${a.d4.toFixed(1)} / ${a.d4max} | ${(a.d4 - b.d4).toFixed(2)} | ${kills} |`;
}

const bench: BenchModule = {
  name: 'match-block-bytes',
  async run(): Promise<string> {
    return [
      '## Match block (protocol 3): bytes per snapshot with and without it',
      '',
      `Workload: bench/workload.ts, seed ${SEED}, a live team deathmatch (no limits) on the default map, ${FRAMES} snapshots after a 2 s warm-up, as player 0 receives them.`,
      '"without": the same snapshots carrying the empty block of a world without match rules (what protocol 2 sent, plus its one bit / few bytes).',
      '',
      '| players | full without | full with | Δ 4-old without mean / max | Δ 4-old with mean / max | block cost per Δ (B) | team points scored |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...PLAYER_COUNTS.map(row),
    ].join('\n');
  },
};

export default bench;
