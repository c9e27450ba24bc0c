/**
 * The runs the server-tick bench measures side by side ("lanes"): a GameServer fed by bots, or the
 * bare sim step, and the loop that times a turn of ticks of one lane. A lane runs in this thread
 * (`serverLane`, `bareLane`) or in a worker of its own (bare-step-worker.ts), each tick timed the
 * same way: process CPU time, wall time, and wall time less the thread's wait for a core.
 */
import { ARENA_COMMANDS } from '../src/arena/protocol/arena-commands';
import { performance } from 'node:perf_hooks';
import { cpuMs, type GcMeter } from './gc-meter';
import { threadWaitUs } from './thread-wait';
import { botCmd, lcg } from './bot-commands';
import { encodeCmdPacket, quantizeCmdPacket } from '../src/protocol/cmd-packet';
import { GameServer, type ServerOutput } from '../src/server/game-server';
import { arenaServerGame } from '../src/arena/server/arena-server-game';
import { DEFAULT_MAP } from '../src/sim/map';
import { addPlayer, createWorld, newStepScratch, stepWorld } from '../src/sim/world';
import type { PlayerId, UserCmd } from '../src/sim/types';
import { sanitizeCmd, type SanitizedCmd } from '../src/sim/quantize';

export const TICKRATE = 60;

/**
 * What a run samples around each tick: CPU time (µs) for the timing runs, or the heap in use
 * (bytes allocated, over a run of its own so the probe costs no timed work; a sample with a
 * collection in it is dropped, since the heap shrinks across it).
 */
export type Probe = 'cpu' | 'heap';
export const heapBytes = (): number => process.memoryUsage().heapUsed;
export const readerOf = (probe: Probe): (() => number) => (probe === 'cpu' ? (): number => cpuMs() * 1000 : heapBytes);

export interface Measured {
  /** µs of CPU time per tick, or bytes allocated (`Probe`). */
  tickUs: number[];
  /** The same ticks in wall-clock µs (CPU time counts V8's helper threads too; wall time counts other processes). */
  tickWallUs: number[];
  /** The same ticks' wall time less the time the thread waited for a core (thread-wait.ts): its time on a core. */
  tickOnCoreUs: number[];
  /** GC time as a share of the measured ticks' time (the lane given the GC meter). */
  gcShare: number;
  receiveUs: number[];
  /** Snapshot datagrams kept: count, total and largest bytes (sums, not a list: a list of every datagram grew to hundreds of KB in the heap the ticks allocate in, and the collector copied it along). */
  snapshots: { count: number; bytes: number; max: number };
}

export const measured = (): Measured => ({
  tickUs: [],
  tickWallUs: [],
  tickOnCoreUs: [],
  gcShare: 0,
  receiveUs: [],
  snapshots: { count: 0, bytes: 0, max: 0 },
});

/** One run stepped tick by tick: `prepare` (untimed) makes the tick's input, `tick` is the timed step. */
export interface Lane {
  readonly out: Measured;
  prepare(i: number): void;
  tick(i: number): void;
  /** Untimed work after the tick (acks, byte counts). */
  after(i: number, keep: boolean): void;
}

/**
 * Ticks [from, to) of `lane`, each timed; samples are kept from tick `keepFrom` on. `gc` (the
 * measured server's lane) marks the timed spans for the GC meter.
 */
export function runTurn(
  lane: Lane,
  from: number,
  to: number,
  keepFrom: number,
  read: () => number,
  gc: GcMeter | null,
): void {
  for (let i = from; i < to; i++) {
    const keep = i >= keepFrom;
    lane.prepare(i);
    const metered = keep && gc !== null;
    // Innermost the CPU clock, then the wall clock, then the scheduler's wait (a file read of
    // ~10 µs): each span holds only the tick and the cheaper clocks' reads.
    const wait0 = threadWaitUs();
    if (metered) gc.beginSpan();
    const w0 = performance.now();
    const t0 = read();
    lane.tick(i);
    const t1 = read();
    const w1 = performance.now();
    if (metered) gc.endSpan();
    const wait1 = threadWaitUs();
    lane.after(i, keep);
    if (!keep || t1 < t0) continue;
    lane.out.tickUs.push(t1 - t0);
    lane.out.tickWallUs.push((w1 - w0) * 1000);
    lane.out.tickOnCoreUs.push((w1 - w0) * 1000 - (wait1 - wait0));
  }
}

/** A GameServer fed by the bots: its packets are taken in (timed apart, as `receiveUs`) before the tick. */
export function serverLane(players: number, lagCompensation: boolean, read: () => number, keepFrom: number): Lane {
  const server = new GameServer(
    { tickrate: TICKRATE, maxUnlagS: 1, lagCompensation, seed: 7, maxPlayers: players },
    arenaServerGame,
  );
  // As the worker runs it (ServerRuntime): a tick's datagrams are views of one reused buffer.
  server.reuseDatagramBuffers();
  for (let id = 0; id < players; id++) server.addClient(id, 0);
  const rand = lcg(99);
  const history = new Map<PlayerId, UserCmd[]>();
  const acks = new Map<PlayerId, number>();
  const out = measured();
  let result: ServerOutput = { packets: [], kicks: [] };
  return {
    out,
    prepare(i) {
      const nowMs = (i * 1000) / TICKRATE;
      const next = server.world.tick + 1;
      const packets: Array<[PlayerId, Uint8Array]> = [];
      for (let id = 0; id < players; id++) {
        const cmds = [...(history.get(id) ?? []), botCmd(rand, server.world, id, next)].slice(-3);
        history.set(id, cmds);
        packets.push([
          id,
          encodeCmdPacket(
            ARENA_COMMANDS,
            quantizeCmdPacket(ARENA_COMMANDS, {
              ackTick: acks.get(id) ?? 0,
              sendTimeMs: Math.floor(nowMs) % 65536,
              cmds,
            }),
          ),
        ]);
      }
      const r0 = read();
      for (const [id, bytes] of packets) server.receive(id, bytes, nowMs);
      const r1 = read();
      if (i >= keepFrom && r1 >= r0) out.receiveUs.push(r1 - r0);
    },
    tick(i) {
      result = server.tick((i * 1000) / TICKRATE + 1);
    },
    after(_i, keep) {
      for (const p of result.packets) acks.set(p.clientId, server.world.tick);
      if (!keep) return;
      for (const p of result.packets) {
        out.snapshots.count++;
        out.snapshots.bytes += p.bytes.byteLength;
        out.snapshots.max = Math.max(out.snapshots.max, p.bytes.byteLength);
      }
    },
  };
}

/** The bare sim: stepWorld with the same kind of commands, no buffers, no rewinds, no snapshots. */
export function bareLane(players: number): Lane {
  const cfg = { tickrate: TICKRATE, map: DEFAULT_MAP };
  let world = createWorld(7);
  for (let id = 0; id < players; id++) world = addPlayer(world, id, cfg);
  const rand = lcg(99);
  // As the server steps it: one scratch reused every tick.
  const scratch = newStepScratch();
  let cmds = new Map<PlayerId, SanitizedCmd>();
  return {
    out: measured(),
    prepare() {
      cmds = new Map<PlayerId, SanitizedCmd>();
      for (let id = 0; id < players; id++) cmds.set(id, sanitizeCmd(botCmd(rand, world, id, world.tick + 1)));
    },
    tick() {
      world = stepWorld(world, cmds, cfg, undefined, scratch).world;
    },
    after() {},
  };
}
