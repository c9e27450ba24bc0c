/**
 * The arena drawn once into a texture (floor, grid, spawn pads, walls with neon edges and glow)
 * and then blitted every frame as one textured quad: the static map costs one draw call instead of
 * a grid of lines and a rectangle per wall, and the canvas 2D bake can afford real blurred glow.
 *
 * Input: the map, the pixels per world unit wanted (camera scale × pixel density), a kaboom
 * context and a document. Output: an `ArenaBake` to draw through the camera; `bakeResolution`
 * (pure) says how fine to bake. Invariants: a wall's interior is exactly PALETTE.wall (glow is
 * painted first, fills over it: the e2e pixel checks read wall centres); the texture never exceeds
 * MAX_TEXTURE texels along a side; a new bake frees the previous texture.
 */
import type { FrameBuffer, KaboomCtx } from 'kaboom';
import type { ArenaMap } from '../../sim/types';
import { toScreenX, toScreenY, type Camera } from '../camera';
import { PALETTE, type Rgb } from '../palette';

export const MAX_TEXTURE = 4096;
const GRID = 100;
const MAJOR = 4;

export interface ArenaBake {
  map: ArenaMap;
  res: number;
  fb: FrameBuffer;
}

/** Texels per world unit: the screen's pixels per unit, in half steps from 1 to 2, within MAX_TEXTURE. */
export function bakeResolution(map: Pick<ArenaMap, 'width' | 'height'>, pixelsPerUnit: number): number {
  const wanted = Math.min(2, Math.max(1, Math.ceil(pixelsPerUnit * 2) / 2));
  const fit = MAX_TEXTURE / Math.max(map.width, map.height, 1);
  return Math.max(0.25, Math.min(wanted, Math.floor(fit * 4) / 4));
}

const css = (c: Rgb, a = 1): string => `rgba(${c[0]},${c[1]},${c[2]},${a})`;

function paintFloor(g: CanvasRenderingContext2D, map: ArenaMap): void {
  g.fillStyle = css(PALETTE.floor);
  g.fillRect(0, 0, map.width, map.height);
  g.strokeStyle = css(PALETTE.grid);
  for (let step = 1; step * GRID < Math.max(map.width, map.height); step++) {
    g.lineWidth = step % MAJOR === 0 ? 2 : 1;
    g.globalAlpha = step % MAJOR === 0 ? 0.9 : 0.55;
    const v = step * GRID;
    g.beginPath();
    if (v < map.width) {
      g.moveTo(v, 0);
      g.lineTo(v, map.height);
    }
    if (v < map.height) {
      g.moveTo(0, v);
      g.lineTo(map.width, v);
    }
    g.stroke();
  }
  g.globalAlpha = 1;
}

/** Spawn pads: a hexagon outline with a dot, so players can read them as "you appear here". */
function paintSpawns(g: CanvasRenderingContext2D, map: ArenaMap): void {
  g.strokeStyle = css(PALETTE.spawn, 0.9);
  g.fillStyle = css(PALETTE.spawn, 0.18);
  g.lineWidth = 2;
  for (const s of map.spawns) {
    g.beginPath();
    for (let i = 0; i <= 6; i++) {
      const a = (i / 6) * Math.PI * 2 + Math.PI / 6;
      const px = s.x + Math.cos(a) * 26;
      const py = s.y + Math.sin(a) * 26;
      if (i === 0) g.moveTo(px, py);
      else g.lineTo(px, py);
    }
    g.fill();
    g.stroke();
  }
}

function paintWalls(g: CanvasRenderingContext2D, map: ArenaMap, res: number): void {
  g.save();
  g.shadowColor = css(PALETTE.wallEdge, 0.9);
  g.shadowBlur = 16 * res;
  g.strokeStyle = css(PALETTE.wallEdge, 0.8);
  g.lineWidth = 4;
  for (const w of map.walls) g.strokeRect(w.x, w.y, w.w, w.h);
  g.strokeRect(0, 0, map.width, map.height);
  g.restore();
  g.fillStyle = css(PALETTE.wall);
  for (const w of map.walls) g.fillRect(w.x, w.y, w.w, w.h);
  g.strokeStyle = css(PALETTE.wallEdge);
  g.lineWidth = 2.5;
  for (const w of map.walls) g.strokeRect(w.x + 1.25, w.y + 1.25, w.w - 2.5, w.h - 2.5);
  g.lineWidth = 4;
  g.strokeRect(2, 2, map.width - 4, map.height - 4);
}

export function bakeArena(k: KaboomCtx, doc: Document, map: ArenaMap, res: number): ArenaBake {
  const w = Math.max(1, Math.round(map.width * res));
  const h = Math.max(1, Math.round(map.height * res));
  const canvas = doc.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d');
  if (g) {
    g.scale(w / map.width, h / map.height);
    paintFloor(g, map);
    paintSpawns(g, map);
    paintWalls(g, map, res);
  }
  const fb = k.makeCanvas(w, h);
  fb.tex.update(canvas);
  return { map, res, fb };
}

/** Keeps one bake per mount, re-baking when the map or the needed resolution changes. */
export function currentBake(
  k: KaboomCtx,
  doc: Document,
  prev: ArenaBake | null,
  map: ArenaMap,
  pixelsPerUnit: number,
): ArenaBake {
  const res = bakeResolution(map, pixelsPerUnit);
  if (prev && prev.map === map && prev.res === res) return prev;
  prev?.fb.free();
  return bakeArena(k, doc, map, res);
}

export function drawArena(k: KaboomCtx, bake: ArenaBake, cam: Camera): void {
  k.drawUVQuad({
    pos: k.vec2(toScreenX(cam, 0), toScreenY(cam, 0)),
    width: bake.map.width * cam.scale,
    height: bake.map.height * cam.scale,
    tex: bake.fb.tex,
  });
}
