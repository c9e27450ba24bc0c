/**
 * Acceptance (issue 3): at 5 % loss and 40 ms jitter (both ways, some reordering), no event is
 * lost (every hit and kill reaches every client), deltas keep decoding after the first full
 * snapshot with no resync, and what each client decodes is exactly the server's state.
 */
import { describe, it, expect } from 'vitest';
import { BotClient, Match, recordServerTruth, wander } from '../harness';

describe('snapshots and events under loss', () => {
  it('delivers every event to every client and never needs a full resync', () => {
    const match = new Match({ server: { seed: 5 } });
    const ids = [1, 2, 3, 4];
    const bots = ids.map(
      (id) =>
        new BotClient(id, {
          tickrate: 60,
          script: wander(
            id * 7,
            ids.filter((x) => x !== id),
            0.15,
          ),
          leadTicks: 4,
        }),
    );
    for (const b of bots) match.addClient(b, { latencyMs: 50, jitterMs: 40, loss: 0.05, reorder: 0.02 });

    const truth = recordServerTruth(match, 300, bots);
    match.run(60_000);

    const lastTick = match.server.world.tick;
    // Events of the final second may still be on their way.
    const due = truth.events.filter((e) => e.tick <= lastTick - 60);
    const important = due.filter((e) => e.event.type === 'hit' || e.event.type === 'killed');
    expect(important.length).toBeGreaterThan(20);
    const losses = match.server.stats().clients.map((c) => c.repeats);
    for (const b of bots) {
      const got = new Set(b.rx.events.map((e) => `${e.id}@${e.tick}`));
      const missing = due.filter((e) => !got.has(`${e.id}@${e.tick}`));
      expect(missing).toEqual([]);
      expect(b.rx.counters.decodeFailures).toBe(0);
      expect(b.rx.counters.fullAfterDelta).toBe(0);
      expect(b.rx.counters.delta).toBeGreaterThan(1500);
    }
    const dropped = bots.map((b) => match.link(b.id)?.down.stats().lost ?? 0);
    console.log(
      `loss test: ${due.length} events (${important.length} hits/kills) all delivered to ${bots.length} clients; snapshots lost on the way down per client: ${dropped.join(', ')}; server repeats per client: ${losses.join(', ')}; self compared ${truth.self.compared} times`,
    );
    expect(Math.min(...dropped)).toBeGreaterThan(50);
    expect(truth.self.compared).toBeGreaterThan(4000);
    expect(truth.self.mismatches).toBe(0);
  });
});
