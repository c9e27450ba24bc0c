// The budget of RTCPeerConnections built for strangers' offers: buckets per source and for all, a cap on uncollected ones.
import { describe, expect, it } from 'vitest';
import { ConnectionBudget, DEFAULT_BUDGET_POLICY } from '../../../src/transport/connection-budget';

const WIDE = { burst: 1000, refillMs: 1 };

describe('ConnectionBudget', () => {
  it('lets a burst through for everyone, then one build per refill interval', () => {
    let t = 0;
    const b = new ConnectionBudget(() => t, {
      total: { burst: 3, refillMs: 1000 },
      reserve: 0,
      perSource: WIDE,
      maxUncollected: 100,
    });
    const four = (): boolean[] => ['a', 'b', 'c', 'd'].map((s) => b.canBuild(s));
    expect(four()).toEqual([true, true, true, false]);
    t = 999;
    expect(b.canBuild('e')).toBe(false);
    t = 1000;
    expect([b.canBuild('e'), b.canBuild('f')]).toEqual([true, false]);
    t = 60_000;
    expect(four()).toEqual([true, true, true, false]);
    expect(b.counters.refusedRate).toBe(4);
  });

  it("keeps a flood from a few sources from spending a newcomer's share", () => {
    let t = 0;
    const b = new ConnectionBudget(() => t, DEFAULT_BUDGET_POLICY);
    let attackerBuilds = 0;
    // Four flooding addresses, 100 offers a second each, for 60 s.
    for (let ms = 0; ms < 60_000; ms += 10) {
      t = ms;
      for (const s of ['addr:a', 'addr:b', 'addr:c', 'addr:d']) if (b.canBuild(s)) attackerBuilds += 1;
      if (ms % 5000 === 0) expect(b.canBuild(`addr:newcomer${ms}`)).toBe(true);
    }
    expect(attackerBuilds).toBeLessThanOrEqual(4 * (16 + 60_000 / 5000));
    expect(b.counters.refusedSource + b.counters.refusedRate).toBeGreaterThan(20_000);
  });

  it('lets sixteen friends behind one router join at once', () => {
    const b = new ConnectionBudget(() => 0, DEFAULT_BUDGET_POLICY);
    expect(Array.from({ length: 16 }, () => b.canBuild('addr:home'))).toEqual(Array(16).fill(true));
  });

  it('keeps the reserve from sources that spent half of their own, and gives it to a fresh one', () => {
    const b = new ConnectionBudget(() => 0, {
      total: { burst: 10, refillMs: 1e9 },
      reserve: 4,
      perSource: { burst: 8, refillMs: 1e9 },
      maxUncollected: 100,
    });
    let flood = 0;
    for (let i = 0; i < 8; i++) if (b.canBuild('addr:a')) flood += 1;
    // 'a' took 4 freely (half its own), then 2 more above the reserve of 4; the rest is kept.
    expect(flood).toBe(6);
    expect([
      b.canBuild('addr:new1'),
      b.canBuild('addr:new2'),
      b.canBuild('addr:new3'),
      b.canBuild('addr:new4'),
      b.canBuild('addr:new5'),
    ]).toEqual([true, true, true, true, false]);
  });

  it('stops building while too many built connections are not yet collected, however long the flood waits', () => {
    let t = 0;
    const b = new ConnectionBudget(() => t, { total: WIDE, reserve: 0, perSource: WIDE, maxUncollected: 5 });
    const kept: object[] = [];
    for (let i = 0; i < 5; i++) {
      expect(b.canBuild(`s${i}`)).toBe(true);
      const pc = {};
      kept.push(pc);
      b.built(pc);
    }
    t = 1e9;
    expect(b.canBuild('x')).toBe(false);
    expect(b.uncollected).toBe(5);
    expect(b.counters.refusedUncollected).toBe(1);
    expect(kept).toHaveLength(5);
  });
});
