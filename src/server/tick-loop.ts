/**
 * TickLoop: the fixed-rate driver of the server (the worker runs it with performance.now and
 * setTimeout; tests run it with a fake clock).
 *
 * Inputs: an injected `now()` (ms), `schedule(fn, delayMs)` returning a handle and `cancel(handle)`,
 * the tick length, a catch-up bound, and `onTick(nowMs)` which advances the game by one tick.
 * Outputs: calls to `onTick`, counters of ticks run and ticks skipped.
 * Invariants: tick k is due at origin + k * tickMs, computed from integers so the rate never drifts
 * however long it runs, and the game never stays behind that schedule: when woken late (a GC pause,
 * a throttled tab) it runs the owed ticks, at most `maxCatchUpTicks` per wake-up and waking again at
 * once (so messages queued meanwhile are taken between bursts) until it is back on time; when more
 * than `maxOwedTicks` are owed, catching up would only replay a long pause, so it re-anchors instead:
 * `onSkip(n)` advances the game's tick numbers by n without simulating them (counted as skipped).
 */

export interface TickLoopOptions<Handle> {
  tickMs: number;
  maxCatchUpTicks: number;
  /** Most ticks owed that are still caught up; beyond this the loop re-anchors (default: one second). */
  maxOwedTicks?: number;
  /** Called with the number of ticks skipped when the loop re-anchors (the game jumps its tick numbers). */
  onSkip?(ticks: number): void;
  now(): number;
  schedule(fn: () => void, delayMs: number): Handle;
  cancel(handle: Handle): void;
  onTick(nowMs: number): void;
}

export interface TickLoopCounters {
  ticksRun: number;
  ticksSkipped: number;
  wakeUps: number;
  /** Largest number of ticks run in one wake-up. */
  maxBurst: number;
}

export class TickLoop<Handle> {
  private originMs = 0;
  /** Index of the next tick to run, counted from the origin (skipped ticks included). */
  private nextIndex = 0;
  private handle: Handle | null = null;
  private running = false;
  readonly counters: TickLoopCounters = { ticksRun: 0, ticksSkipped: 0, wakeUps: 0, maxBurst: 0 };

  constructor(private readonly opts: TickLoopOptions<Handle>) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.originMs = this.opts.now();
    // The first tick is due one tick after start, like every later one.
    this.nextIndex = 1;
    this.arm();
  }

  stop(): void {
    this.running = false;
    if (this.handle !== null) this.opts.cancel(this.handle);
    this.handle = null;
  }

  private dueAt(index: number): number {
    return this.originMs + index * this.opts.tickMs;
  }

  /** A microsecond of slack, so tick 60 at 60 Hz is due at 1000 ms despite 60 × (1000 / 60) rounding up. */
  private isDue(index: number, now: number): boolean {
    return this.dueAt(index) <= now + 1e-3;
  }

  private arm(): void {
    // Whole milliseconds, rounded up: browsers truncate fractional delays, which would wake the loop just before a tick was due.
    const delay = Math.max(0, Math.ceil(this.dueAt(this.nextIndex) - this.opts.now()));
    this.handle = this.opts.schedule(() => this.wake(), delay);
  }

  private wake(): void {
    this.handle = null;
    if (!this.running) return;
    this.counters.wakeUps++;
    const now = this.opts.now();
    let burst = 0;
    while (this.running && this.isDue(this.nextIndex, now) && burst < this.opts.maxCatchUpTicks) {
      this.opts.onTick(now);
      this.nextIndex++;
      burst++;
    }
    this.counters.ticksRun += burst;
    this.counters.maxBurst = Math.max(this.counters.maxBurst, burst);
    if (!this.running) return;
    if (!this.isDue(this.nextIndex, now)) {
      this.arm();
      return;
    }
    const owed = Math.floor((now - this.dueAt(this.nextIndex)) / this.opts.tickMs) + 1;
    if (owed > (this.opts.maxOwedTicks ?? Math.round(1000 / this.opts.tickMs))) {
      // A long pause: replaying it would freeze the host for as long again. Jump to now instead.
      this.nextIndex += owed;
      this.counters.ticksSkipped += owed;
      this.opts.onSkip?.(owed);
      this.arm();
      return;
    }
    // Behind, but within budget: wake again at once (after queued messages) and keep catching up.
    this.handle = this.opts.schedule(() => this.wake(), 0);
  }
}
