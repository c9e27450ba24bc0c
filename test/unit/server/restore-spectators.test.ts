/**
 * A successor's server keeps the old host's spectator settings (issue 24): the checkpoint carries
 * the host's sv_ cvars, and restoreServer reads `sv_maxspectators` and `sv_spectator_delay` from
 * them: the restored server takes no more spectators than the old one, and shows them the match
 * that many seconds late (no frame before the world is that old).
 */
import { describe, expect, it } from 'vitest';
import { decodeCheckpoint, encodeCheckpoint } from '../../../src/arena/protocol/checkpoint-codec';
import { captureCheckpoint, restoreServer } from '../../../src/arena/server/arena-checkpoint';
import { GameServer } from '../../../src/server/game-server';
import type { ServedTypes } from '../../../src/arena/server/served-game';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { spectatorSettingsOf } from '../../../src/server/spectator-settings';
import { DEFAULT_MAP } from '../../../src/sim/map';

function restoredWith(cvars: Array<{ name: string; value: number | string }>): GameServer<ServedTypes> {
  const host = new GameServer(
    { tickrate: 60, maxUnlagS: 1, lagCompensation: true, seed: 3, maxPlayers: 8, map: DEFAULT_MAP },
    arenaServerGame,
  );
  host.addClient(1, 0);
  for (let t = 1; t <= 30; t++) host.tick((t * 1000) / 60);
  const decoded = decodeCheckpoint(encodeCheckpoint({ ...captureCheckpoint(host), cvars }));
  if (!decoded.ok) throw new Error(decoded.error);
  const restored = restoreServer(decoded.value, arenaServerGame);
  if (!restored.ok) throw new Error(restored.error);
  return restored.server;
}

/** Ticks `server` for `seconds`; how many datagrams went to client `id`. */
function sentTo(server: GameServer<ServedTypes>, id: number, seconds: number): number {
  let n = 0;
  const start = server.world.tick;
  for (let t = 1; t <= seconds * 60; t++)
    n += server.tick(((start + t) * 1000) / 60).packets.filter((p) => p.clientId === id).length;
  return n;
}

describe("a successor's spectators", () => {
  it("keep the old host's places and delay", () => {
    const server = restoredWith([
      { name: 'sv_maxspectators', value: 1 },
      { name: 'sv_spectator_delay', value: 2 },
    ]);
    expect(server.addSpectator(40)).toBe(true);
    expect(server.addSpectator(41)).toBe(false);
    // The world it restored is 30 ticks old: nothing for the spectator until it is 2 s old…
    expect(sentTo(server, 40, 1.4)).toBe(0);
    // …then frames.
    expect(sentTo(server, 40, 1)).toBeGreaterThan(10);
  });

  it('watch live with the defaults when the checkpoint carries neither (or nonsense)', () => {
    expect(spectatorSettingsOf([{ name: 'sv_spectator_delay', value: 'soon' }])).toEqual({});
    const server = restoredWith([]);
    expect(server.addSpectator(40)).toBe(true);
    expect(sentTo(server, 40, 0.5)).toBeGreaterThan(10);
  });
});
