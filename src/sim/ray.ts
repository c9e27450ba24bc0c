/**
 * Ray and segment tests against rectangles, circles and the map bounds. A ray is an origin and a
 * direction vector (any length); each function returns the parameter t >= 0 along that vector where
 * the ray first enters the shape, or Infinity when it never does.
 *
 * Invariants: grazing a rectangle's edge or corner is not a hit (a shot along a wall face passes);
 * an origin inside a rectangle or circle hits at t = 0, except an origin on a rectangle's face
 * heading away from it (an explosion on a wall surface is not shadowed by that wall).
 */
import type { Rect } from './types';

export function rayRectEntry(ox: number, oy: number, dx: number, dy: number, r: Rect): number {
  let tMin = 0;
  let tMax = Infinity;
  if (dx === 0) {
    if (ox <= r.x || ox >= r.x + r.w) return Infinity;
  } else {
    const t1 = (r.x - ox) / dx;
    const t2 = (r.x + r.w - ox) / dx;
    tMin = Math.max(tMin, Math.min(t1, t2));
    tMax = Math.min(tMax, Math.max(t1, t2));
  }
  if (dy === 0) {
    if (oy <= r.y || oy >= r.y + r.h) return Infinity;
  } else {
    const t1 = (r.y - oy) / dy;
    const t2 = (r.y + r.h - oy) / dy;
    tMin = Math.max(tMin, Math.min(t1, t2));
    tMax = Math.min(tMax, Math.max(t1, t2));
  }
  return tMin < tMax ? tMin : Infinity;
}

export function rayCircleEntry(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  cx: number,
  cy: number,
  radius: number,
): number {
  const mx = ox - cx;
  const my = oy - cy;
  const a = dx * dx + dy * dy;
  const b = mx * dx + my * dy;
  const c = mx * mx + my * my - radius * radius;
  if (c < 0) return 0;
  if (b >= 0 || a === 0) return Infinity;
  const disc = b * b - a * c;
  if (disc < 0) return Infinity;
  return (-b - Math.sqrt(disc)) / a;
}

/** Where a ray starting inside [0, width] x [0, height] leaves it. */
export function rayBoundsExit(ox: number, oy: number, dx: number, dy: number, width: number, height: number): number {
  const tx = dx > 0 ? (width - ox) / dx : dx < 0 ? -ox / dx : Infinity;
  const ty = dy > 0 ? (height - oy) / dy : dy < 0 ? -oy / dy : Infinity;
  return Math.max(0, Math.min(tx, ty));
}
