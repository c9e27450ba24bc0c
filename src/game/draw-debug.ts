/**
 * Debug overlays that make the netcode visible:
 *  - sv_showhitboxes: the host's current hitboxes of the other players (they lead the interpolated
 *    bodies by the interpolation delay, as in Source);
 *  - the last lag-compensated shot: the hitboxes the host rewound to for it, green for the one hit,
 *    red otherwise, with the view time it rewound to;
 *  - cl_showerror: where prediction put the local player (drawn position minus the smoothing
 *    offset) and the offset still being smoothed away, plus a fading ring (sized by the error) at
 *    each recent correction.
 * Input: Kit, FrameInfo and what the GameHost reports. Invariant: draws outlines only.
 */
import type { RewindDebug } from './game-host';
import type { Hitbox } from '../sim/types';
import { toScreenX, toScreenY } from './camera';
import { LIFE, fade, type Effects } from './effects';
import { line, ring, text, type FrameInfo, type Kit } from './render-kit';

export function drawServerHitboxes(kit: Kit, f: FrameInfo, boxes: readonly Hitbox[]): void {
  const c = kit.color('hitboxServer');
  for (const b of boxes) {
    if (b.id === f.view.localId || !b.alive) continue;
    ring(kit, toScreenX(f.cam, b.x), toScreenY(f.cam, b.y), b.radius * f.cam.scale, 2, c, 0.9);
  }
}

export function drawRewind(kit: Kit, f: FrameInfo, rewind: RewindDebug): void {
  for (const b of rewind.hitboxes) {
    if (b.id === f.view.localId) continue;
    const c = kit.color(b.id === rewind.hit ? 'rewindHit' : 'rewindMiss');
    const sx = toScreenX(f.cam, b.x);
    const sy = toScreenY(f.cam, b.y);
    ring(kit, sx, sy, b.radius * f.cam.scale, 2, c, b.alive ? 0.9 : 0.35);
    text(kit, `t ${rewind.viewTime.toFixed(2)}`, sx + b.radius * f.cam.scale + 4, sy - 6, 11, c);
  }
}

export function drawPredictionError(kit: Kit, f: FrameInfo, fx: Effects): void {
  const local = f.view.local;
  if (!local) return;
  const c = kit.color('error');
  for (const m of fx.errorMarks) {
    const a = fade(m.born, f.now, LIFE.errorMark);
    const r = Math.min(4 + m.size, 24) * f.cam.scale;
    ring(kit, toScreenX(f.cam, m.x), toScreenY(f.cam, m.y), r, 2, c, a);
  }
  const px = toScreenX(f.cam, local.drawX - local.errorX);
  const py = toScreenY(f.cam, local.drawY - local.errorY);
  const dx = toScreenX(f.cam, local.drawX);
  const dy = toScreenY(f.cam, local.drawY);
  line(kit, px - 6, py - 6, px + 6, py + 6, 2, c);
  line(kit, px - 6, py + 6, px + 6, py - 6, 2, c);
  if (local.errorX !== 0 || local.errorY !== 0) {
    line(kit, px, py, dx, dy, 2, c);
    text(kit, `err ${Math.hypot(local.errorX, local.errorY).toFixed(1)}`, px + 10, py + 6, 11, c);
  }
}
