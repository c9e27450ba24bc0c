// Whole matches of seeded ball-chasing bots: every rule gets exercised (kicks, goals, kickoffs, the end), and the
// runs are deterministic and on the grid throughout. Virtual time only: ticks, no clock.
import { describe, expect, it } from 'vitest';
import { isOnGrid } from '../../../src/pushball/sim/quantize';
import { stepPitch } from '../../../src/pushball/sim/step';
import { PitchPhase, type PitchWorld, type PushCmd } from '../../../src/pushball/sim/types';
import { pitchWith } from './helpers';

/** A small seeded LCG for the bots' noise (test code: the sim itself needs no randomness). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Each bot runs to a spot behind the ball (seen from the goal it attacks) and kicks now and then. */
function botCommands(w: PitchWorld, rnd: () => number): Map<number, PushCmd> {
  const cmds = new Map<number, PushCmd>();
  for (const p of w.players) {
    const gx = p.team === 0 ? 900 : 100;
    const gl = Math.hypot(gx - w.ball.x, 300 - w.ball.y) || 1;
    const behind = Math.hypot(p.x - w.ball.x, p.y - w.ball.y) < 40 ? 0 : 30;
    const dx = w.ball.x - ((gx - w.ball.x) / gl) * behind - p.x;
    const dy = w.ball.y - ((300 - w.ball.y) / gl) * behind - p.y;
    const l = Math.hypot(dx, dy) || 1;
    const noise = (): number => (rnd() - 0.5) * 80;
    cmds.set(p.id, {
      tick: w.tick,
      moveX: Math.round((dx / l) * 127 + noise()),
      moveY: Math.round((dy / l) * 127 + noise()),
      buttons: rnd() < 0.3 ? 1 : 0,
    });
  }
  return cmds;
}

function playMatch(
  tickrate: number,
  seed: number,
): { world: PitchWorld; counts: Record<string, number>; trail: string[] } {
  const rnd = lcg(seed);
  let w = pitchWith([3, 1, 7, 5], { tickrate, matchSeconds: 120 });
  const counts: Record<string, number> = {};
  const trail: string[] = [];
  while (w.rules.phase !== PitchPhase.Ended && w.tick < tickrate * 600) {
    const r = stepPitch(w, botCommands(w, rnd));
    w = r.world;
    for (const e of r.events) counts[e.type] = (counts[e.type] ?? 0) + 1;
    for (const d of [...w.players, w.ball])
      if (![d.x, d.y, d.vx, d.vy].every(isOnGrid)) throw new Error(`off grid at ${w.tick}: ${JSON.stringify(d)}`);
    // A fingerprint every second, to compare runs along the way and not only at the end.
    if (w.tick % tickrate === 0) trail.push(JSON.stringify(w));
  }
  return { world: w, counts, trail };
}

describe('whole matches of bots', () => {
  for (const tickrate of [20, 60, 128]) {
    it(`at ${tickrate} Hz: kicks, goals and an end happen; a second run is identical at every second`, () => {
      const first = playMatch(tickrate, 2);
      expect(first.counts['kick'] ?? 0).toBeGreaterThan(20);
      expect(first.counts['goal'] ?? 0).toBeGreaterThan(0);
      expect(first.counts['match-end']).toBe(1);
      const second = playMatch(tickrate, 2);
      expect(second.trail).toEqual(first.trail);
      expect(second.world).toEqual(first.world);
    });
  }

  it('a different seed gives a different match (the comparison can tell runs apart)', () => {
    expect(playMatch(60, 2).trail.slice(0, 30)).not.toEqual(playMatch(60, 3).trail.slice(0, 30));
  });
});
