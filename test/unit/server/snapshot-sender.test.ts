/**
 * SnapshotSender hands the broadcast the clients due this tick before it encodes any, so the
 * baseline checksums hash due clients' views together: with every other client due (30
 * snapshots/s at 60 Hz, spread by id), 16 due clients among 32 take 4 groups of four lanes per
 * tick, where groups of adjacent rows took 8 (half of each for views nobody was sent).
 */
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, expect, it } from 'vitest';
import { defaultAbuseLimits } from '../../../src/server/abuse-monitor';
import { ServerSideClient } from '../../../src/server/server-side-client';
import { SnapshotSender } from '../../../src/server/snapshot-sender';
import { EMPTY_MATCH } from '../../../src/arena/protocol/match-value';
import { DEFAULT_MAP, addPlayer, createWorld } from '../../../src/sim';
import { WEAPON_KEEP, type WorldState } from '../../../src/sim/types';
import { sanitizeCmd } from '../../../src/sim/quantize';

describe('SnapshotSender', () => {
  it("checksums the due clients' baselines in groups of due clients: 4 groups for 16 of 32 per tick", () => {
    let world: WorldState = createWorld(3);
    for (let id = 0; id < 32; id++) world = addPlayer(world, id, { tickrate: 60, map: DEFAULT_MAP });
    const sessions = Array.from(
      { length: 32 },
      (_, id) => new ServerSideClient(id, { tickrate: 60, abuse: defaultAbuseLimits(60), commands: ARENA_COMMANDS }),
    );
    const sender = new SnapshotSender(ARENA_WIRE);
    const groupsPerTick: number[] = [];
    for (let tick = 1; tick <= 12; tick++) {
      world = { ...world, tick };
      const nowMs = tick * 16;
      const before = sender.checksumGroups();
      const packets = sender.send(
        sessions,
        world.tick,
        () => [world.players, world.projectiles],
        () => EMPTY_MATCH,
        [],
        nowMs,
      );
      groupsPerTick.push(sender.checksumGroups() - before);
      if (tick === 12) expect(packets.length).toBe(16);
      // Every client acks at once what it was sent, so from its second snapshot on it has a baseline.
      for (const p of packets) {
        const cmd = sanitizeCmd({
          tick: tick + 1,
          moveX: 0,
          moveY: 0,
          aim: 0,
          buttons: 0,
          weaponSelect: WEAPON_KEEP,
          viewTick: tick,
          viewFrac: 0,
        });
        sessions[p.clientId]!.receivePacket({ ackTick: tick, sendTimeMs: nowMs, cmds: [cmd] }, nowMs + 1, tick, tick);
      }
    }
    // The first two ticks send full snapshots (no baseline yet): no checksum. Then 16 due a tick.
    expect(groupsPerTick.slice(0, 2)).toEqual([0, 0]);
    expect(groupsPerTick.slice(4)).toEqual([4, 4, 4, 4, 4, 4, 4, 4]);
  });
});
