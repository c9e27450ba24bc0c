// What Pushball's renderer reports (src/pushball/game/pushball-info.ts), the numbers the e2e tests
// sample canvas pixels with: each disc and the ball where the camera draws them, in CSS px, with
// the fill colour (the local player's lighter than its team's), the score and the phase.
import { describe, expect, it } from 'vitest';
import type { NetStats } from '../../../src/client/net-stats';
import type { PushballView } from '../../../src/pushball/client/pushball-client-game';
import { fitPitch } from '../../../src/pushball/game/pushball-camera';
import { renderInfo } from '../../../src/pushball/game/pushball-info';
import { TEAM_COLORS, discColor } from '../../../src/pushball/game/pushball-palette';
import { EMPTY_RULES } from '../../../src/pushball/protocol/rules-block';
import { PitchPhase } from '../../../src/pushball/sim';

const player = (id: number, team: 0 | 1, x: number, y: number) => ({ id, team, x, y, vx: 0, vy: 0, kickCooldown: 0 });

function view(): PushballView {
  return {
    localId: 1,
    local: { state: player(1, 0, 300, 300), drawX: 310, drawY: 290, errorX: 0, errorY: 0 },
    players: [{ ...player(2, 1, 700, 300), extrapolating: false }],
    ball: { id: 0, x: 500, y: 300, vx: 0, vy: 0, lastTouch: -1, extrapolating: false },
    ballPredicted: false,
    events: [],
    stats: { pingMs: 40 } as NetStats,
    rules: { ...EMPTY_RULES, phase: PitchPhase.Playing, scores: [2, 1] },
    tickrate: 60,
  };
}

describe('renderInfo', () => {
  it('reports the drawn positions (the local player where the prediction draws it) in CSS px', () => {
    const cam = fitPitch(1000, 600);
    const input = { moveX: 127, moveY: 0, buttons: 1 };
    const info = renderInfo({ frames: 7, fps: 59.5, view: view(), cam, input, kind: 'keyboard' });
    const s = cam.scale;
    expect(info.local).toEqual({
      id: 1,
      team: 0,
      worldX: 310,
      worldY: 290,
      screenX: cam.offsetX + 310 * s,
      screenY: cam.offsetY + 290 * s,
      color: discColor(0, true),
    });
    expect(info.players).toEqual([
      {
        id: 2,
        team: 1,
        worldX: 700,
        worldY: 300,
        screenX: cam.offsetX + 700 * s,
        screenY: cam.offsetY + 300 * s,
        color: TEAM_COLORS[1],
      },
    ]);
    // The ball on the centre spot is drawn at the canvas centre.
    expect(info.ball).toEqual({ worldX: 500, worldY: 300, screenX: 500, screenY: 300 });
    expect(info).toMatchObject({
      frames: 7,
      fps: 59.5,
      score: [2, 1],
      phase: PitchPhase.Playing,
      input,
      inputKind: 'keyboard',
    });
    expect(info.camera).toEqual(cam);
    expect(JSON.parse(JSON.stringify(info))).toEqual(info);
  });

  it('tells the local player from team mates and the other team by colour', () => {
    const [local, mate, other] = [discColor(0, true), discColor(0, false), discColor(1, false)];
    expect(new Set([local, mate, other].map((c) => c.join()))).toHaveProperty('size', 3);
    expect(discColor(1, true)).not.toEqual(other);
  });

  it('before the first frame: no camera, no pieces, 0 – 0, no phase', () => {
    const info = renderInfo({ frames: 0, fps: 0, view: null, cam: null, input: null, kind: 'touch' });
    expect(info).toEqual({
      frames: 0,
      fps: 0,
      camera: null,
      local: null,
      players: [],
      ball: null,
      score: [0, 0],
      phase: null,
      input: null,
      inputKind: 'touch',
    });
  });
});
