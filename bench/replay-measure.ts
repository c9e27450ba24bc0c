/**
 * The replay bench's measurements (replay.bench.ts renders them): a recorded match's bytes split
 * into key frames, deltas and events; seeks in it; and the host's tick cost with and without the
 * recorder, two identical servers timed in alternating turns.
 */
import { performance } from 'node:perf_hooks';
import { BitWriter } from '../src/protocol/bits';
import { readLeb, RecordKind, REPLAY_PREAMBLE_BYTES } from '../src/protocol/replay-format';
import { openReplay, type Replay } from '../src/protocol/replay-reader';
import type { SnapshotWire } from '../src/protocol/snapshot-schema';
import { lcg } from './bot-commands';
import { GcMeter } from './gc-meter';
import { BotHost, SEED, TICKRATE } from './replay-host';
import { threadWaitUs } from './thread-wait';
import { readerOf, runTurn } from './tick-lanes';

/** Minutes of each recording (`REPLAY_BENCH_MINUTES` shortens them for a quick check; the docs use 20). */
export const MINUTES = Number(process.env.REPLAY_BENCH_MINUTES ?? 20);
/** Play before recording starts in the bytes runs (spawns and the first shots out of the way). */
const BYTES_WARMUP_TICKS = 120;
export const SEEKS = 200;
export const OPENS = 3;
/** Seeks to the last frame before a key frame. */
export const WORST_SEEKS = 20;
/** Tick-cost runs: 30 s of warm-up (server-tick.bench.ts: V8 deoptimizes until ~1,800 ticks), 60 s measured. */
export const COST_WARMUP_TICKS = 1800;
export const COST_MEASURED_TICKS = 3600;
export const BLOCK_TICKS = 50;

// Part 1: bytes

/** Where a replay's bytes go (see splitBytes). */
interface ByteSplit {
  /** Key / delta frame records (kind and length bytes included) less their events sections. */
  keyBytes: number;
  deltaBytes: number;
  /** The events sections of every frame. */
  eventBytes: number;
  /** Preamble, header, roster. */
  otherBytes: number;
  keyFrames: number;
  deltaFrames: number;
  /** Sums of the frames' payloads (events included, record kind and length not). */
  keyPayload: number;
  deltaPayload: number;
  events: number;
}

export interface ByteRow extends ByteSplit {
  players: number;
  minutes: number;
  bytes: Uint8Array;
  wire: SnapshotWire;
  /** Snapshot datagram bytes per client per minute, same match. */
  clientBytesPerMin: number;
  /** Wall seconds the recording run took. */
  runSeconds: number;
}

/** Bits of frame `index`'s events section (its decoded events written again as the recorder writes them), and how many. */
function eventBits(wire: SnapshotWire, replay: Replay, index: number): { bits: number; count: number } {
  const f = replay.frame(index);
  const w = new BitWriter(64);
  wire.events.writeEncoded(
    w,
    f.events.map((e) => wire.events.encode(e)),
    f.tick,
  );
  return { bits: w.bitLength, count: f.events.length };
}

/**
 * Splits the file's bytes: key and delta frame records (kind and length bytes included) less the
 * bits their events sections take, those events, and the rest (preamble, header, roster).
 */
function splitBytes(wire: SnapshotWire, bytes: Uint8Array, replay: Replay): ByteSplit {
  const out: ByteSplit = {
    keyBytes: 0,
    deltaBytes: 0,
    eventBytes: 0,
    otherBytes: REPLAY_PREAMBLE_BYTES,
    keyFrames: 0,
    deltaFrames: 0,
    keyPayload: 0,
    deltaPayload: 0,
    events: 0,
  };
  let frame = 0;
  for (let at = REPLAY_PREAMBLE_BYTES; at < bytes.length;) {
    const kind = bytes[at]!;
    const len = readLeb(bytes, at + 1);
    if (!len) throw new Error(`record at ${at} cut short`);
    const size = len.end + len.value - at;
    at += size;
    if (kind !== RecordKind.keyFrame && kind !== RecordKind.deltaFrame) {
      out.otherBytes += size;
      continue;
    }
    const ev = eventBits(wire, replay, frame++);
    out.eventBytes += ev.bits / 8;
    out.events += ev.count;
    if (kind === RecordKind.keyFrame) {
      out.keyBytes += size - ev.bits / 8;
      out.keyPayload += len.value;
      out.keyFrames++;
    } else {
      out.deltaBytes += size - ev.bits / 8;
      out.deltaPayload += len.value;
      out.deltaFrames++;
    }
  }
  if (frame !== replay.frameCount) throw new Error(`${frame} frame records, ${replay.frameCount} frames opened`);
  return out;
}

export function recordMatch(players: number): ByteRow {
  const started = performance.now();
  const host = new BotHost(players);
  let i = 0;
  for (; i < BYTES_WARMUP_TICKS; i++) {
    host.prepare(i);
    host.tick(i);
    host.after(i, false);
  }
  host.record();
  for (const end = i + MINUTES * 60 * TICKRATE; i < end; i++) {
    host.prepare(i);
    host.tick(i);
    host.after(i, true);
  }
  const bytes = host.server.recording.replay()!;
  const wire = host.server.game.wire;
  const opened = openReplay(wire, bytes);
  if (!opened.ok) throw new Error(`${players}-player replay does not open: ${opened.error}`);
  return {
    players,
    minutes: MINUTES,
    bytes,
    wire,
    ...splitBytes(wire, bytes, opened.value),
    clientBytesPerMin: host.snapshotBytes / players / MINUTES,
    runSeconds: (performance.now() - started) / 1000,
  };
}

// ---------------------------------------------------------------------------------------------
// Part 2: seeking

export interface SeekRow {
  players: number;
  openMs: number[];
  firstSeekMs: number[];
  /** Random ticks, each after a seek to the far side of the replay: wall ms and ms on a core. */
  seekMs: number[];
  seekOnCoreMs: number[];
  /** The last frame before a key frame (the most deltas a seek decodes), each after a far seek. */
  worstMs: number[];
  keyFrameEvery: number;
  frames: number;
}

/** `f()`'s value, and its wall ms and ms on a core (wall less the thread's wait for one). */
function timed<T>(f: () => T): { value: T; wall: number; onCore: number } {
  const wait0 = threadWaitUs();
  const t0 = performance.now();
  const value = f();
  const wall = performance.now() - t0;
  const waited = (threadWaitUs() - wait0) / 1000;
  return { value, wall, onCore: wall - waited };
}

export function seekIn(players: number, bytes: Uint8Array, wire: SnapshotWire): SeekRow {
  const openMs: number[] = [];
  const firstSeekMs: number[] = [];
  const rand = lcg(SEED);
  let replay: Replay | null = null;
  for (let k = 0; k < OPENS; k++) {
    const open = timed(() => openReplay(wire, bytes));
    if (!open.value.ok) throw new Error(open.value.error);
    openMs.push(open.wall);
    const fresh = open.value.value;
    const tick = fresh.firstTick + Math.floor(rand() * (fresh.lastTick - fresh.firstTick + 1));
    firstSeekMs.push(timed(() => fresh.frameAt(tick)).wall);
    replay = fresh;
  }
  if (!replay) throw new Error('no opens');
  const rp = replay;
  const span = rp.lastTick - rp.firstTick + 1;
  const farFrom = (tick: number): number => rp.firstTick + ((tick - rp.firstTick + Math.floor(span / 2)) % span);
  const seekMs: number[] = [];
  const seekOnCoreMs: number[] = [];
  for (let k = 0; k < SEEKS; k++) {
    const tick = rp.firstTick + Math.floor(rand() * span);
    rp.frameAt(farFrom(tick));
    const t = timed(() => rp.frameAt(tick));
    seekMs.push(t.wall);
    seekOnCoreMs.push(t.onCore);
  }
  const every = rp.header.keyFrameEvery;
  const worstMs: number[] = [];
  for (let k = 0; k < WORST_SEEKS; k++) {
    const keys = Math.floor((rp.frameCount - 1) / every);
    const index = (1 + Math.floor(rand() * keys)) * every - 1;
    rp.frame((index + Math.floor(rp.frameCount / 2)) % rp.frameCount);
    worstMs.push(timed(() => rp.frame(index)).wall);
  }
  return {
    players,
    openMs,
    firstSeekMs,
    seekMs,
    seekOnCoreMs,
    worstMs,
    keyFrameEvery: every,
    frames: rp.frameCount,
  };
}

// ---------------------------------------------------------------------------------------------
// Part 3: tick cost, recording on vs off

export interface CostRow {
  players: number;
  /** Player 1 acked at once (a listen host's own player); delta frames spliced from the snapshots, of all deltas. */
  loopback: boolean;
  spliced: number;
  deltas: number;
  off: number[];
  on: number[];
  offOnCore: number[];
  onOnCore: number[];
  /** Per sample (both lanes measured the same ticks): whether the recorder wrote a frame on that tick. */
  frameTick: boolean[];
  keyFrameTickUs: number[];
  gcOff: number;
  gcOn: number;
  recordedKB: number;
}

export async function tickCost(players: number, loopback = false): Promise<CostRow> {
  const read = readerOf('cpu');
  const off = new BotHost(players, loopback);
  const on = new BotHost(players, loopback);
  on.record();
  const gcOff = new GcMeter();
  const gcOn = new GcMeter();
  const total = COST_WARMUP_TICKS + COST_MEASURED_TICKS;
  let turn = 0;
  for (let from = 0; from < total; from += BLOCK_TICKS) {
    if (from === COST_WARMUP_TICKS) {
      gcOff.start();
      gcOn.start();
    }
    const to = Math.min(from + BLOCK_TICKS, total);
    // Alternate which lane goes first, so neither always runs on the other's caches and garbage.
    const order: Array<[BotHost, GcMeter]> =
      turn++ % 2
        ? [
            [on, gcOn],
            [off, gcOff],
          ]
        : [
            [off, gcOff],
            [on, gcOn],
          ];
    for (const [lane, gc] of order) runTurn(lane, from, to, COST_WARMUP_TICKS, read, gc);
  }
  const [gcOffShare, gcOnShare] = [await gcOff.stop(), await gcOn.stop()];
  // Both lanes must have done the same work apart from the recorder.
  if (off.fingerprint() !== on.fingerprint() || off.snapshotBytes !== on.snapshotBytes)
    throw new Error(`${players} players: the lanes diverged (the comparison would be void)`);
  const ticks = on.ticks.join();
  if (
    ticks !== off.ticks.join() ||
    on.ticks.length !== on.out.tickUs.length ||
    off.ticks.length !== off.out.tickUs.length
  )
    throw new Error(`${players} players: the lanes' samples are not of the same ticks`);
  const recorder = on.server.recording.current!;
  const replay = on.server.recording.replay()!;
  const opened = openReplay(on.server.game.wire, replay);
  if (!opened.ok) throw new Error(`recorded lane's replay does not open: ${opened.error}`);
  // The ticks the recorder wrote a frame on (mostly every frameTicks; it may fall in step once).
  const frames = new Set(opened.value.frameTicks);
  return {
    players,
    loopback,
    spliced: recorder.counters.spliced,
    deltas: recorder.counters.frames - recorder.counters.keyFrames,
    off: off.out.tickUs,
    on: on.out.tickUs,
    offOnCore: off.out.tickOnCoreUs,
    onOnCore: on.out.tickOnCoreUs,
    frameTick: on.ticks.map((t) => frames.has(t)),
    keyFrameTickUs: on.keyFrameTickUs,
    gcOff: gcOffShare,
    gcOn: gcOnShare,
    recordedKB: replay.length / 1024,
  };
}
