// The kit's colour caches give the palette's colours, one kaboom colour per value; ring() hands kaboom one polygon made of the very quads kaboom's drawLine would draw segment by
// segment (corners p1 ∓ n, p2 ± n with n the segment's normal times half the width, triangles
// 0-1-3 and 1-2-3): one call instead of up to 32, the same pixels.
import type { KaboomCtx } from 'kaboom';
import { describe, expect, it } from 'vitest';
import { createKit, ring } from '../../../src/game/render-kit';
import type { SafeText } from '../../../src/game/safe-text';
import { MAX_HEALTH } from '../../../src/sim/config';
import { healthColor } from '../../../src/game/palette';

interface Pt {
  x: number;
  y: number;
}
interface Polygon {
  pts: Pt[];
  indices: number[];
  color: unknown;
  opacity: number;
}

function recording(polygons: Polygon[], lines: unknown[]): KaboomCtx {
  return {
    vec2: (x: number, y: number) => ({ x, y }),
    rgb: (r: number, g: number, b: number) => ({ r, g, b }),
    drawPolygon: (p: Polygon) => polygons.push(p),
    drawLine: (l: unknown) => lines.push(l),
  } as unknown as KaboomCtx;
}

describe('ring', () => {
  it.each([
    [4, 1],
    [40, 3],
    [300, 2],
  ])('radius %d, width %d: one polygon of drawLine quads around the circle', (radius, width) => {
    const polygons: Polygon[] = [];
    const lines: unknown[] = [];
    const kit = createKit(recording(polygons, lines), {} as SafeText);
    const color = kit.color('explosion');
    ring(kit, 100, 50, radius, width, color, 0.4);
    expect(lines).toHaveLength(0);
    expect(polygons).toHaveLength(1);
    const [poly] = polygons;
    if (!poly) return;
    const segments = Math.min(32, Math.max(10, Math.round(radius / 2)));
    expect(poly.pts).toHaveLength(4 * segments);
    expect(poly).toMatchObject({ color, opacity: 0.4 });
    for (let s = 0; s < segments; s++) {
      const [a0, a1, b1, b0] = poly.pts.slice(4 * s, 4 * s + 4) as [Pt, Pt, Pt, Pt];
      expect(poly.indices.slice(6 * s, 6 * s + 6)).toEqual([0, 1, 3, 1, 2, 3].map((i) => 4 * s + i));
      // The segment's ends are on the circle, where the previous one ended and the next one starts.
      const p1 = { x: (a0.x + a1.x) / 2, y: (a0.y + a1.y) / 2 };
      const p2 = { x: (b0.x + b1.x) / 2, y: (b0.y + b1.y) / 2 };
      const angle = (i: number): Pt => ({
        x: 100 + Math.cos((i / segments) * 2 * Math.PI) * radius,
        y: 50 + Math.sin((i / segments) * 2 * Math.PI) * radius,
      });
      expect(p1.x).toBeCloseTo(angle(s).x, 9);
      expect(p1.y).toBeCloseTo(angle(s).y, 9);
      expect(p2.x).toBeCloseTo(angle(s + 1).x, 9);
      expect(p2.y).toBeCloseTo(angle(s + 1).y, 9);
      // kaboom's offset: normal (dy, -dx) of the unit direction times width / 2, subtracted first.
      const len = Math.hypot(p2.x - p1.x, p2.y - p1.y);
      const n = { x: ((p2.y - p1.y) / len) * (width / 2), y: (-(p2.x - p1.x) / len) * (width / 2) };
      expect(a0.x).toBeCloseTo(p1.x - n.x, 9);
      expect(a0.y).toBeCloseTo(p1.y - n.y, 9);
      expect(b1.x).toBeCloseTo(p2.x + n.x, 9);
      expect(b1.y).toBeCloseTo(p2.y + n.y, 9);
    }
  });
});

describe('kit.health', () => {
  it('is healthColor for every value, one colour object per value (none made per frame)', () => {
    const kit = createKit(recording([], []), {} as SafeText);
    for (let h = -5; h <= MAX_HEALTH + 5; h++) {
      const [r, g, b] = healthColor(h, MAX_HEALTH);
      expect(kit.health(h)).toEqual({ r, g, b });
      expect(kit.health(h)).toBe(kit.health(h));
    }
    expect(kit.health(30)).not.toBe(kit.health(31));
  });
});
