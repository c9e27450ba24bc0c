/**
 * Rejoin in the server (issue 13): a person who leaves keeps its match record for the rest of the
 * match; coming back under the same id with the host's word (`rejoin`) gives it back with a fresh
 * spawn; anyone else on that id, or the same player after a new match started, starts blank.
 */
import type { ServedTypes } from '../../../src/arena/server/served-game';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { describe, expect, it } from 'vitest';
import { GameServer, type ServerSettings } from '../../../src/server/game-server';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { Buttons, WEAPON_KEEP, type ArenaMap, type UserCmd } from '../../../src/sim/types';

const TICK_MS = 1000 / 60;
const map: ArenaMap = {
  name: 'open',
  width: 2000,
  height: 1200,
  walls: [],
  spawns: [
    { x: 200, y: 600 },
    { x: 800, y: 600 },
    { x: 1400, y: 600 },
  ],
};
const settings: ServerSettings<ArenaMap> = {
  tickrate: 60,
  maxUnlagS: 1,
  lagCompensation: true,
  seed: 7,
  maxPlayers: 4,
  map,
};

/** Player 1 fires (aimed at nobody) for `ticks` ticks, so its record counts shots. */
function fire(server: GameServer<ServedTypes>, ticks: number, t0: number): number {
  let now = t0;
  for (let i = 0; i < ticks; i++) {
    const tick = server.world.tick + 1;
    const cmd: UserCmd = {
      tick,
      moveX: 0,
      moveY: 0,
      aim: 16384,
      buttons: Buttons.Fire,
      weaponSelect: WEAPON_KEEP,
      viewTick: Math.max(0, tick - 6),
      viewFrac: 0,
    };
    server.receive(
      1,
      encodeCmdPacket(
        ARENA_COMMANDS,
        quantizeCmdPacket(ARENA_COMMANDS, { ackTick: null, sendTimeMs: Math.floor(now) % 65536, cmds: [cmd] }),
      ),
      now,
    );
    now += TICK_MS;
    server.tick(now);
  }
  return now;
}

const recordOf = (server: GameServer<ServedTypes>, id: number) => server.world.match.players.find((p) => p.id === id);

describe('rejoin keeps a player’s match record', () => {
  it('gives the record back to the same player and a blank one to anyone else on that id', () => {
    const server = new GameServer(settings, arenaServerGame);
    server.addClient(1, 0);
    server.addClient(2, 0);
    fire(server, 120, 0);
    const before = recordOf(server, 1)!;
    expect(before.shots).toBeGreaterThan(0);

    server.removeClient(1);
    expect(recordOf(server, 1)).toBeUndefined();
    expect(server.addClient(1, 0, true)).toBe(true);
    expect(recordOf(server, 1)).toEqual(before);
    expect(server.world.players.find((p) => p.id === 1)?.alive).toBe(true);

    // Someone else given id 1 (the host did not say it is the same player): blank.
    server.removeClient(1);
    server.addClient(1, 0, false);
    expect(recordOf(server, 1)?.shots).toBe(0);
    // ...and the old record is gone for good, even if the first player comes back later.
    server.removeClient(1);
    server.addClient(1, 0, true);
    expect(recordOf(server, 1)?.shots).toBe(0);
  });

  it('keeps the kills and deaths the end screen ranks by, with a fresh body', () => {
    const server = new GameServer(settings, arenaServerGame);
    server.addClient(1, 0);
    fire(server, 30, 0);
    // The world is the server's own between ticks: give player 1 a history to keep.
    const world = server.world as { players: Array<{ id: number; kills: number; deaths: number; health: number }> };
    const body = world.players.find((p) => p.id === 1)!;
    Object.assign(body, { kills: 4, deaths: 3, health: 35 });
    server.removeClient(1);
    server.addClient(1, 0, true);
    expect(server.world.players.find((p) => p.id === 1)).toMatchObject({
      kills: 4,
      deaths: 3,
      health: 100,
      alive: true,
    });
  });

  it('a record from an earlier match is not brought into a new one', () => {
    const server = new GameServer(settings, arenaServerGame);
    server.addClient(1, 0);
    fire(server, 60, 0);
    server.removeClient(1);
    server.startMatch({});
    server.addClient(1, 0, true);
    expect(recordOf(server, 1)?.shots).toBe(0);
  });
});
