/**
 * The short-lived world effects in the neon look: particles (sparks, embers, smoke, shards, spawn
 * motes), glowing tracers, muzzle flashes, explosion shock waves, spawn rings and floating damage.
 * Input: Kit, FrameInfo, Effects (already pruned and stepped), Look. Invariants: opacity follows
 * `fade` or the particle's age, so everything disappears smoothly by the end of its life; at most
 * MAX_DRAWN particles are drawn per frame and only those on screen (bounded frame cost).
 */
import { WEAPONS } from '../../sim/config';
import { angleToRadians } from '../../sim/quantize';
import { Weapon } from '../../sim/types';
import { toScreenX, toScreenY } from '../camera';
import { LIFE, fade, type Effects } from '../effects';
import { anchoredText, circle, line, ring, type FrameInfo, type Kit } from '../render-kit';
import { glowBeam, glowDot } from './glow';
import { particleColor, type Look } from './look';

export const MAX_DRAWN = 500;
const FLASH_OFFSET = 24;

function drawParticles(kit: Kit, f: FrameInfo, fx: Effects, look: Look): void {
  const p = fx.particles;
  const { cam } = f;
  const n = Math.min(p.count, MAX_DRAWN);
  for (let i = 0; i < n; i++) {
    const sx = toScreenX(cam, p.x[i] ?? 0);
    const sy = toScreenY(cam, p.y[i] ?? 0);
    const r = (p.size[i] ?? 1) * cam.scale * 2.2;
    if (sx < -r || sy < -r || sx > cam.viewW + r || sy > cam.viewH + r) continue;
    const t = 1 - p.ageOf(i);
    glowDot(look.glow, sx, sy, r * (0.6 + 0.4 * t), particleColor(kit, p.color[i] ?? 0, f.view.localId), t);
  }
}

/**
 * Tracers and muzzle flashes, each in two passes (glows, then cores): a pass keeps to one texture,
 * and kaboom flushes a draw call on every texture switch (two per tracer and per flash otherwise).
 */
function drawShots(kit: Kit, f: FrameInfo, fx: Effects, look: Look): void {
  const { cam, now } = f;
  for (const t of fx.tracers) {
    const a = fade(t.born, now, LIFE.tracer);
    glowBeam(
      look.glow,
      toScreenX(cam, t.x1),
      toScreenY(cam, t.y1),
      toScreenX(cam, t.x2),
      toScreenY(cam, t.y2),
      12 * cam.scale,
      kit.player(t.shooter, t.shooter === f.view.localId),
      0.55 * a,
    );
  }
  const tracer = kit.color('tracer');
  for (const t of fx.tracers)
    line(
      kit,
      toScreenX(cam, t.x1),
      toScreenY(cam, t.y1),
      toScreenX(cam, t.x2),
      toScreenY(cam, t.y2),
      1.6,
      tracer,
      fade(t.born, now, LIFE.tracer),
    );
  const flash = kit.color('flash');
  for (const m of fx.flashes)
    glowDot(
      look.glow,
      flashX(f, m),
      flashY(f, m),
      34 * flashScale(m) * cam.scale,
      flash,
      fade(m.born, now, LIFE.flash),
    );
  const core = kit.color('hitMarker');
  for (const m of fx.flashes)
    circle(kit, flashX(f, m), flashY(f, m), 5 * flashScale(m) * cam.scale, core, fade(m.born, now, LIFE.flash));
}

type Flash = Effects['flashes'][number];
const flashScale = (m: Flash): number => (m.weapon === Weapon.Rocket ? 1.6 : 1);
const flashX = (f: FrameInfo, m: Flash): number =>
  toScreenX(f.cam, m.x + Math.cos(angleToRadians(m.aim)) * FLASH_OFFSET);
const flashY = (f: FrameInfo, m: Flash): number =>
  toScreenY(f.cam, m.y + Math.sin(angleToRadians(m.aim)) * FLASH_OFFSET);

/** Explosions (both glows of each, then the shock rings: one texture switch) and spawn rings. */
function drawBlasts(kit: Kit, f: FrameInfo, fx: Effects, look: Look): void {
  const { cam, now } = f;
  const boom = kit.color('explosion');
  const hot = kit.color('tracer');
  const splash = WEAPONS[Weapon.Rocket]?.splashRadius ?? 100;
  for (const e of fx.explosions) {
    const t = fade(e.born, now, LIFE.explosion);
    const x = toScreenX(cam, e.x);
    const y = toScreenY(cam, e.y);
    glowDot(look.glow, x, y, splash * cam.scale * (1.6 - 0.6 * t), boom, t);
    glowDot(look.glow, x, y, splash * cam.scale * 0.5 * t, hot, t);
  }
  for (const e of fx.explosions) {
    const t = fade(e.born, now, LIFE.explosion);
    ring(kit, toScreenX(cam, e.x), toScreenY(cam, e.y), splash * cam.scale * (1 - t * 0.7), 3, boom, t);
  }
  for (const s of fx.spawns) {
    const t = fade(s.born, now, LIFE.spawn);
    const color = kit.player(s.player, s.player === f.view.localId);
    ring(kit, toScreenX(cam, s.x), toScreenY(cam, s.y), (18 + 50 * t) * cam.scale, 2, color, t);
  }
}

function drawDamage(kit: Kit, f: FrameInfo, fx: Effects): void {
  const { cam, now } = f;
  for (const d of fx.damage) {
    const t = fade(d.born, now, LIFE.damage);
    const rise = (1 - t) * 30;
    const color = d.byLocal ? kit.color('damage') : kit.color('dimText');
    anchoredText(
      kit,
      `-${d.amount}`,
      toScreenX(cam, d.x),
      toScreenY(cam, d.y) - 22 - rise,
      d.byLocal ? 18 : 14,
      color,
      'center',
      t,
    );
  }
}

/** Under the players: particles, shots and blasts. */
export function drawNeonWorldEffects(kit: Kit, f: FrameInfo, fx: Effects, look: Look): void {
  drawParticles(kit, f, fx, look);
  drawShots(kit, f, fx, look);
  drawBlasts(kit, f, fx, look);
}

/** Over the players: the floating damage numbers. */
export function drawNeonDamage(kit: Kit, f: FrameInfo, fx: Effects): void {
  drawDamage(kit, f, fx);
}
