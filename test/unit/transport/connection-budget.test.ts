// The budget of RTCPeerConnections built for strangers' offers: a bucket, and a cap on uncollected ones.
import { describe, expect, it } from 'vitest';
import { ConnectionBudget } from '../../../src/transport/connection-budget';

describe('ConnectionBudget', () => {
  it('lets a burst through, then one build per refill interval', () => {
    let t = 0;
    const b = new ConnectionBudget(() => t, { burst: 3, refillMs: 1000, maxUncollected: 100 });
    expect([b.canBuild(), b.canBuild(), b.canBuild(), b.canBuild()]).toEqual([true, true, true, false]);
    t = 999;
    expect(b.canBuild()).toBe(false);
    t = 1000;
    expect([b.canBuild(), b.canBuild()]).toEqual([true, false]);
    t = 60_000;
    expect([b.canBuild(), b.canBuild(), b.canBuild(), b.canBuild()]).toEqual([true, true, true, false]);
    expect(b.counters.refusedRate).toBe(4);
  });

  it('stops building while too many built connections are not yet collected, however long the flood waits', () => {
    let t = 0;
    const b = new ConnectionBudget(() => t, { burst: 1000, refillMs: 1, maxUncollected: 5 });
    const kept: object[] = [];
    for (let i = 0; i < 5; i++) {
      expect(b.canBuild()).toBe(true);
      const pc = {};
      kept.push(pc);
      b.built(pc);
    }
    t = 1e9;
    expect(b.canBuild()).toBe(false);
    expect(b.uncollected).toBe(5);
    expect(b.counters.refusedUncollected).toBe(1);
    expect(kept).toHaveLength(5);
  });
});
