import { describe, it, expect } from 'vitest';
import {
  VIEW_H,
  VIEW_W,
  cameraScale,
  circleVisible,
  followCamera,
  toScreenX,
  toScreenY,
  toWorldX,
  toWorldY,
} from '../../../src/game/camera';

describe('followCamera', () => {
  it('shows about VIEW_W x VIEW_H world units', () => {
    expect(cameraScale(VIEW_W, VIEW_H)).toBe(1);
    expect(cameraScale(VIEW_W * 2, VIEW_H * 2)).toBe(2);
    expect(cameraScale(VIEW_W * 2, VIEW_H)).toBe(1);
  });

  it('puts the followed point at the screen centre away from the edges', () => {
    const cam = followCamera(VIEW_W, VIEW_H, 4000, 4000, 2000, 1500);
    expect(toScreenX(cam, 2000)).toBe(VIEW_W / 2);
    expect(toScreenY(cam, 1500)).toBe(VIEW_H / 2);
  });

  it('stops at the map edge (plus a margin)', () => {
    const cam = followCamera(VIEW_W, VIEW_H, 4000, 4000, 0, 0);
    expect(toScreenX(cam, -60)).toBeCloseTo(0, 9);
    expect(toScreenY(cam, -60)).toBeCloseTo(0, 9);
    const far = followCamera(VIEW_W, VIEW_H, 4000, 4000, 4000, 4000);
    expect(toScreenX(far, 4060)).toBeCloseTo(VIEW_W, 9);
  });

  it('centres a map smaller than the view', () => {
    const cam = followCamera(VIEW_W * 2, VIEW_H * 2, 800, 500, 0, 0);
    expect(cam.centerX).toBe(400);
    expect(cam.centerY).toBe(250);
  });

  it('round-trips screen and world coordinates', () => {
    const cam = followCamera(1280, 800, 1600, 1000, 700, 420);
    for (const [x, y] of [
      [0, 0],
      [333.5, 12.25],
      [1600, 1000],
    ] as const) {
      expect(toWorldX(cam, toScreenX(cam, x))).toBeCloseTo(x, 9);
      expect(toWorldY(cam, toScreenY(cam, y))).toBeCloseTo(y, 9);
    }
  });

  it('tells visible circles from off-screen ones', () => {
    const cam = followCamera(VIEW_W, VIEW_H, 4000, 4000, 2000, 2000);
    expect(circleVisible(cam, 2000, 2000, 16)).toBe(true);
    expect(circleVisible(cam, 2000 + VIEW_W / 2 + 10, 2000, 16)).toBe(true);
    expect(circleVisible(cam, 2000 + VIEW_W / 2 + 20, 2000, 16)).toBe(false);
  });
});
