import { describe, it, expect } from 'vitest';
import type { ClientView, NetStats } from '../../../src/arena/client/view-model';
import { followCamera } from '../../../src/game/camera';
import { installDebugApi, type GameDebugApi } from '../../../src/game/debug-api';
import type { KaboomCtx } from 'kaboom';
import { buildMatchView } from '../../../src/arena/client/match-view';
import { PALETTE, TEAM_COLORS, healthColor, playerColor, teamsOf } from '../../../src/game/palette';
import { drawnPlayers } from '../../../src/game/render-info';
import { createKit } from '../../../src/game/render-kit';
import type { SafeText } from '../../../src/game/safe-text';
import { GameMode, MatchPhase, Team, type PublicMatchState } from '../../../src/sim/match-types';
import type { PlayerState } from '../../../src/sim/types';

const state = { id: 3, x: 500, y: 400, alive: true } as PlayerState;
const view: ClientView = {
  localId: 3,
  local: { state, drawX: 510, drawY: 400, errorX: 0, errorY: 0 },
  remotes: [
    {
      id: 5,
      x: 610,
      y: 450,
      vx: 0,
      vy: 0,
      aim: 0,
      health: 100,
      alive: true,
      crouch: false,
      weapon: 0,
      teleportSeq: 0,
      kills: 0,
      deaths: 0,
      extrapolating: true,
    },
  ],
  projectiles: [],
  events: [],
  stats: {} as NetStats,
  tickrate: 60,
};

describe('drawnPlayers', () => {
  it('reports where each body was drawn: the local one at its smoothed position', () => {
    const cam = followCamera(1100, 720, 4000, 4000, 510, 400);
    const { local, remotes } = drawnPlayers(view, cam);
    expect(local).toMatchObject({ id: 3, screenX: 550, screenY: 360, color: PALETTE.local, alive: true });
    expect(remotes).toEqual([
      {
        id: 5,
        screenX: 650,
        screenY: 410,
        worldX: 610,
        worldY: 450,
        color: playerColor(5, false),
        alive: true,
        extrapolating: true,
      },
    ]);
  });
});

describe('palette', () => {
  it('never gives another player the local colour, and blends health from red to green', () => {
    for (let id = 0; id < 256; id++) expect(playerColor(id, false)).not.toEqual(PALETTE.local);
    expect(healthColor(100, 100)).toEqual([...PALETTE.healthGood]);
    expect(healthColor(0, 100)).toEqual([...PALETTE.healthLow]);
    expect(healthColor(-50, 100)).toEqual([...PALETTE.healthLow]);
  });
});

describe('team colours (team deathmatch)', () => {
  const block = (mode: GameMode): PublicMatchState => ({
    mode,
    mapId: 3,
    phase: MatchPhase.Live,
    phaseEndTick: 0,
    fragLimit: 0,
    timeLimitS: 0,
    friendlyFire: false,
    seq: 1,
    teamScores: [0, 0],
    pickups: [],
    results: null,
    players: [
      { id: 3, team: Team.Red, score: 0, bot: false },
      { id: 5, team: Team.Blue, score: 0, bot: false },
      { id: 6, team: Team.Red, score: 0, bot: true },
    ],
  });
  const tdm = buildMatchView(block(GameMode.TeamDeathmatch), 3, 0, 60, []);

  it('dresses every other player in their team colour, never the local cyan', () => {
    expect(TEAM_COLORS[Team.Red]).not.toEqual(TEAM_COLORS[Team.Blue]);
    for (const c of Object.values(TEAM_COLORS)) expect(c).not.toEqual(PALETTE.local);
    expect(playerColor(6, false, Team.Red)).toEqual(TEAM_COLORS[Team.Red]);
    expect(playerColor(3, true, Team.Red)).toEqual(PALETTE.local);
    expect([...teamsOf(tdm)]).toEqual([
      [3, Team.Red],
      [5, Team.Blue],
      [6, Team.Red],
    ]);
    expect(teamsOf(buildMatchView(block(GameMode.Deathmatch), 3, 0, 60, [])).size).toBe(0);
    expect(teamsOf(null).size).toBe(0);
  });

  it('reports and draws the team colour: a blue enemy is blue whatever its id, in the kit too', () => {
    const cam = followCamera(1100, 720, 4000, 4000, 510, 400);
    expect(drawnPlayers({ ...view, match: tdm }, cam).remotes[0]?.color).toEqual(TEAM_COLORS[Team.Blue]);
    expect(drawnPlayers(view, cam).remotes[0]?.color).toEqual(playerColor(5, false));
    const k = { rgb: (r: number, g: number, b: number) => ({ r, g, b }) } as unknown as KaboomCtx;
    const kit = createKit(k, {} as SafeText);
    expect(kit.player(5, false)).toEqual(k.rgb(...playerColor(5, false)));
    kit.teams = teamsOf(tdm);
    expect(kit.player(5, false)).toEqual(k.rgb(...TEAM_COLORS[Team.Blue]));
    expect(kit.player(6, false)).toEqual(k.rgb(...TEAM_COLORS[Team.Red]));
    expect(kit.player(3, true)).toEqual(k.rgb(...PALETTE.local));
  });
});

describe('installDebugApi', () => {
  it('publishes the API and removes only its own', () => {
    const target: { rewindGame?: GameDebugApi } = {};
    const api = { info: () => ({}) } as unknown as GameDebugApi;
    const other = { info: () => ({}) } as unknown as GameDebugApi;
    const remove = installDebugApi(target, api);
    expect(target.rewindGame).toBe(api);
    const removeOther = installDebugApi(target, other);
    remove();
    expect(target.rewindGame).toBe(other);
    removeOther();
    expect('rewindGame' in target).toBe(false);
  });
});
