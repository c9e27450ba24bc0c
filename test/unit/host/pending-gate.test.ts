import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingGate, type GateTicket } from '../../../src/host/pending-gate';

describe('PendingGate', () => {
  it('caps places per source and counts refusals', () => {
    const g = new PendingGate(2, () => 10);
    expect(g.enter('a', () => {})).not.toBeNull();
    expect(g.enter('a', () => {})).not.toBeNull();
    expect(g.enter('a', () => {})).toBeNull();
    expect(g.enter('b', () => {})).not.toBeNull();
    expect(g.counters.refused).toBe(1);
    expect(g.bySource('a')).toBe(2);
  });

  it('evicts the oldest waiter when full, so a flood cannot keep an honest joiner out', () => {
    const cancelled: string[] = [];
    const g = new PendingGate(100, () => 3);
    for (let i = 0; i < 3; i++) g.enter('flood', () => cancelled.push(`f${i}`));
    const honest = g.enter('honest', () => cancelled.push('honest'));
    expect(honest).not.toBeNull();
    expect(cancelled).toEqual(['f0']);
    expect(g.running).toBe(3);
    expect(g.counters.evicted).toBe(1);
  });

  it('frees a place on leave, once', () => {
    const g = new PendingGate(1, () => 1);
    const t = g.enter('a', () => {})!;
    t.leave();
    t.leave();
    expect(g.running).toBe(0);
    expect(g.enter('a', () => {})).not.toBeNull();
  });

  it('enterOrWait: a source over its share waits for its own place, first come first served', async () => {
    const g = new PendingGate(1, () => 10, 2);
    const held = g.enter('nat', () => {})!;
    const order: string[] = [];
    const wait = (name: string): Promise<GateTicket | null> => {
      const entry = g.enterOrWait('nat', () => {}, 1000);
      if (!(entry instanceof Promise)) throw new Error(`${name} did not wait`);
      return entry.then((t) => (order.push(name), t));
    };
    const [a, b] = [wait('a'), wait('b')];
    // Another address is not held up: its place comes at once.
    const other = g.enterOrWait('other', () => {}, 1000);
    expect(other !== null && !(other instanceof Promise)).toBe(true);
    expect(g.counters.queued).toBe(2);
    held.leave();
    const ta = await a;
    expect(ta).not.toBeNull();
    expect(order).toEqual(['a']);
    ta!.leave();
    expect(await b).not.toBeNull();
    expect(order).toEqual(['a', 'b']);
    expect(g.counters.refused).toBe(0);
  });

  it('enterOrWait: a full queue refuses at once; a wait that gets no place ends in a refusal', async () => {
    vi.useFakeTimers();
    const g = new PendingGate(1, () => 10, 1);
    g.enter('nat', () => {});
    const waiting = g.enterOrWait('nat', () => {}, 500);
    expect(g.enterOrWait('nat', () => {}, 500)).toBeNull();
    expect(g.counters.refused).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(await waiting).toBeNull();
    expect(g.counters).toMatchObject({ refused: 2, queued: 1 });
    expect(g.bySource('nat')).toBe(1);
  });
});

afterEach(() => vi.useRealTimers());
