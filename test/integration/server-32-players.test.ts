/**
 * Issue 10's last point: with snapshots encoded once per tick and spliced per client, a 32-player
 * lobby is allowed (sv_maxplayers up to 32). A full 32-player match on lossy links: everyone is
 * admitted and a 33rd refused, every datagram fits the MTU budget, every client decodes every
 * snapshot (deltas, never a resync), sees all 31 others, gets every hit and kill, and decodes its
 * own state exactly as the server has it.
 */
import { describe, it, expect } from 'vitest';
import { BotClient, Match, recordServerTruth, skirmish } from '../harness';
import { MAX_LOBBY_PLAYERS } from '../../src/protocol/control';
import { MAX_DATAGRAM_BYTES } from '../../src/protocol/wire';
import { CVARS } from '../../src/config/cvars';

const PLAYERS = 32;

describe('a full 32-player match', () => {
  it('admits 32, refuses a 33rd, and every client decodes everything exactly', () => {
    expect(CVARS.sv_maxplayers.max).toBe(PLAYERS);
    expect(MAX_LOBBY_PLAYERS).toBe(PLAYERS);
    const match = new Match({ server: { seed: 32, maxPlayers: CVARS.sv_maxplayers.max } });
    const bots = Array.from(
      { length: PLAYERS },
      (_, i) => new BotClient(i + 1, { tickrate: 60, script: skirmish(i * 13 + 1, 0.1), leadTicks: 4 }),
    );
    for (const b of bots)
      expect(match.addClient(b, { latencyMs: 40, jitterMs: 20, loss: 0.03, reorder: 0.01 })).toBe(true);
    expect(match.addClient(new BotClient(PLAYERS + 1, { tickrate: 60 }))).toBe(false);

    let largest = 0;
    match.onTick = (out) => {
      for (const p of out.packets) largest = Math.max(largest, p.bytes.length);
    };
    const truth = recordServerTruth(match, 120, bots);
    match.run(20_000);

    expect(match.server.world.players.length).toBe(PLAYERS);
    expect(match.kicks).toEqual([]);
    expect(largest).toBeLessThanOrEqual(MAX_DATAGRAM_BYTES);
    const lastTick = match.server.world.tick;
    const due = truth.events.filter((e) => e.tick <= lastTick - 60);
    expect(due.filter((e) => e.event.type === 'killed').length).toBeGreaterThan(5);
    for (const b of bots) {
      expect(b.rx.counters.decodeFailures).toBe(0);
      expect(b.rx.counters.fullAfterDelta).toBe(0);
      // 20 s at 30 snapshots/s, 3 % lost: well over 450 decoded as deltas.
      expect(b.rx.counters.delta).toBeGreaterThan(450);
      // Everyone else appeared in its snapshots during the last second.
      const others = bots.filter((o) => o.id !== b.id && (b.rx.history.get(o.id)?.at(-1)?.tick ?? -1) >= lastTick - 60);
      expect(others.length).toBe(PLAYERS - 1);
      const got = new Set(b.rx.events.map((e) => `${e.id}@${e.tick}`));
      expect(due.filter((e) => !got.has(`${e.id}@${e.tick}`))).toEqual([]);
    }
    console.log(
      `32 players, 20 s: ${due.length} events all delivered to all; largest datagram ${largest} B (budget ${MAX_DATAGRAM_BYTES}); own state compared ${truth.self.compared} times`,
    );
    expect(truth.self.compared).toBeGreaterThan(PLAYERS * 400);
    expect(truth.self.mismatches).toBe(0);
  });
});
