/**
 * restoreServer hands the restored GameServer its own copy of the checkpoint's world: a successor
 * that skips the ticks since its newest snapshot (GameServer.skipTicks re-numbers the world in place)
 * must not change the checkpoint it restored from (found by test/integration/host-migration.test.ts:
 * the checkpoint's tick read after the takeover had moved by the skip).
 */
import { describe, expect, it } from 'vitest';
import { decodeCheckpoint, encodeCheckpoint } from '../../../src/arena/protocol/checkpoint-codec';
import { captureCheckpoint, restoreServer } from '../../../src/arena/server/arena-checkpoint';
import { GameServer } from '../../../src/server/game-server';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { DEFAULT_MAP } from '../../../src/sim/map';

describe('restoreServer', () => {
  it('leaves the checkpoint as decoded when the restored server skips ticks', () => {
    const host = new GameServer(
      {
        tickrate: 60,
        maxUnlagS: 1,
        lagCompensation: true,
        seed: 3,
        maxPlayers: 8,
        map: DEFAULT_MAP,
      },
      arenaServerGame,
    );
    host.addClient(1, 0);
    host.addClient(2, 0);
    for (let t = 1; t <= 30; t++) host.tick((t * 1000) / 60);
    const decoded = decodeCheckpoint(encodeCheckpoint(captureCheckpoint(host)));
    if (!decoded.ok) throw new Error(decoded.error);
    const cp = decoded.value;
    const restored = restoreServer(cp, arenaServerGame);
    if (!restored.ok) throw new Error(restored.error);
    restored.server.skipTicks(45);
    expect(restored.server.world.tick).toBe(75);
    expect(cp.world.tick).toBe(30);
    // Restoring the same checkpoint again gives the same match at the same tick.
    const again = restoreServer(cp, arenaServerGame);
    expect(again.ok && again.server.world.tick).toBe(30);
  });
});
