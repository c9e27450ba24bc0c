/**
 * World ↔ screen mapping for a camera that follows the local player (pure math, no kaboom).
 *
 * Inputs: viewport size in CSS pixels, the map size, the point to follow. Output: a `Camera`
 * (centre in world units and a scale in pixels per world unit) and the two conversions.
 * Invariants: the scale shows about VIEW_W × VIEW_H world units whatever the window; when the map
 * is smaller than the view along an axis the camera centres the map on that axis, otherwise it
 * never shows more than MARGIN units past the map edge.
 */

export interface Camera {
  centerX: number;
  centerY: number;
  scale: number;
  viewW: number;
  viewH: number;
}

/** World units the camera tries to show across and down. */
export const VIEW_W = 1100;
export const VIEW_H = 720;
const MARGIN = 60;
const MIN_SCALE = 0.35;
const MAX_SCALE = 2.5;

export function cameraScale(viewW: number, viewH: number): number {
  const s = Math.min(viewW / VIEW_W, viewH / VIEW_H);
  return Math.min(Math.max(s, MIN_SCALE), MAX_SCALE);
}

function clampAxis(follow: number, mapSize: number, halfView: number): number {
  if (mapSize + 2 * MARGIN <= 2 * halfView) return mapSize / 2;
  return Math.min(Math.max(follow, halfView - MARGIN), mapSize + MARGIN - halfView);
}

export function followCamera(
  viewW: number,
  viewH: number,
  mapW: number,
  mapH: number,
  followX: number,
  followY: number,
): Camera {
  const scale = cameraScale(viewW, viewH);
  return {
    centerX: clampAxis(followX, mapW, viewW / scale / 2),
    centerY: clampAxis(followY, mapH, viewH / scale / 2),
    scale,
    viewW,
    viewH,
  };
}

export function toScreenX(cam: Camera, x: number): number {
  return (x - cam.centerX) * cam.scale + cam.viewW / 2;
}

export function toScreenY(cam: Camera, y: number): number {
  return (y - cam.centerY) * cam.scale + cam.viewH / 2;
}

export function toWorldX(cam: Camera, sx: number): number {
  return (sx - cam.viewW / 2) / cam.scale + cam.centerX;
}

export function toWorldY(cam: Camera, sy: number): number {
  return (sy - cam.viewH / 2) / cam.scale + cam.centerY;
}

/** Whether a world circle is at least partly on screen (to skip drawing the rest). */
export function circleVisible(cam: Camera, x: number, y: number, r: number): boolean {
  const sx = toScreenX(cam, x);
  const sy = toScreenY(cam, y);
  const sr = r * cam.scale;
  return sx + sr >= 0 && sx - sr <= cam.viewW && sy + sr >= 0 && sy - sr <= cam.viewH;
}
