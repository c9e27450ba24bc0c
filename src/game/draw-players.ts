/**
 * Draws players and rockets: a body circle (smaller when crouched), an aim line, the name (plain
 * text), and a health bar. The local player is drawn at its smoothed predicted position
 * (local.drawX/drawY), everyone else where the interpolation buffer put them this frame.
 * Invariant: the body centre is drawn exactly at `playerScreenPos`, which the debug API reports
 * for pixel checks; dead players are drawn only as a faint marker.
 */
import type { LocalPlayerView, RemotePlayerView } from '../arena/client/view-model';
import { PLAYER_RADIUS } from '../sim/config';
import { angleToRadians } from '../sim/quantize';
import { circleVisible, toScreenX, toScreenY } from './camera';
import { drawHealthBar, localBody, placeBody, remoteBody, type PlayerBody } from './player-body';
import { anchoredText, circle, line, ring, type FrameInfo, type Kit } from './render-kit';

const AIM_LENGTH = 30;
const BAR_W = 36;
const BAR_H = 5;

function drawBody(kit: Kit, f: FrameInfo, b: PlayerBody): void {
  const { cam } = f;
  if (!circleVisible(cam, b.x, b.y, PLAYER_RADIUS + AIM_LENGTH)) return;
  const placed = placeBody(kit, cam, b);
  if (!placed) return;
  const { sx, sy, r, color } = placed;
  const a = angleToRadians(b.aim);
  line(kit, sx, sy, sx + Math.cos(a) * AIM_LENGTH * cam.scale, sy + Math.sin(a) * AIM_LENGTH * cam.scale, 3, color);
  circle(kit, sx, sy, r + 2, kit.color('background'), 0.7);
  circle(kit, sx, sy, r, color);
  if (b.extrapolating) ring(kit, sx, sy, r + 4, 1, color, 0.5);
  const barY = sy - PLAYER_RADIUS * cam.scale - 12;
  drawHealthBar(kit, sx, barY, BAR_W, BAR_H, b.health, 0.8);
  anchoredText(kit, f.name(b.id), sx, barY - 3, 13, kit.color('text'), 'bot', 0.9);
}

export function drawRemotes(kit: Kit, f: FrameInfo, remotes: readonly RemotePlayerView[]): void {
  for (const p of remotes) {
    drawBody(kit, f, remoteBody(p));
  }
}

export function drawLocal(kit: Kit, f: FrameInfo, local: LocalPlayerView): void {
  drawBody(kit, f, localBody(local, f.localAim));
}

export function drawProjectiles(kit: Kit, f: FrameInfo): void {
  const c = kit.color('rocket');
  for (const p of f.view.projectiles) {
    if (!circleVisible(f.cam, p.x, p.y, 8)) continue;
    circle(kit, toScreenX(f.cam, p.x), toScreenY(f.cam, p.y), 10 * f.cam.scale, c, 0.35);
    circle(kit, toScreenX(f.cam, p.x), toScreenY(f.cam, p.y), 6 * f.cam.scale, c);
  }
}
