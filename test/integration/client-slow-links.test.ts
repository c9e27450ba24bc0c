/**
 * The netcode at the edges of the settings: the highest tickrate, and the slowest round trip the
 * cvars allow. Acks must stay usable (deltas, RTT, events released), so the history rings on both
 * ends have to cover the round trip in ticks, not in snapshots.
 */
import { describe, expect, it } from 'vitest';
import { InterpolationBuffer } from '../../src/client/interpolation-buffer';
import { Buttons, WEAPON_KEEP } from '../../src/sim/types';
import { Match } from '../harness';
import { PilotedClient } from './client-harness';

const firing = () => ({ moveX: 127, moveY: 0, aim: 0, buttons: Buttons.Fire, weaponSelect: WEAPON_KEEP });

function slowMatch(tickrate: number, oneWayMs: number) {
  const match = new Match({ server: { tickrate } });
  const shooter = new PilotedClient(1, firing, undefined, 1000 / 60, false, tickrate);
  const other = new PilotedClient(2, firing, undefined, 1000 / 60, false, tickrate);
  match.addClient(shooter, { latencyMs: oneWayMs });
  match.addClient(other, { latencyMs: oneWayMs });
  match.run(10_000);
  const stats = match.server.stats().clients.find((c) => c.clientId === 1);
  if (!stats) throw new Error('no stats for the shooter');
  return { stats, shooter };
}

describe('slow links and high tickrates', () => {
  for (const [tickrate, oneWay] of [
    [128, 300],
    [60, 1000],
  ] as const) {
    it(`keeps delta snapshots, an RTT and event acks at ${tickrate} Hz with ${oneWay} ms each way`, () => {
      const { stats, shooter } = slowMatch(tickrate, oneWay);
      // Full snapshots only until the first ack can come back (one round trip at 30/s, plus slack).
      expect(stats.fullSnapshots).toBeLessThanOrEqual(30 * ((2 * oneWay) / 1000 + 0.5));
      expect(stats.deltaSnapshots).toBeGreaterThan(2 * stats.fullSnapshots);
      expect(stats.rttMs).not.toBeNull();
      expect(stats.rttMs ?? 0).toBeGreaterThan(2 * oneWay - 20);
      expect(stats.rttMs ?? 0).toBeLessThan(2 * oneWay + 150);
      expect(stats.eventsDropped).toBe(0);
      expect(stats.eventsPending).toBeLessThan(40);
      expect(shooter.net.totals.malformedPackets).toBe(0);
    });
  }

  it('keeps enough history to interpolate at the longest delay at 128 snapshots/s', () => {
    // sv_tickrate 128, cl_updaterate 128, cl_interp 0.5: the render time is 64 ticks back.
    const buf = new InterpolationBuffer<{ id: number; x: number }>({
      lerp: (a, b, t) => ({ id: a.id, x: a.x + (b.x - a.x) * t }),
      teleported: () => false,
    });
    for (let tick = 1; tick <= 200; tick++) buf.push(tick, [{ id: 1, x: tick }]);
    const [sampled] = buf.sample(200 - 64 + 0.5, { interpolate: true, extrapolateTicks: 32 });
    expect(sampled?.state.x).toBe(136.5);
    expect(sampled?.extrapolating).toBe(false);
  });
});
