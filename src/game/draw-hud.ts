/**
 * The HUD in screen space: health, weapon and ammo with reload/deploy progress (bottom left), the
 * kill feed (top right), the match bar (top centre: clock, your score and place, the leader) and the
 * death overlay with the respawn countdown.
 * Input: Kit, FrameInfo, Effects. Invariants: timers are compared in ticks against the local
 * player's predicted tick (weapon) or the server tick (respawn), turned into seconds only for text.
 */
import type { LocalPlayerView } from '../arena/client/view-model';
import { DEPLOY_SECONDS, MAX_HEALTH, secondsToTicks, weaponDef } from '../sim/config';
import type { WeaponId } from '../sim/types';
import { killLineText, fade, LIFE, type Effects } from './effects';
import { ammoText, respawnSecondsLeft, respawnText, timerProgress } from './hud-model';
import { phaseLine, scoreLine } from './match-hud-model';
import { anchoredText, fillRect, text, type FrameInfo, type Kit } from './render-kit';

const PAD = 16;

export function weaponName(w: WeaponId): string {
  return weaponDef(w).name;
}

function drawVitals(kit: Kit, f: FrameInfo, local: LocalPlayerView): void {
  const s = local.state;
  const h = f.cam.viewH;
  const bg = kit.color('panel');
  fillRect(kit, PAD - 8, h - PAD - 78, 250, 86, bg, 0.78);
  fillRect(kit, PAD - 8, h - PAD - 78, 250, 2, kit.color('panelEdge'));
  const hp = kit.health(s.health);
  text(kit, `${Math.max(0, s.health)}`, PAD, h - PAD - 72, 32, hp);
  fillRect(kit, PAD + 64, h - PAD - 58, 160, 8, kit.color('background'));
  fillRect(kit, PAD + 64, h - PAD - 58, 160 * Math.min(Math.max(s.health / MAX_HEALTH, 0), 1), 8, hp);
  const def = weaponDef(s.weapon);
  const rounds = s.ammo[s.weapon] ?? 0;
  text(
    kit,
    `${s.weapon + 1} ${def.name}   ${ammoText(rounds, def.magazine)}`,
    PAD,
    h - PAD - 32,
    18,
    kit.color('text'),
  );
  const tick = f.view.stats.commandTick;
  const reload = timerProgress(s.reloadEndTick, secondsToTicks(def.reloadS, f.view.tickrate), tick);
  const deploy = timerProgress(s.deployEndTick, secondsToTicks(DEPLOY_SECONDS, f.view.tickrate), tick);
  const progress = reload ?? deploy;
  if (progress !== null) {
    const label = reload !== null ? 'reloading' : 'switching';
    fillRect(kit, PAD, h - PAD - 8, 224, 6, kit.color('background'));
    fillRect(kit, PAD, h - PAD - 8, 224 * progress, 6, kit.color('tracer'));
    text(kit, label, PAD + 150, h - PAD - 30, 12, kit.color('dimText'));
  }
}

function drawDeath(kit: Kit, f: FrameInfo, local: LocalPlayerView): void {
  const { viewW: w, viewH: h } = f.cam;
  fillRect(kit, 0, 0, w, h, kit.color('background'), 0.45);
  anchoredText(kit, 'You were killed', w / 2, h / 2 - 40, 32, kit.color('healthLow'), 'center');
  const left = respawnSecondsLeft(local.state.respawnTick, f.view.stats.serverTick, f.view.tickrate);
  anchoredText(kit, respawnText(left), w / 2, h / 2 + 4, 22, kit.color('text'), 'center');
}

function drawKillFeed(kit: Kit, f: FrameInfo, fx: Effects): void {
  let y = PAD;
  const x = f.cam.viewW - PAD;
  for (let i = fx.killFeed.length - 1; i >= 0; i--) {
    const line = fx.killFeed[i];
    if (!line) continue;
    const involvesMe = line.killer === f.view.localId || line.victim === f.view.localId;
    const color = involvesMe ? kit.color('local') : kit.color('text');
    // Fade only in the last second so a fresh line is fully readable.
    const alpha = Math.min(1, fade(line.born, f.now, LIFE.killFeed) * LIFE.killFeed);
    anchoredText(kit, killLineText(line, f.name, weaponName), x, y, 15, color, 'topright', alpha);
    y += 20;
  }
}

export function drawHud(kit: Kit, f: FrameInfo, fx: Effects): void {
  const local = f.view.local;
  if (local) {
    if (local.state.alive) drawVitals(kit, f, local);
    else drawDeath(kit, f, local);
  } else if (!f.view.watching) {
    anchoredText(kit, 'Waiting for the host…', f.cam.viewW / 2, f.cam.viewH / 2, 22, kit.color('text'), 'center');
  }
  drawKillFeed(kit, f, fx);
  drawMatchBar(kit, f);
}

/** Top centre: the clock (or phase), then the score line; nothing without match rules (practice). */
function drawMatchBar(kit: Kit, f: FrameInfo): void {
  const m = f.view.match;
  if (!m) return;
  const x = f.cam.viewW / 2;
  fillRect(kit, x - 220, 6, 440, 50, kit.color('panel'), 0.6);
  anchoredText(kit, phaseLine(m), x, 10, 20, kit.color('text'), 'top');
  const watched = f.view.watching ? f.view.localId : undefined;
  anchoredText(kit, scoreLine(m, f.name, watched), x, 34, 14, kit.color('dimText'), 'top');
}
