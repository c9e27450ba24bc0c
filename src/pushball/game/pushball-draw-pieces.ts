/**
 * Draws what moves on the pitch, through the fixed camera: every player's disc in its team colour
 * (the local player lighter and ringed in white, drawn last so it is never hidden), the name above
 * each disc (safe text), and the ball. Positions are the view's: the local player where the
 * prediction draws it, the others and the ball where interpolation puts them.
 */
import type { Color } from 'kaboom';
import { anchoredText, circle, ring, type Kit } from '../../game/render-kit';
import type { PushballView } from '../client/pushball-client-game';
import { config, type PitchTeam } from '../sim';
import { screenX, screenY, type PitchCamera } from './pushball-camera';
import type { PushballColors } from './pushball-colors';

/** Name tags: this size in CSS px at scale 1, kept readable on small and large canvases. */
const NAME_SIZE = 13;

function nameSize(cam: PitchCamera): number {
  return Math.min(Math.max(Math.round(NAME_SIZE * cam.scale), 10), 18);
}

interface Disc {
  team: PitchTeam;
  x: number;
  y: number;
  name: string;
  isLocal: boolean;
}

function drawDisc(kit: Kit, cam: PitchCamera, c: PushballColors, d: Disc): void {
  const sx = screenX(cam, d.x);
  const sy = screenY(cam, d.y);
  const r = config.PLAYER_RADIUS * cam.scale;
  const edge = Math.max(1.5, 2 * cam.scale);
  circle(kit, sx, sy, r, c.disc(d.team, d.isLocal));
  ring(kit, sx, sy, r, edge, c.named.discEdge, 0.8);
  if (d.isLocal) ring(kit, sx, sy, r + 2 * edge, Math.max(2, 3 * cam.scale), c.named.outline);
  const nameColor: Color = d.isLocal ? c.named.outline : c.named.text;
  anchoredText(kit, d.name, sx, sy - r - 3 * edge - 2, nameSize(cam), nameColor, 'bot', d.isLocal ? 1 : 0.85);
}

function drawBall(kit: Kit, cam: PitchCamera, c: PushballColors, x: number, y: number): void {
  const sx = screenX(cam, x);
  const sy = screenY(cam, y);
  const r = config.BALL_RADIUS * cam.scale;
  circle(kit, sx + 0.15 * r, sy + 0.25 * r, r, c.named.panel, 0.35);
  circle(kit, sx, sy, r, c.named.ball);
  ring(kit, sx, sy, r, Math.max(1, 1.5 * cam.scale), c.named.ballEdge, 0.7);
}

/** The players (others first, the local player on top) and the ball over them. */
export function drawPieces(
  kit: Kit,
  cam: PitchCamera,
  c: PushballColors,
  view: PushballView,
  name: (id: number) => string,
): void {
  for (const p of view.players)
    drawDisc(kit, cam, c, { team: p.team, x: p.x, y: p.y, name: name(p.id), isLocal: false });
  const l = view.local;
  if (l) drawDisc(kit, cam, c, { team: l.state.team, x: l.drawX, y: l.drawY, name: name(l.state.id), isLocal: true });
  if (view.ball) drawBall(kit, cam, c, view.ball.x, view.ball.y);
}
