/**
 * Draws the arena: floor, a faint grid, spawn markers, the pickups that are there and the walls
 * (screen space via the camera).
 * Input: Kit and FrameInfo. Invariant: walls are drawn with an outline so cover reads at a glance;
 * only what intersects the screen is drawn.
 */
import { toScreenX, toScreenY, toWorldX, toWorldY } from './camera';
import { circle, fillRect, line, ring, type FrameInfo, type Kit } from './render-kit';
import { PICKUP_RADIUS } from '../sim/pickups';
import { PickupKind } from '../sim/match-types';

const GRID = 100;

function drawGrid(kit: Kit, f: FrameInfo): void {
  const { cam, map } = f;
  const grid = kit.color('grid');
  const x0 = Math.max(0, Math.ceil(toWorldX(cam, 0) / GRID) * GRID);
  const x1 = Math.min(map.width, toWorldX(cam, cam.viewW));
  const y0 = Math.max(0, Math.ceil(toWorldY(cam, 0) / GRID) * GRID);
  const y1 = Math.min(map.height, toWorldY(cam, cam.viewH));
  const top = toScreenY(cam, 0);
  const bottom = toScreenY(cam, map.height);
  const left = toScreenX(cam, 0);
  const right = toScreenX(cam, map.width);
  for (let x = x0; x <= x1; x += GRID) line(kit, toScreenX(cam, x), top, toScreenX(cam, x), bottom, 1, grid);
  for (let y = y0; y <= y1; y += GRID) line(kit, left, toScreenY(cam, y), right, toScreenY(cam, y), 1, grid);
}

/** Pickups that are there (as this client predicts them): health green, ammo yellow, with a ring. */
function drawPickups(kit: Kit, f: FrameInfo): void {
  const up = f.view.match?.pickupsUp;
  const spots = f.map.pickups;
  if (!up || !spots) return;
  const { cam } = f;
  spots.forEach((p, i) => {
    if (!up[i]) return;
    const color = kit.color(p.kind === PickupKind.Health ? 'healthGood' : 'tracer');
    circle(kit, toScreenX(cam, p.x), toScreenY(cam, p.y), PICKUP_RADIUS * 0.6 * cam.scale, color, 0.9);
    ring(kit, toScreenX(cam, p.x), toScreenY(cam, p.y), PICKUP_RADIUS * cam.scale, 2, color, 0.7);
  });
}

export function drawWorld(kit: Kit, f: FrameInfo): void {
  const { cam, map } = f;
  fillRect(
    kit,
    toScreenX(cam, 0),
    toScreenY(cam, 0),
    map.width * cam.scale,
    map.height * cam.scale,
    kit.color('floor'),
  );
  drawGrid(kit, f);
  const spawn = kit.color('spawn');
  for (const s of map.spawns) circle(kit, toScreenX(cam, s.x), toScreenY(cam, s.y), 8 * cam.scale, spawn, 0.8);
  drawPickups(kit, f);
  const wall = kit.color('wall');
  const edge = kit.color('wallEdge');
  for (const w of map.walls) {
    const x = toScreenX(cam, w.x);
    const y = toScreenY(cam, w.y);
    const ww = w.w * cam.scale;
    const hh = w.h * cam.scale;
    if (x > cam.viewW || y > cam.viewH || x + ww < 0 || y + hh < 0) continue;
    kit.k.drawRect({ pos: kit.k.vec2(x, y), width: ww, height: hh, color: wall, outline: { width: 2, color: edge } });
  }
  kit.k.drawRect({
    pos: kit.k.vec2(toScreenX(cam, 0), toScreenY(cam, 0)),
    width: map.width * cam.scale,
    height: map.height * cam.scale,
    fill: false,
    outline: { width: 4, color: edge },
  });
}
