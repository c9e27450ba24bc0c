/**
 * A client that never acknowledges a snapshot never gives the server an RTT sample. It must not
 * thereby escape the 200 ms plausibility check of its claimed view time (a backtrack cheat: claim
 * to have seen the target up to sv_maxunlag ago).
 */
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, expect, it } from 'vitest';
import { encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { decodeSnapshot } from '../../../src/protocol/snapshot';
import { GameServer } from '../../../src/server/game-server';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { Buttons, WEAPON_KEEP } from '../../../src/sim/types';

/** Runs 10 s of a shooter whose every command claims a view time 58 ticks (~1 s) old; counts the server's rewind adjustments. */
function adjustments(acks: boolean): Map<string, number> {
  const server = new GameServer(
    { tickrate: 60, maxUnlagS: 1, lagCompensation: true, seed: 1, maxPlayers: 4 },
    arenaServerGame,
  );
  server.addClient(1, 0);
  server.addClient(2, 0);
  let now = 0;
  let newest = 0;
  const seen = new Map<string, number>();
  for (let i = 0; i < 600; i++) {
    const tick = server.world.tick + 2;
    const cmd = {
      tick,
      moveX: 0,
      moveY: 0,
      aim: 0,
      buttons: i % 10 === 0 ? Buttons.Fire : 0,
      weaponSelect: WEAPON_KEEP,
      viewTick: Math.max(0, tick - 58),
      viewFrac: 0,
    };
    server.receive(
      1,
      encodeCmdPacket(
        ARENA_COMMANDS,
        quantizeCmdPacket(ARENA_COMMANDS, { ackTick: acks ? newest : 0, sendTimeMs: now & 0xffff, cmds: [cmd] }),
      ),
      now,
    );
    now += 1000 / 60;
    const out = server.tick(now);
    for (const p of out.packets) {
      if (p.clientId !== 1) continue;
      const d = decodeSnapshot(ARENA_WIRE, p.bytes, () => undefined);
      if (d.ok) newest = Math.max(newest, d.value.serverTick);
    }
    const r = server.stats().clients.find((c) => c.clientId === 1)?.lastRewind;
    // From the second second on: before that the claim (clamped at tick 0) is honest by accident.
    if (r && r.tick === server.world.tick && r.tick > 60) seen.set(r.adjustment, (seen.get(r.adjustment) ?? 0) + 1);
  }
  return seen;
}

describe('rewind claims without an RTT', () => {
  it('checks the claim of a client that never acks against the estimate, as for one that does', () => {
    const acking = adjustments(true);
    const silent = adjustments(false);
    const total = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);
    expect(total(acking)).toBeGreaterThanOrEqual(30);
    expect(total(silent)).toBeGreaterThanOrEqual(30);
    // Both are caught lying by ~0.9 s on (nearly) every shot: the silent one on every shot.
    expect(acking.get('estimate') ?? 0).toBeGreaterThan(0.9 * total(acking));
    expect(silent.get('estimate')).toBe(total(silent));
    expect(silent.get('none') ?? 0).toBe(0);
  });
});
