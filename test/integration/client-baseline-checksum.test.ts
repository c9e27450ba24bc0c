/**
 * Baseline checksum (issue 9): a client whose copies of its baselines went wrong (here: corrupted on
 * purpose, as a decoder bug or a restarted client would leave them) detects it on the next delta,
 * counts it, drops every copy it holds and acks none, so the host sends a full snapshot at once:
 * the client is back on the server's exact state within a round trip.
 * Without the checksum those deltas would decode "successfully" into wrong positions.
 */
import { ARENA_WIRE } from '../../src/arena/protocol/arena-wire';
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/arena/protocol/arena-messages';
import { decodeSnapshot, encodeSnapshot } from '../../src/protocol/snapshot';
import { Link } from '../harness/link';
import { Match } from '../harness/match';
import { IDLE, PilotedClient } from './client-harness';

const ID = 1;

describe('baseline checksum', () => {
  it("a delta against a baseline that differs from the encoder's is refused, naming that baseline", () => {
    const base: Snapshot = {
      serverTick: 100,
      baselineTick: 0,
      lastCmdTick: 100,
      cmdBufferDepth: 2,
      echoTimeMs: 0,
      echoHoldMs: 0,
      part: 0,
      partCount: 1,
      self: {
        id: 1,
        x: 100,
        y: 100,
        vx: 0,
        vy: 0,
        aim: 0,
        health: 100,
        alive: true,
        crouch: false,
        weapon: 0,
        ammo: [20, 4],
        nextFireTick: 0,
        reloadEndTick: 0,
        deployEndTick: 0,
        respawnTick: 0,
        teleportSeq: 0,
        kills: 0,
        deaths: 0,
      },
      players: [
        {
          id: 2,
          x: 300,
          y: 200,
          vx: 16,
          vy: 0,
          aim: 0,
          health: 100,
          alive: true,
          crouch: false,
          weapon: 0,
          teleportSeq: 0,
          kills: 1,
          deaths: 0,
        },
      ],
      projectiles: [],
      events: [],
    };
    const next: Snapshot = { ...base, serverTick: 102, lastCmdTick: 102, players: [{ ...base.players[0]!, x: 301 }] };
    const bytes = encodeSnapshot(ARENA_WIRE, next, base);
    const good = decodeSnapshot(ARENA_WIRE, bytes, () => base);
    expect(good.ok).toBe(true);
    const wrong: Snapshot = { ...base, players: [{ ...base.players[0]!, x: 310 }] };
    const bad = decodeSnapshot(ARENA_WIRE, bytes, () => wrong);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.baselineMismatch).toBe(100);
  });

  it("a client with corrupted baselines detects it, counts it and is back on the server's state", () => {
    const match = new Match({ server: { seed: 8 } });
    const client = new PilotedClient(ID, (_v, now) => ({
      ...IDLE,
      moveX: Math.floor(now / 600) % 2 === 0 ? 127 : -127,
    }));
    const server: Map<number, string> = new Map();
    match.onTick = (_o, m) => {
      const p = m.server.world.players.find((q) => q.id === ID);
      if (p) server.set(m.server.world.tick, JSON.stringify(p));
    };
    expect(match.addClient(client, Link.rtt(100, 10, 0), 3)).toBe(true);
    match.run(3000);
    // Corrupt every baseline the client holds (the test reaches into the inbox's ring on purpose).
    const ring = (client.net as unknown as { parts: { inbox: { baselines: (Snapshot | undefined)[] } } }).parts.inbox
      .baselines;
    for (const b of ring) if (b) b.self = { ...b.self, x: b.self.x + 5 };
    const fullBefore = match.server.stats().clients[0]!.fullSnapshots;
    match.run(1500);
    const mismatches = client.net.totals.baselineMismatches;
    const fullAfter = match.server.stats().clients[0]!.fullSnapshots;
    // After recovery every newest snapshot's self is the server's player at that tick, bit for bit.
    let checked = 0;
    let wrong = 0;
    const inbox = (client.net as unknown as { parts: { inbox: { newest: Snapshot | null } } }).parts.inbox;
    for (let i = 0; i < 60; i++) {
      match.run(50);
      const snap = inbox.newest!;
      checked++;
      if (JSON.stringify(snap.self) !== server.get(snap.serverTick)) wrong++;
    }
    console.log(
      `baseline checksum: ${mismatches} mismatches detected, full snapshots ${fullBefore} -> ${fullAfter}, ${wrong} of ${checked} later snapshots off the server's state`,
    );
    expect(mismatches).toBeGreaterThan(0);
    expect(wrong).toBe(0);
  });
});
