import { describe, it, expect } from 'vitest';
import type { ClientView, NetStats } from '../../../src/client/view-model';
import { followCamera } from '../../../src/game/camera';
import { installDebugApi, type GameDebugApi } from '../../../src/game/debug-api';
import { PALETTE, healthColor, playerColor } from '../../../src/game/palette';
import { drawnPlayers } from '../../../src/game/render-info';
import type { PlayerState } from '../../../src/sim/types';

const state = { id: 3, x: 500, y: 400, alive: true } as PlayerState;
const view: ClientView = {
  localId: 3,
  local: { state, drawX: 510, drawY: 400, errorX: 0, errorY: 0 },
  remotes: [{ id: 5, x: 610, y: 450, vx: 0, vy: 0, aim: 0, health: 100, alive: true, crouch: false, weapon: 0, teleportSeq: 0, kills: 0, deaths: 0, extrapolating: true }],
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
    expect(remotes).toEqual([{ id: 5, screenX: 650, screenY: 410, worldX: 610, worldY: 450, color: playerColor(5, false), alive: true, extrapolating: true }]);
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
