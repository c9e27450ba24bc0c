/**
 * The server runs the match rules end to end: bots fill seats and frag each other to the frag
 * limit; a client fed the server's snapshots sees the same end (phase, frozen ranking) as the
 * server; the host's next match starts on the new map for everyone; the time limit ends a match
 * on both sides; a person joining a full server takes a bot's seat.
 */
import { describe, expect, it } from 'vitest';
import { GameServer } from '../../../src/server/game-server';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { NetClient } from '../../../src/client/net-client';
import { arenaClientGame } from '../../../src/arena/client/arena-client-game';
import type { ClientView } from '../../../src/arena/client/view-model';
import { IDLE_INPUT } from '../../helpers/input';
import { defaultCvars } from '../../../src/config/cvars';
import { MAPS } from '../../../src/sim/maps';
import { GameMode, MatchPhase } from '../../../src/sim/match-types';

const TICKRATE = 60;

function setup(maxPlayers = 8) {
  const server = new GameServer(
    { tickrate: TICKRATE, maxUnlagS: 1, lagCompensation: true, seed: 7, maxPlayers },
    arenaServerGame,
  );
  server.addClient(1, 0);
  const client = new NetClient({ clientId: 1, tickrate: TICKRATE, cvars: defaultCvars(), game: arenaClientGame });
  let now = 0;
  let shown: ClientView | null = null;
  const run = (ticks: number, until?: () => boolean): void => {
    for (let i = 0; i < ticks; i++) {
      now += 1000 / TICKRATE;
      for (const p of server.tick(now).packets) if (p.clientId === 1) client.receive(p.bytes, now);
      const { packets, view } = client.frame(now, IDLE_INPUT);
      shown = view;
      for (const bytes of packets) server.receive(1, bytes, now);
      if (until?.()) return;
    }
  };
  return { server, client, run, view: (): ClientView => shown! };
}

describe('match rules on the server and the client', () => {
  it('bots frag each other to the frag limit; the client shows the same end and the same ranking', () => {
    const { server, client, run, view } = setup();
    for (let i = 0; i < 4; i++) expect(server.addBot()).not.toBeNull();
    expect(server.botCount).toBe(4);
    server.startMatch({ mode: GameMode.Deathmatch, mapId: 1, fragLimit: 2, timeLimitS: 0, warmupS: 1 });
    run(TICKRATE * 240, () => server.world.match.phase === MatchPhase.Ended);
    expect(server.world.match.phase).toBe(MatchPhase.Ended);
    const results = server.world.match.results!;
    expect(results.standings[0]!.score).toBe(2);
    run(TICKRATE);
    const m = view().match!;
    expect(m.phase).toBe(MatchPhase.Ended);
    expect(m.results).toEqual(results);
    expect(m.mapId).toBe(1);
    expect(client.totals.malformedPackets).toBe(0);
    // What a host's controls read of it (the dedicated host's match cycle and /health).
    expect(server.stats().match).toEqual({ phase: MatchPhase.Ended, phaseEndTick: 0, seq: 1, mapId: 1, bots: 4 });
  }, 120_000);

  it('the time limit ends the match on both sides; the next match starts on the new map for everyone', () => {
    const { server, run, view } = setup();
    server.startMatch({ mode: GameMode.Deathmatch, mapId: 0, fragLimit: 0, timeLimitS: 2, warmupS: 0 });
    run(TICKRATE * 2 + 30);
    expect(server.world.match.phase).toBe(MatchPhase.Ended);
    expect(view().match!.phase).toBe(MatchPhase.Ended);
    server.startMatch({ mode: GameMode.TeamDeathmatch, mapId: 3, fragLimit: 5, timeLimitS: 60, warmupS: 0 });
    run(30);
    const m = view().match!;
    expect(m.phase).toBe(MatchPhase.Live);
    expect(m.mode).toBe(GameMode.TeamDeathmatch);
    expect(m.map).toBe(MAPS[3]);
    // Everyone respawned on bastion: the server's player and the client's prediction stand on one of its spawns.
    const me = server.world.players.find((p) => p.id === 1)!;
    expect(MAPS[3]!.spawns.some((s) => s.x === me.x && s.y === me.y)).toBe(true);
    expect({ x: view().local!.state.x, y: view().local!.state.y }).toEqual({ x: me.x, y: me.y });
    expect(m.secondsLeft).toBeGreaterThan(58);
  });

  it('clamps the rules it is given and reports them', () => {
    const { server } = setup();
    const r = server.startMatch({ mode: 9, mapId: 2, fragLimit: 9999, timeLimitS: 'x' });
    expect(r.rules).toMatchObject({ mode: GameMode.Deathmatch, mapId: 2, fragLimit: 200 });
    expect(r.issues.map((i) => i.field).sort()).toEqual(['fragLimit', 'mode', 'timeLimitS']);
  });

  it('bots only take free seats, and a person joining a full server takes one back', () => {
    const { server } = setup(3);
    expect(server.addBot()).not.toBeNull();
    expect(server.addBot()).not.toBeNull();
    expect(server.addBot()).toBeNull();
    expect(server.addClient(2, 0)).toBe(true);
    expect(server.botCount).toBe(1);
    expect(server.world.players.map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 2, 255]);
  });
});
