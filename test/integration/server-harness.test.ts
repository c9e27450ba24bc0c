/**
 * The harness itself: a simulated match is reproducible from its seeds (server seed, link seeds,
 * bot scripts), and the virtual clock ticks the server exactly at the tickrate.
 */
import { describe, it, expect } from 'vitest';
import { BotClient, Match, wander } from '../harness';

function play(linkSeedOffset: number): { world: string; received: number[]; ticks: number } {
  const match = new Match({ server: { seed: 12 } });
  const ids = [1, 2, 3];
  const bots = ids.map(
    (id) =>
      new BotClient(id, {
        tickrate: 60,
        script: wander(
          id,
          ids.filter((x) => x !== id),
          0.1,
        ),
      }),
  );
  for (const b of bots)
    match.addClient(
      b,
      { latencyMs: 60, jitterMs: 30, loss: 0.05, duplicate: 0.02, reorder: 0.02 },
      b.id + linkSeedOffset,
    );
  match.run(10_000);
  return {
    world: JSON.stringify(match.server.world),
    received: bots.map((b) => b.rx.counters.snapshots),
    ticks: match.ticks,
  };
}

describe('harness', () => {
  it('replays a lossy match identically from the same seeds', () => {
    const a = play(0);
    const b = play(0);
    expect(b).toEqual(a);
    expect(a.ticks).toBe(600);
    // Different link seeds lose different packets: the run changes.
    expect(play(100).received).not.toEqual(a.received);
  });
});
