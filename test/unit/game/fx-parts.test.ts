import { describe, expect, it } from 'vitest';
import { ShelfPacker } from '../../../src/game/art/glyph-packer';
import { bakeResolution, MAX_TEXTURE } from '../../../src/game/art/arena-bake';
import { devicePx } from '../../../src/game/art/text-fonts';
import { COUNTS, SPARK_SPREAD, emitHitSparks } from '../../../src/game/fx/bursts';
import { HURT_MAX, addHurt, hurtAngle, type HurtIndicator } from '../../../src/game/fx/hurt-direction';
import { ParticleField } from '../../../src/game/fx/particles';
import { pointOnWall } from '../../../src/game/fx/scene';
import {
  MAX_SHAKE_OFFSET,
  SHAKE_DECAY,
  addTrauma,
  createShake,
  explosionTrauma,
  shakeOffset,
} from '../../../src/game/fx/shake';

describe('particle field', () => {
  it('moves particles, slows them by drag and drops each at the end of its life', () => {
    const f = new ParticleField(8);
    f.emit({ x: 0, y: 0, vx: 100, vy: 0, life: 0.5, size: 1, color: 0 });
    f.emit({ x: 0, y: 0, vx: 100, vy: 0, life: 1, size: 1, color: 1, drag: 0.9 });
    f.step(0.25);
    expect(f.count).toBe(2);
    expect(f.x[0]).toBeCloseTo(25);
    expect(f.vx[1]).toBeLessThan(100);
    expect(f.ageOf(0)).toBeCloseTo(0.5);
    f.step(0.3);
    expect(f.count).toBe(1);
    expect(f.color[0]).toBe(1);
    f.step(0.5);
    expect(f.count).toBe(0);
  });

  it('never holds more than its capacity: a new particle replaces the oldest', () => {
    const f = new ParticleField(3);
    for (let i = 0; i < 3; i++) {
      f.emit({ x: i, y: 0, vx: 0, vy: 0, life: 1, size: 1, color: i });
      f.step(0.1);
    }
    f.emit({ x: 9, y: 0, vx: 0, vy: 0, life: 1, size: 1, color: 9 });
    expect(f.count).toBe(3);
    expect(Array.from(f.color).sort()).toEqual([1, 2, 9]);
  });

  it('sprays hit sparks within the spread around the shot direction', () => {
    const f = new ParticleField(64);
    let s = 1;
    const rng = (): number => (s = (s * 16807) % 2147483647) / 2147483647;
    emitHitSparks(f, rng, 0, 0, Math.PI / 2);
    expect(f.count).toBe(COUNTS.sparks);
    for (let i = 0; i < f.count; i++) {
      const a = Math.atan2(f.vy[i] ?? 0, f.vx[i] ?? 0);
      expect(Math.abs(a - Math.PI / 2)).toBeLessThanOrEqual(SPARK_SPREAD + 1e-6);
    }
  });
});

describe('screen shake', () => {
  it('caps trauma at 1, bounds the offset by MAX_SHAKE_OFFSET and decays to exactly still', () => {
    const s = createShake();
    addTrauma(s, 0.7, 0);
    addTrauma(s, 0.7, 0);
    expect(s.trauma).toBe(1);
    for (let t = 0; t < 0.5; t += 0.01) {
      const o = shakeOffset(s, t);
      expect(Math.abs(o.x)).toBeLessThanOrEqual(MAX_SHAKE_OFFSET);
      expect(Math.abs(o.y)).toBeLessThanOrEqual(MAX_SHAKE_OFFSET);
    }
    expect(shakeOffset(s, 1 / SHAKE_DECAY + 0.01)).toEqual({ x: 0, y: 0 });
    expect(shakeOffset(s, 5, 1)).toEqual({ x: 0, y: 0 });
  });

  it('scales with how close an explosion is', () => {
    expect(explosionTrauma(0)).toBeCloseTo(0.6);
    expect(explosionTrauma(250)).toBeCloseTo(0.3);
    expect(explosionTrauma(600)).toBe(0);
    expect(explosionTrauma(Number.NaN)).toBe(0);
  });
});

describe('hurt direction', () => {
  it('points at the source, has no direction for a source on the player, and keeps the newest few', () => {
    expect(hurtAngle(0, 0, 0, 10)).toBeCloseTo(Math.PI / 2);
    expect(hurtAngle(0, 0, -10, 0)).toBeCloseTo(Math.PI);
    expect(hurtAngle(5, 5, 5, 5)).toBeNull();
    const list: HurtIndicator[] = [];
    addHurt(list, null, 0);
    expect(list).toHaveLength(0);
    for (let i = 0; i < HURT_MAX + 2; i++) addHurt(list, i, i);
    expect(list).toHaveLength(HURT_MAX);
    expect(list[0]?.angle).toBe(2);
  });
});

describe('scene lookups', () => {
  it('tells a shot end on a wall or the arena edge from one in open floor', () => {
    const map = { name: 't', width: 1000, height: 800, walls: [{ x: 200, y: 200, w: 100, h: 40 }], spawns: [] };
    expect(pointOnWall(map, 200, 220)).toBe(true);
    expect(pointOnWall(map, 301, 239)).toBe(true);
    expect(pointOnWall(map, 999, 400)).toBe(true);
    expect(pointOnWall(map, 500, 500)).toBe(false);
  });
});

describe('glyph atlas and arena bake sizes', () => {
  it('packs cells without overlap and refuses what does not fit', () => {
    const p = new ShelfPacker(64, 32, 2);
    const cells = [p.place(30, 10), p.place(30, 12), p.place(30, 10), p.place(60, 20)];
    expect(cells[0]).toEqual({ x: 0, y: 0 });
    expect(cells[1]).toEqual({ x: 32, y: 0 });
    expect(cells[2]).toEqual({ x: 0, y: 14 });
    expect(cells[3]).toBeNull();
    expect(p.place(10, 10)).toEqual({ x: 32, y: 14 });
    expect(p.place(100, 1)).toBeNull();
  });

  it('rasterises glyphs at whole device pixels, within the atlas limits', () => {
    expect(devicePx(13, 1)).toBe(13);
    expect(devicePx(13, 2)).toBe(26);
    expect(devicePx(12.4, 1.5)).toBe(19);
    expect(devicePx(1, 1)).toBe(6);
    expect(devicePx(400, 2)).toBe(160);
  });

  it('bakes the arena at the screen resolution, in half steps, never past the texture limit', () => {
    expect(bakeResolution({ width: 1600, height: 1000 }, 1.05)).toBe(1.5);
    expect(bakeResolution({ width: 1600, height: 1000 }, 0.6)).toBe(1);
    expect(bakeResolution({ width: 1600, height: 1000 }, 3)).toBe(2);
    const huge = { width: 6000, height: 3000 };
    expect(bakeResolution(huge, 2) * huge.width).toBeLessThanOrEqual(MAX_TEXTURE);
  });
});
