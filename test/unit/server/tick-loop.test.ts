import { describe, it, expect } from 'vitest';
import { TickLoop } from '../../../src/server/tick-loop';

/** A fake clock with timers that fire late by a chosen amount. */
class FakeTimers {
  now = 0;
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  lateness: () => number = () => 0;

  schedule = (fn: () => void, delayMs: number): number => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.now + delayMs + this.lateness(), fn });
    return id;
  };
  cancel = (id: number): void => {
    this.timers.delete(id);
  };
  get pending(): number {
    return this.timers.size;
  }
  /** Advances to `t`, firing timers in time order (each sees the clock at its own firing time). */
  advanceTo(t: number): void {
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | null = null;
      for (const entry of this.timers) if (entry[1].at <= t && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.now = next[1].at;
      next[1].fn();
    }
    this.now = t;
  }
}

function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) >>> 0;
    return s / 4294967296;
  };
}

function makeLoop(
  timers: FakeTimers,
  tickMs: number,
  maxCatchUpTicks: number,
  ticks: number[],
  skips: number[] = [],
): TickLoop<number> {
  return new TickLoop<number>({
    tickMs,
    maxCatchUpTicks,
    now: () => timers.now,
    schedule: timers.schedule,
    cancel: timers.cancel,
    onTick: (now) => ticks.push(now),
    onSkip: (n) => skips.push(n),
  });
}

describe('TickLoop', () => {
  it('does not drift over a long run with late, jittery timers', () => {
    const timers = new FakeTimers();
    const rand = seeded(3);
    timers.lateness = () => rand() * 4;
    const ticks: number[] = [];
    const loop = makeLoop(timers, 1000 / 60, 8, ticks);
    loop.start();
    const hour = 3600_000;
    timers.advanceTo(hour);
    // Exactly one tick per 1/60 s, however late each timer fired (the last one may still be pending).
    expect(loop.counters.ticksRun).toBeGreaterThanOrEqual(hour / (1000 / 60) - 1);
    expect(loop.counters.ticksRun).toBeLessThanOrEqual(hour / (1000 / 60));
    expect(loop.counters.ticksSkipped).toBe(0);
    expect(ticks.length).toBe(loop.counters.ticksRun);
  });

  it('catches up a pause within its budget in bursts, and is back on wall time at once', () => {
    const timers = new FakeTimers();
    const ticks: number[] = [];
    const skips: number[] = [];
    const loop = makeLoop(timers, 10, 5, ticks, skips);
    loop.start();
    timers.advanceTo(90);
    expect(loop.counters.ticksRun).toBe(9);
    // The worker is stalled for half a second (GC, a busy main thread): the armed timer fires late.
    timers.lateness = () => 500;
    timers.advanceTo(100);
    timers.lateness = () => 0;
    // The next timer fires at 610, 50 ticks owed.
    timers.advanceTo(610);
    // Every owed tick ran, at most 5 per wake-up, and none was skipped: the game is on wall time.
    expect(loop.counters.maxBurst).toBe(5);
    expect(loop.counters.ticksSkipped).toBe(0);
    expect(skips).toEqual([]);
    expect(loop.counters.ticksRun).toBe(61);
    const before = loop.counters.ticksRun;
    timers.advanceTo(710);
    expect(loop.counters.ticksRun - before).toBe(10);
  });

  it('re-anchors after a pause longer than its budget: the game jumps its tick numbers, never stays behind', () => {
    const timers = new FakeTimers();
    const ticks: number[] = [];
    const skips: number[] = [];
    const loop = makeLoop(timers, 10, 5, ticks, skips);
    loop.start();
    timers.advanceTo(90);
    // Frozen for three seconds (a throttled background tab): far past the one-second budget.
    timers.lateness = () => 3000;
    timers.advanceTo(100);
    timers.lateness = () => 0;
    timers.advanceTo(3120);
    expect(loop.counters.ticksSkipped).toBeGreaterThan(250);
    expect(skips.reduce((a, b) => a + b, 0)).toBe(loop.counters.ticksSkipped);
    // Every nominal tick slot up to now is either run or skipped, never both, never lost.
    expect(loop.counters.ticksRun + loop.counters.ticksSkipped).toBe(312);
    const before = loop.counters.ticksRun;
    timers.advanceTo(3220);
    expect(loop.counters.ticksRun - before).toBe(10);
  });

  it('stops cleanly and can restart', () => {
    const timers = new FakeTimers();
    const ticks: number[] = [];
    const loop = makeLoop(timers, 10, 5, ticks);
    loop.start();
    timers.advanceTo(55);
    loop.stop();
    expect(timers.pending).toBe(0);
    timers.advanceTo(500);
    expect(ticks.length).toBe(5);
    loop.start();
    timers.advanceTo(530);
    expect(ticks.length).toBe(8);
  });

  it('wakes once per tick, never just before one is due', () => {
    const timers = new FakeTimers();
    const ticks: number[] = [];
    const loop = makeLoop(timers, 1000 / 60, 5, ticks);
    loop.start();
    timers.advanceTo(10_000);
    expect(loop.counters.wakeUps).toBe(loop.counters.ticksRun);
  });

  it('passes the clock reading of the wake-up to each tick', () => {
    const timers = new FakeTimers();
    timers.lateness = () => 2;
    const ticks: number[] = [];
    const loop = makeLoop(timers, 10, 5, ticks);
    loop.start();
    timers.advanceTo(35);
    expect(ticks).toEqual([12, 22, 32]);
  });
});
