/**
 * Screen-space feedback in the neon look: the crosshair at the pointer, the hit marker (white X)
 * and kill marker (bigger red X), a red vignette when hurt and, around the local player, a red
 * chevron pointing toward whoever hit them.
 * Input: Kit, FrameInfo, Effects, Look. Invariants: every mark fades out over its lifetime; the
 * direction chevrons use the angle stored at the time of the hit (they do not follow the shooter).
 */
import { toScreenX, toScreenY } from '../camera';
import { LIFE, fade, type Effects } from '../effects';
import { HURT_LIFE } from '../fx/hurt-direction';
import { circle, fillRect, line, type FrameInfo, type Kit } from '../render-kit';
import { glowDot } from './glow';
import type { Look } from './look';

const EDGE = 28;

function cross(
  kit: Kit,
  x: number,
  y: number,
  inner: number,
  outer: number,
  width: number,
  color: ReturnType<Kit['color']>,
  opacity: number,
): void {
  line(kit, x - outer, y - outer, x - inner, y - inner, width, color, opacity);
  line(kit, x + outer, y - outer, x + inner, y - inner, width, color, opacity);
  line(kit, x - outer, y + outer, x - inner, y + inner, width, color, opacity);
  line(kit, x + outer, y + outer, x + inner, y + inner, width, color, opacity);
}

function drawCrosshair(kit: Kit, f: FrameInfo, fx: Effects): void {
  const { mouseX: x, mouseY: y, now } = f;
  const c = kit.color('local');
  const dark = kit.color('background');
  for (const [w, color, o] of [
    [4, dark, 0.6],
    [2, c, 0.95],
  ] as const) {
    line(kit, x - 12, y, x - 5, y, w, color, o);
    line(kit, x + 5, y, x + 12, y, w, color, o);
    line(kit, x, y - 12, x, y - 5, w, color, o);
    line(kit, x, y + 5, x, y + 12, w, color, o);
  }
  circle(kit, x, y, 1.5, c);
  const kill = fade(fx.killMarkerAt, now, LIFE.killMarker);
  if (kill > 0) cross(kit, x, y, 8, 20 + 6 * (1 - kill), 4, kit.color('killMarker'), kill);
  const hit = fade(fx.hitMarkerAt, now, LIFE.hitMarker);
  if (hit > 0 && kill <= 0) cross(kit, x, y, 6, 14, 3, kit.color('hitMarker'), hit);
}

function drawHurt(kit: Kit, f: FrameInfo, fx: Effects, look: Look): void {
  const hurt = fade(fx.hurtAt, f.now, LIFE.hurt);
  const { viewW: w, viewH: h } = f.cam;
  const red = kit.color('healthLow');
  if (hurt > 0) {
    for (let i = 0; i < 3; i++) {
      const d = EDGE * (i + 1) * 0.5;
      const o = 0.22 * hurt;
      fillRect(kit, 0, 0, w, d, red, o);
      fillRect(kit, 0, h - d, w, d, red, o);
      fillRect(kit, 0, d, d, h - 2 * d, red, o);
      fillRect(kit, w - d, d, d, h - 2 * d, red, o);
    }
  }
  const local = f.view.local;
  if (!local || fx.hurtFrom.length === 0) return;
  const cx = toScreenX(f.cam, local.drawX);
  const cy = toScreenY(f.cam, local.drawY);
  const radius = 70 * Math.max(f.cam.scale, 0.8);
  for (const ind of fx.hurtFrom) {
    const t = fade(ind.born, f.now, HURT_LIFE);
    const cos = Math.cos(ind.angle);
    const sin = Math.sin(ind.angle);
    const tipX = cx + cos * (radius + 16);
    const tipY = cy + sin * (radius + 16);
    const baseX = cx + cos * radius;
    const baseY = cy + sin * radius;
    glowDot(look.glow, baseX, baseY, 30, red, 0.6 * t);
    const p1 = kit.k.vec2(tipX, tipY);
    const p2 = kit.k.vec2(baseX - sin * 14, baseY + cos * 14);
    const p3 = kit.k.vec2(baseX + sin * 14, baseY - cos * 14);
    kit.k.drawTriangle({ p1, p2, p3, color: red, opacity: t });
  }
}

export function drawNeonScreen(kit: Kit, f: FrameInfo, fx: Effects, look: Look): void {
  drawHurt(kit, f, fx, look);
  // Watching a replay: nobody aims.
  if (!f.view.watching) drawCrosshair(kit, f, fx);
}
