/**
 * Acceptance (issue 3): the rewind target is capped. A claimed view time older than sv_maxunlag
 * is clamped to it; a claim inconsistent with the server's measured RTT by more than 200 ms is
 * replaced by the server's estimate; an honest claim is used as is.
 */
import { describe, it, expect } from 'vitest';
import { BotClient, Match, openArena, type BotContext } from '../harness';
import { Buttons, type UserCmd } from '../../src/sim/types';
import type { RewindRecord } from '../../src/server/stats';

const SHOOTER = 1;

/** Fires every 15 ticks at nothing in particular: only the rewind bookkeeping matters here. */
const fireOften = (ctx: BotContext) => ({ buttons: ctx.tick % 15 === 0 ? Buttons.Fire : 0, aim: 0 });

/** Runs a shooter at 150 ms RTT (claims rewritten by `forge`), collects every rewind the server did for it. */
function rewinds(forge: ((cmds: UserCmd[]) => UserCmd[][]) | undefined, setup?: (m: Match) => void): RewindRecord[] {
  const map = openArena([
    { x: 200, y: 300 },
    { x: 1200, y: 1000 },
  ]);
  const match = new Match({ server: { seed: 4, map } });
  setup?.(match);
  const shooter = new BotClient(SHOOTER, {
    tickrate: 60,
    script: fireOften,
    net: { interpMs: 100 },
    ...(forge ? { forgePackets: forge } : {}),
  });
  match.addClient(shooter, { latencyMs: 75 });
  match.addClient(new BotClient(2, { tickrate: 60 }), { latencyMs: 20 });
  const seen: RewindRecord[] = [];
  match.onTick = (_out, m) => {
    const r = m.server.stats().clients.find((c) => c.clientId === SHOOTER)?.lastRewind;
    if (r && r.tick === m.server.world.tick) seen.push(r);
  };
  match.run(12_000);
  // Skip the first seconds, while the RTT estimate settles.
  return seen.filter((r) => r.tick > 180);
}

describe('rewind target cap', () => {
  it('uses an honest claim as it is, about RTT + interp behind', () => {
    const rs = rewinds(undefined);
    expect(rs.length).toBeGreaterThan(20);
    for (const r of rs) {
      expect(r.adjustment).toBe('none');
      expect(r.viewTime).toBe(r.claimedViewTime);
      // 150 ms RTT + 100 ms interp ≈ 15 ticks behind the shot tick, give or take a snapshot interval and the lead.
      expect(r.tick - r.viewTime).toBeGreaterThan(12);
      expect(r.tick - r.viewTime).toBeLessThan(22);
    }
  });

  it('clamps a claim older than sv_maxunlag', () => {
    const rs = rewinds(undefined, (m) => m.server.setSetting('sv_maxunlag', 0.1));
    expect(rs.length).toBeGreaterThan(20);
    for (const r of rs) {
      expect(r.adjustment).toBe('clamped');
      // "now" is the last recorded tick (the one before the shot); 0.1 s = 6 ticks.
      expect(r.viewTime).toBe(r.tick - 1 - 6);
      expect(r.claimedViewTime).toBeLessThan(r.viewTime);
    }
  });

  it('replaces a claim more than 200 ms away from the estimate by the estimate', () => {
    // The client claims to have seen the world 500 ms further back than it did.
    const rs = rewinds((cmds) => [cmds.map((c) => ({ ...c, viewTick: Math.max(0, c.viewTick - 30) }))]);
    expect(rs.length).toBeGreaterThan(20);
    for (const r of rs) {
      expect(r.adjustment).toBe('estimate');
      const honest = r.claimedViewTime + 30;
      // The estimate lands near what the client really saw (within a few ticks), far from the claim.
      expect(Math.abs(r.viewTime - honest)).toBeLessThan(4);
    }
  });

  it('keeps a claim that is off by less than 200 ms', () => {
    const rs = rewinds((cmds) => [cmds.map((c) => ({ ...c, viewTick: Math.max(0, c.viewTick - 4) }))]);
    for (const r of rs) expect(r.adjustment).toBe('none');
    expect(rs.length).toBeGreaterThan(20);
  });
});
