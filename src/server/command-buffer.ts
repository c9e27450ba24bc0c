/**
 * CommandBuffer: one client's queue of commands (any game's, command-schema.ts) keyed by the tick they are for (DESIGN §3).
 *
 * Inputs: `push(cmd, currentTick, madeAtTick)` for every command that arrives (sanitized by the
 * command decoder is the one trust boundary, nothing here checks again);
 * `take(tick)` once per server tick, for the tick being produced (= currentTick + 1).
 * Outputs: exactly one command per tick from `take`: the client's own for that tick; else the newest
 * command that arrived too late for its own tick (its input applied late rather than ignored: the
 * path just got longer and the client has not re-placed its clock yet); else a repeat of the last
 * command with the tick restamped; and once the client has sent nothing for `graceTicks`, a neutral
 * command (no move, no buttons, same aim), so a dead link leaves its player standing, not running and
 * firing. Each kind is counted. `depth(currentTick)` for the snapshot.
 * Invariants: a tick is consumed at most once; a command is used at most once; commands for ticks
 * <= currentTick are stale (counted; the newest is kept as the late input), a second command for a
 * buffered tick is a duplicate (dropped, counted), a command more than `maxAheadTicks` ahead is
 * rejected (counted). So however many commands a client sends, or whatever ticks it forges, it
 * moves at most one command per server tick.
 */
import type { CommandSchema } from '../protocol/command-schema';
import type { Tick } from '../protocol/ticks';
import { nextPowerOfTwo } from './pow2';

/** A copy the buffer may keep (the caller's object is reused by the next decode). */
function ownCopy<C>(cmd: C): C {
  return { ...cmd };
}

type Cmd = { tick: Tick };

/** Runs of repeats remembered for the stats. */
const RECENT_RUNS = 16;

export type PushOutcome = 'accepted' | 'stale' | 'duplicate' | 'future';

export interface BufferedCmd<C extends Cmd = Cmd> {
  cmd: C;
  /** The server's estimate (fractional tick) of when the client made this command: lag compensation's cross-check. */
  madeAtTick: number;
}

export interface TakenCmd<C extends Cmd = Cmd> extends BufferedCmd<C> {
  /** True when the client had sent nothing for this tick and the last command was repeated. */
  repeated: boolean;
}

export interface CommandBufferCounters {
  accepted: number;
  repeats: number;
  stale: number;
  duplicates: number;
  rejectedFuture: number;
  /** Ticks that ran a command which arrived after its own tick (applied late). */
  late: number;
  /** Ticks that ran a neutral command: nothing from the client for longer than the grace. */
  neutral: number;
  /** Longest run of consecutive repeated or neutral commands (the player's input ignored that long). */
  longestRepeatRun: number;
}

export class CommandBuffer<C extends Cmd> {
  /** Each slot is handed out as it is by `take` (repeated: false): no copy per tick. */
  private readonly slots: Array<TakenCmd<C> | null>;
  private readonly mask: number;
  private last: BufferedCmd<C> | null = null;
  /** Newest command that arrived after its tick had run and is newer than `last`. */
  private late: BufferedCmd<C> | null = null;
  private newestSeenTick = 0;
  /** Server tick of the newest 'future' rejection (-Infinity when none). */
  private lastFutureRejectAt = -Infinity;
  /** Server ticks at which a command was repeated, oldest first (pruned to the report window). */
  private readonly repeatTicks: Tick[] = [];
  readonly counters: CommandBufferCounters = {
    accepted: 0,
    repeats: 0,
    stale: 0,
    duplicates: 0,
    rejectedFuture: 0,
    late: 0,
    neutral: 0,
    longestRepeatRun: 0,
  };
  private repeatRun = 0;
  /** The last few runs of repeats, as [server tick the run ended, length]: what the debug API shows. */
  readonly recentRuns: Array<[Tick, number]> = [];

  /**
   * @param schema the game's commands: how one is repeated for a tick the client sent none for
   * @param maxAheadTicks furthest a command may be ahead of the server (about one second of ticks)
   * @param repeatWindowTicks how far back repeats lower the reported depth (about half a second)
   * @param graceTicks after this many ticks without a new command, stand-ins are neutral (about 250 ms)
   */
  constructor(
    private readonly schema: CommandSchema<C, Cmd>,
    private readonly maxAheadTicks: number,
    private readonly repeatWindowTicks: number,
    private readonly graceTicks: number = Infinity,
  ) {
    const size = nextPowerOfTwo(maxAheadTicks + 2);
    this.slots = new Array<TakenCmd<C> | null>(size).fill(null);
    this.mask = size - 1;
  }

  /**
   * Takes in one command, sanitized by the command decoder (the host's trust boundary). `cmd` is
   * never kept: the buffer keeps its own copy, so the host may decode every packet into the same
   * reused objects (most commands arrive three times, once per packet, and only the first is kept).
   */
  push(cmd: C, currentTick: Tick, madeAtTick: number): PushOutcome {
    if (cmd.tick <= currentTick) {
      this.counters.stale++;
      this.newestSeenTick = Math.max(this.newestSeenTick, cmd.tick);
      const newest = Math.max(this.last?.cmd.tick ?? -1, this.late?.cmd.tick ?? -1);
      if (cmd.tick > newest) this.late = { cmd: ownCopy(cmd), madeAtTick };
      return 'stale';
    }
    if (cmd.tick > currentTick + this.maxAheadTicks) {
      this.counters.rejectedFuture++;
      this.lastFutureRejectAt = currentTick;
      return 'future';
    }
    const index = cmd.tick & this.mask;
    const slot = this.slots[index];
    if (slot && slot.cmd.tick === cmd.tick) {
      this.counters.duplicates++;
      return 'duplicate';
    }
    this.slots[index] = { cmd: ownCopy(cmd), madeAtTick, repeated: false };
    this.newestSeenTick = Math.max(this.newestSeenTick, cmd.tick);
    this.counters.accepted++;
    return 'accepted';
  }

  /** The command for `tick`; null only before the client's first command ever (the sim then idles the player). */
  take(tick: Tick): TakenCmd<C> | null {
    const index = tick & this.mask;
    const slot = this.slots[index];
    if (slot && slot.cmd.tick === tick) {
      this.slots[index] = null;
      this.last = slot;
      this.endRun(tick);
      return slot;
    }
    // A slot holding an older tick was never consumed (it was pushed after its turn): clear it.
    if (slot && slot.cmd.tick < tick) this.slots[index] = null;
    // Lowers the reported depth whatever stands in: the client is behind and must speed up.
    this.repeatTicks.push(tick);
    const late = this.late;
    if (late && (!this.last || late.cmd.tick > this.last.cmd.tick)) {
      // The player's input, one path-change late, instead of an older input repeated.
      this.late = null;
      this.last = late;
      this.counters.late++;
      this.endRun(tick);
      return { cmd: this.schema.restamp(late.cmd, tick, 0, false), madeAtTick: late.madeAtTick, repeated: true };
    }
    this.counters.repeats++;
    if (!this.last) return null;
    this.repeatRun++;
    this.counters.longestRepeatRun = Math.max(this.counters.longestRepeatRun, this.repeatRun);
    const gap = tick - this.last.cmd.tick;
    // The repeat stands for a command the client would have made `gap` ticks later, seeing `gap` ticks more.
    if (gap <= this.graceTicks)
      return {
        cmd: this.schema.restamp(this.last.cmd, tick, gap, false),
        madeAtTick: this.last.madeAtTick + gap,
        repeated: true,
      };
    // Silent past the grace (a dead link): the game's neutral command (the arena: stand still, hold fire).
    this.counters.neutral++;
    return {
      cmd: this.schema.restamp(this.last.cmd, tick, gap, true),
      madeAtTick: this.last.madeAtTick + gap,
      repeated: true,
    };
  }

  private endRun(tick: Tick): void {
    if (this.repeatRun === 0) return;
    this.recentRuns.push([tick, this.repeatRun]);
    if (this.recentRuns.length > RECENT_RUNS) this.recentRuns.shift();
    this.repeatRun = 0;
  }

  /** Repeats in the last `repeatWindowTicks` ending at `currentTick`. */
  recentRepeats(currentTick: Tick): number {
    const from = currentTick - this.repeatWindowTicks;
    while (this.repeatTicks.length && (this.repeatTicks[0] as Tick) <= from) this.repeatTicks.shift();
    return this.repeatTicks.length;
  }

  /**
   * Reported buffer depth: newest command tick seen minus the server tick, minus one per repeat in
   * the recent window, so a client that is starving (or just was) sees a negative number and
   * speeds up. Clamped to the wire range [-64, 63].
   * A client whose commands were rejected as too far ahead in the recent window is told the
   * opposite, the maximum depth, whatever it repeated meanwhile: its clock ran away (e.g. the host's
   * worker was starved and skipped ticks) and must step back, not speed up further.
   */
  depth(currentTick: Tick): number {
    if (currentTick - this.lastFutureRejectAt <= this.repeatWindowTicks) return 63;
    const raw = this.newestSeenTick - currentTick - this.recentRepeats(currentTick);
    return Math.min(Math.max(raw, -64), 63);
  }

  /** Migration (checkpoint.ts): the command repeats are made of, null before the first. */
  get lastCommand(): BufferedCmd<C> | null {
    return this.last;
  }

  /** Migration: a fresh buffer continues a stream whose last command was `last` (repeats and grace go on from it). */
  resume(last: BufferedCmd<C>): void {
    this.last = { cmd: { ...last.cmd }, madeAtTick: last.madeAtTick };
    this.newestSeenTick = Math.max(this.newestSeenTick, last.cmd.tick);
  }

  /** Newest real command tick consumed by `take` (0 before any). */
  get lastRealTick(): Tick {
    return this.last ? this.last.cmd.tick : 0;
  }
}
