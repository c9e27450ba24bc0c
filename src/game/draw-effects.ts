/**
 * Draws the short-lived effects from `Effects`: tracers, muzzle flashes, explosions, floating
 * damage numbers, the hit marker at the crosshair and a red edge when the local player is hurt.
 * Input: Kit, FrameInfo, Effects (already pruned). Invariant: opacity follows `fade`, so every
 * effect disappears smoothly by the end of its lifetime.
 */
import { WEAPONS } from '../sim/config';
import { angleToRadians } from '../sim/quantize';
import { Weapon } from '../sim/types';
import { toScreenX, toScreenY } from './camera';
import { LIFE, fade, type Effects } from './effects';
import { anchoredText, circle, fillRect, line, ring, type FrameInfo, type Kit } from './render-kit';

const FLASH_OFFSET = 22;

export function drawWorldEffects(kit: Kit, f: FrameInfo, fx: Effects): void {
  const { cam, now } = f;
  const tracer = kit.color('tracer');
  for (const t of fx.tracers) {
    line(
      kit,
      toScreenX(cam, t.x1),
      toScreenY(cam, t.y1),
      toScreenX(cam, t.x2),
      toScreenY(cam, t.y2),
      2,
      tracer,
      fade(t.born, now, LIFE.tracer),
    );
  }
  const flash = kit.color('flash');
  for (const m of fx.flashes) {
    const a = angleToRadians(m.aim);
    const x = toScreenX(cam, m.x + Math.cos(a) * FLASH_OFFSET);
    const y = toScreenY(cam, m.y + Math.sin(a) * FLASH_OFFSET);
    circle(kit, x, y, 9 * cam.scale, flash, fade(m.born, now, LIFE.flash));
  }
  const boom = kit.color('explosion');
  const splash = WEAPONS[Weapon.Rocket]?.splashRadius ?? 100;
  for (const e of fx.explosions) {
    const t = fade(e.born, now, LIFE.explosion);
    const r = splash * cam.scale * (1 - t * 0.6);
    circle(kit, toScreenX(cam, e.x), toScreenY(cam, e.y), r, boom, 0.45 * t);
    ring(kit, toScreenX(cam, e.x), toScreenY(cam, e.y), r, 3, boom, t);
  }
  for (const d of fx.damage) {
    const t = fade(d.born, now, LIFE.damage);
    const rise = (1 - t) * 30;
    const color = d.byLocal ? kit.color('damage') : kit.color('dimText');
    anchoredText(kit, `-${d.amount}`, toScreenX(cam, d.x), toScreenY(cam, d.y) - 20 - rise, 16, color, 'center', t);
  }
}

/** Crosshair with the hit marker, and the hurt flash; drawn over the world, under the HUD. */
export function drawScreenEffects(kit: Kit, f: FrameInfo, fx: Effects): void {
  const { mouseX: x, mouseY: y, now } = f;
  const cross = kit.color('text');
  // Watching a replay: nobody aims (no crosshair).
  const shown = f.view.watching ? 0 : 0.8;
  line(kit, x - 10, y, x - 4, y, 2, cross, shown);
  line(kit, x + 4, y, x + 10, y, 2, cross, shown);
  line(kit, x, y - 10, x, y - 4, 2, cross, shown);
  line(kit, x, y + 4, x, y + 10, 2, cross, shown);
  const hit = fade(fx.hitMarkerAt, now, LIFE.hitMarker);
  if (hit > 0) {
    const c = kit.color('hitMarker');
    line(kit, x - 14, y - 14, x - 6, y - 6, 3, c, hit);
    line(kit, x + 14, y - 14, x + 6, y - 6, 3, c, hit);
    line(kit, x - 14, y + 14, x - 6, y + 6, 3, c, hit);
    line(kit, x + 14, y + 14, x + 6, y + 6, 3, c, hit);
  }
  const hurt = fade(fx.hurtAt, now, LIFE.hurt);
  if (hurt > 0) {
    const c = kit.color('healthLow');
    const { viewW: w, viewH: h } = f.cam;
    fillRect(kit, 0, 0, w, 14, c, 0.5 * hurt);
    fillRect(kit, 0, h - 14, w, 14, c, 0.5 * hurt);
    fillRect(kit, 0, 0, 14, h, c, 0.5 * hurt);
    fillRect(kit, w - 14, 0, 14, h, c, 0.5 * hurt);
  }
}
