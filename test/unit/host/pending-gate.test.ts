import { describe, expect, it } from 'vitest';
import { PendingGate } from '../../../src/host/pending-gate';

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
});
