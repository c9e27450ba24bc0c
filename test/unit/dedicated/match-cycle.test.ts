/**
 * The dedicated host's match cycle: the first start goes to the worker and only then marks the
 * lobby started; an ended match (by its seq) schedules exactly one next match, after the pause,
 * on the next map of the rotation (wrapping), its beforeNext listeners awaited first; nothing runs
 * after close(). Virtual timers.
 */
import { describe, expect, it } from 'vitest';
import { MatchCycle, type CycleTimers } from '../../../src/dedicated/match-cycle';
import { DEFAULT_RULES } from '../../../src/sim/match-rules';
import { MatchPhase, type MatchRules } from '../../../src/sim/match-types';

function setup(rotation: number[]) {
  const started: MatchRules[] = [];
  const lines: string[] = [];
  const pending: Array<{ at: number; fn: () => void }> = [];
  let now = 0;
  let marked = 0;
  const timers: CycleTimers = {
    after(ms, fn) {
      const t = { at: now + ms, fn };
      pending.push(t);
      return () => pending.splice(pending.indexOf(t), 1);
    },
  };
  const worker = { startMatch: (rules: MatchRules) => (started.push(rules), Promise.resolve({ rules })) };
  const cycle = new MatchCycle(
    worker,
    { rules: { ...DEFAULT_RULES, fragLimit: 3 }, rotation, nextMatchDelayS: 5 },
    timers,
    () => now,
    (l) => lines.push(l),
    () => marked++,
  );
  const advance = async (ms: number): Promise<void> => {
    now += ms;
    for (const t of pending.filter((p) => p.at <= now)) (pending.splice(pending.indexOf(t), 1), t.fn());
    await new Promise((r) => setTimeout(r, 0));
  };
  return { cycle, started, lines, advance, marked: () => marked, pending };
}

describe('MatchCycle', () => {
  it('starts the first match in the worker, then marks the lobby started, once', async () => {
    const t = setup([1, 2]);
    await t.cycle.start('1 player in');
    await t.cycle.start('again');
    expect(t.started.map((r) => r.mapId)).toEqual([1]);
    expect(t.started[0]).toMatchObject({ fragLimit: 3, mode: DEFAULT_RULES.mode });
    expect(t.marked()).toBe(1);
    expect(t.lines).toEqual(['match 1 started (1 player in): Deathmatch on plaza, first to 3, 10 min']);
  });

  it('after a match ends, shows its end screen for the pause, then starts the next map of the rotation, wrapping', async () => {
    const t = setup([0, 3]);
    await t.cycle.start('1 player in');
    t.cycle.observe({ phase: MatchPhase.Live, seq: 1, mapId: 0 });
    expect(t.pending).toHaveLength(0);
    t.cycle.observe({ phase: MatchPhase.Ended, seq: 1, mapId: 0 });
    t.cycle.observe({ phase: MatchPhase.Ended, seq: 1, mapId: 0 }); // the same end seen again schedules nothing more
    expect(t.pending).toHaveLength(1);
    expect(t.cycle.facts()).toEqual({ matchesStarted: 1, map: 'crossfire', nextMap: 'bastion', nextMatchInS: 5 });
    await t.advance(4999);
    expect(t.started).toHaveLength(1);
    await t.advance(1);
    expect(t.started.map((r) => r.mapId)).toEqual([0, 3]);
    expect(t.cycle.facts()).toMatchObject({
      matchesStarted: 2,
      map: 'bastion',
      nextMap: 'crossfire',
      nextMatchInS: null,
    });
    t.cycle.observe({ phase: MatchPhase.Ended, seq: 2, mapId: 3 });
    await t.advance(5000);
    expect(t.started.map((r) => r.mapId)).toEqual([0, 3, 0]);
    expect(t.lines).toContain('match 1 over on crossfire; the next match starts in 5 s on bastion');
    expect(t.lines).toContain('match 2 started (after the last one ended): Deathmatch on bastion, first to 3, 10 min');
  });

  it('awaits its beforeNext listeners before every start but the first (the replay of the match that ended)', async () => {
    const t = setup([0, 1]);
    const order: string[] = [];
    t.cycle.beforeNext(async () => {
      order.push(`save ${t.cycle.matchesStarted} (${t.started.length} started)`);
      await new Promise((r) => setTimeout(r, 5));
      order.push('saved');
    });
    await t.cycle.start('at once');
    expect(order).toEqual([]);
    t.cycle.observe({ phase: MatchPhase.Ended, seq: 1, mapId: 0 });
    await t.advance(5000);
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['save 1 (1 started)', 'saved']);
    expect(t.started.map((r) => r.mapId)).toEqual([0, 1]);
  });

  it('tells its listeners when a match ended, and schedules nothing after close()', async () => {
    const t = setup([0]);
    let ended = 0;
    t.cycle.onEnded(() => ended++);
    t.cycle.observe({ phase: MatchPhase.Ended, seq: 0, mapId: 0 }); // before any start: not ours
    expect(ended).toBe(0);
    await t.cycle.start('at once');
    t.cycle.observe({ phase: MatchPhase.Ended, seq: 1, mapId: 0 });
    expect(ended).toBe(1);
    t.cycle.close();
    await t.advance(10_000);
    expect(t.started).toHaveLength(1);
  });
});
