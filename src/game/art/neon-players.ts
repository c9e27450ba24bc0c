/**
 * Players and rockets in the neon look: a soft glow in the player's colour under a dark-rimmed
 * body, a gun barrel toward the aim with a bright visor, the name and a slim health bar; rockets as
 * a hot core in an orange glow (their smoke trail is particles, see effects).
 * Input: Kit, FrameInfo, Look. Invariants: the body centre is drawn exactly at the position the
 * debug API reports and is the player's solid colour there (e2e pixel checks); dead players are a
 * faint ring only; glows are drawn for all players first, then the bodies, then the names (one
 * pass per texture: fewer texture switches).
 */
import { CROUCH_RADIUS, PLAYER_RADIUS } from '../../sim/config';
import { angleToRadians } from '../../sim/quantize';
import { circleVisible, toScreenX, toScreenY } from '../camera';
import { drawHealthBar, localBody, placeBody, remoteBody, type PlayerBody } from '../player-body';
import { anchoredText, circle, line, ring, type FrameInfo, type Kit } from '../render-kit';
import { glowDot } from './glow';
import type { Look } from './look';

const BARREL = 16;
const BAR_W = 34;
const BAR_H = 3;

function visible(f: FrameInfo, b: PlayerBody): boolean {
  return circleVisible(f.cam, b.x, b.y, PLAYER_RADIUS * 3);
}

function drawGlow(kit: Kit, f: FrameInfo, look: Look, b: PlayerBody): void {
  if (!b.alive || !visible(f, b)) return;
  const r = (b.crouch ? CROUCH_RADIUS : PLAYER_RADIUS) * f.cam.scale;
  glowDot(
    look.glow,
    toScreenX(f.cam, b.x),
    toScreenY(f.cam, b.y),
    r * 3.2,
    kit.player(b.id, b.isLocal),
    b.isLocal ? 0.55 : 0.42,
  );
}

function drawBody(kit: Kit, f: FrameInfo, b: PlayerBody): void {
  if (!visible(f, b)) return;
  const { cam } = f;
  const placed = placeBody(kit, cam, b);
  if (!placed) return;
  const { sx, sy, r, color } = placed;
  const a = angleToRadians(b.aim);
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const tip = r + BARREL * cam.scale;
  line(kit, sx, sy, sx + cos * tip, sy + sin * tip, 6 * cam.scale + 2, kit.color('background'));
  line(kit, sx, sy, sx + cos * tip, sy + sin * tip, 4 * cam.scale, color);
  circle(kit, sx, sy, r + 2.5, kit.color('background'), 0.9);
  circle(kit, sx, sy, r, color);
  circle(kit, sx + cos * r * 0.55, sy + sin * r * 0.55, r * 0.22, kit.color('hitMarker'), 0.85);
  if (b.extrapolating) ring(kit, sx, sy, r + 5, 1, color, 0.5);
  drawHealthBar(kit, sx, barTop(f, sy), BAR_W, BAR_H, b.health, 0.85);
}

/** Where a body's health bar starts (its name sits just above it). */
function barTop(f: FrameInfo, sy: number): number {
  return sy - PLAYER_RADIUS * f.cam.scale - 10;
}

/** A live, visible player's name over its health bar (drawn after every body: one font-texture run). */
function drawName(kit: Kit, f: FrameInfo, b: PlayerBody): void {
  if (!b.alive || !visible(f, b)) return;
  const sx = toScreenX(f.cam, b.x);
  const sy = toScreenY(f.cam, b.y);
  anchoredText(
    kit,
    f.name(b.id),
    sx,
    barTop(f, sy) - 3,
    13,
    b.isLocal ? kit.player(b.id, true) : kit.color('text'),
    'bot',
    0.92,
  );
}

function bodies(f: FrameInfo): PlayerBody[] {
  const out = f.view.remotes.map(remoteBody);
  if (f.view.local) out.push(localBody(f.view.local, f.localAim));
  return out;
}

/**
 * Every player: glows first, then bodies, the local player last (on top), then the names. Each
 * pass keeps to one texture (glow, shapes, font atlas): kaboom flushes a draw call on every texture
 * switch, and a name per body made two per player.
 */
export function drawNeonPlayers(kit: Kit, f: FrameInfo, look: Look): void {
  const all = bodies(f);
  for (const b of all) drawGlow(kit, f, look, b);
  for (const b of all) drawBody(kit, f, b);
  for (const b of all) drawName(kit, f, b);
}

const rocketShown = (f: FrameInfo, p: { x: number; y: number }): boolean => circleVisible(f.cam, p.x, p.y, 30);

/** Rockets: every glow, then every core (one texture switch, not two per rocket). */
export function drawNeonProjectiles(kit: Kit, f: FrameInfo, look: Look): void {
  const hot = kit.color('rocket');
  const core = kit.color('tracer');
  for (const p of f.view.projectiles)
    if (rocketShown(f, p)) glowDot(look.glow, toScreenX(f.cam, p.x), toScreenY(f.cam, p.y), 30 * f.cam.scale, hot, 0.8);
  for (const p of f.view.projectiles)
    if (rocketShown(f, p)) circle(kit, toScreenX(f.cam, p.x), toScreenY(f.cam, p.y), 5 * f.cam.scale, core);
}
