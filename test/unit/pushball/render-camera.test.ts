// Pushball's fixed camera (src/pushball/game/pushball-camera.ts): the whole pitch, its walls and
// both nets fit in any canvas, centred, with one scale for both axes and the margins kept where
// there is room; world → screen → world is the identity.
import { describe, expect, it } from 'vitest';
import {
  MARGIN_X,
  MARGIN_Y,
  PITCH_BOUNDS,
  fitPitch,
  screenX,
  screenY,
  worldX,
  worldY,
} from '../../../src/pushball/game/pushball-camera';
import { config } from '../../../src/pushball/sim';

const SIZES: [number, number][] = [
  [1280, 720],
  [1920, 1080],
  [800, 600],
  [390, 844],
  [844, 390],
  [3000, 400],
  [320, 240],
];

describe('fitPitch', () => {
  it.each(SIZES)('%i × %i: the pitch and both nets are fully on screen, centred', (w, h) => {
    const cam = fitPitch(w, h);
    const left = screenX(cam, PITCH_BOUNDS.x0);
    const right = screenX(cam, PITCH_BOUNDS.x1);
    const top = screenY(cam, PITCH_BOUNDS.y0);
    const bottom = screenY(cam, PITCH_BOUNDS.y1);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(w + 1e-9);
    expect(bottom).toBeLessThanOrEqual(h + 1e-9);
    // Centred: the same room on opposite sides, and the centre spot at the canvas centre.
    expect(left).toBeCloseTo(w - right, 9);
    expect(top).toBeCloseTo(h - bottom, 9);
    expect(screenX(cam, config.CENTRE_X)).toBeCloseTo(w / 2, 9);
    expect(screenY(cam, config.CENTRE_Y)).toBeCloseTo(h / 2, 9);
    // Fitted: one side of the bounds touches its margin (the pitch is as large as it can be).
    const roomX = Math.min(MARGIN_X, w * 0.05);
    const roomY = Math.min(MARGIN_Y, h * 0.2);
    expect(Math.min(Math.abs(left - roomX), Math.abs(top - roomY))).toBeLessThan(1e-9);
    expect(left).toBeGreaterThanOrEqual(roomX - 1e-9);
    expect(top).toBeGreaterThanOrEqual(roomY - 1e-9);
  });

  it('keeps the aspect: a field 800 × 400 is drawn twice as wide as tall', () => {
    for (const [w, h] of SIZES) {
      const cam = fitPitch(w, h);
      const fw = screenX(cam, config.FIELD_X1) - screenX(cam, config.FIELD_X0);
      const fh = screenY(cam, config.FIELD_Y1) - screenY(cam, config.FIELD_Y0);
      expect(fw / fh).toBeCloseTo(2, 9);
    }
  });

  it('scales with the canvas: a wide canvas is limited by its height, a tall one by its width', () => {
    expect(fitPitch(3000, 400).scale).toBeCloseTo((400 - 2 * MARGIN_Y) / (PITCH_BOUNDS.y1 - PITCH_BOUNDS.y0), 9);
    expect(fitPitch(390, 844).scale).toBeCloseTo(
      (390 - 2 * Math.min(MARGIN_X, 390 * 0.05)) / (PITCH_BOUNDS.x1 - PITCH_BOUNDS.x0),
      9,
    );
    expect(fitPitch(1920, 1080).scale).toBeGreaterThan(fitPitch(960, 540).scale);
  });

  it('maps world → screen → world exactly (and back)', () => {
    const cam = fitPitch(1280, 720);
    for (const [x, y] of [
      [100, 100],
      [900, 500],
      [500, 300],
      [61.5, 237.25],
    ] as const) {
      expect(worldX(cam, screenX(cam, x))).toBeCloseTo(x, 9);
      expect(worldY(cam, screenY(cam, y))).toBeCloseTo(y, 9);
    }
    expect(screenX(cam, worldX(cam, 17))).toBeCloseTo(17, 9);
    expect(screenY(cam, worldY(cam, 640))).toBeCloseTo(640, 9);
  });

  it('gives a usable camera for a zero or broken size (before the canvas is laid out)', () => {
    for (const [w, h] of [
      [0, 0],
      [Number.NaN, 100],
      [-5, 300],
    ]) {
      const cam = fitPitch(w!, h!);
      expect(cam.scale).toBeGreaterThan(0);
      expect(Number.isFinite(cam.offsetX) && Number.isFinite(cam.offsetY)).toBe(true);
    }
  });
});
