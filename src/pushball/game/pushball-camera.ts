/**
 * The fixed camera of Pushball (pure math, no kaboom): the whole pitch, its walls and both goal
 * nets fitted into the canvas with its aspect kept, centred, with margins for the HUD above and
 * the hint below.
 *
 * Input: the canvas size in CSS pixels. Output: a `PitchCamera` (screen = offset + world × scale)
 * and the conversions both ways. Invariants: the fitted rectangle (PITCH_BOUNDS) lies inside the
 * canvas whatever its size; the pitch centre is the canvas centre; one scale for both axes.
 */
import { config } from '../sim';

export interface PitchCamera {
  /** CSS pixels per world unit, the same on both axes. */
  scale: number;
  /** Screen position (CSS px from the canvas's top-left) of world (0, 0). */
  offsetX: number;
  offsetY: number;
  viewW: number;
  viewH: number;
}

/** Drawn thickness of the walls (world units, outside the field). */
export const WALL_THICKNESS = 8;

/** The world rectangle the camera keeps in view: the field, its walls and the nets behind the goals. */
export const PITCH_BOUNDS = {
  x0: config.FIELD_X0 - config.GOAL_DEPTH - WALL_THICKNESS,
  x1: config.FIELD_X1 + config.GOAL_DEPTH + WALL_THICKNESS,
  y0: config.FIELD_Y0 - WALL_THICKNESS,
  y1: config.FIELD_Y1 + WALL_THICKNESS,
} as const;

/** Screen margins (CSS px) above and below the pitch (the HUD, the hint) and at the sides, at most. */
export const MARGIN_Y = 56;
export const MARGIN_X = 16;
/** Smallest scale (a canvas too small to show anything still gets a camera that maps somewhere). */
const MIN_SCALE = 0.01;

/** The camera that shows the whole pitch in a `canvasW` × `canvasH` canvas (CSS px). */
export function fitPitch(canvasW: number, canvasH: number): PitchCamera {
  const w = Number.isFinite(canvasW) && canvasW > 0 ? canvasW : 1;
  const h = Number.isFinite(canvasH) && canvasH > 0 ? canvasH : 1;
  // Small canvases give up margin first (never more than a fifth of a side).
  const mx = Math.min(MARGIN_X, w * 0.05);
  const my = Math.min(MARGIN_Y, h * 0.2);
  const worldW = PITCH_BOUNDS.x1 - PITCH_BOUNDS.x0;
  const worldH = PITCH_BOUNDS.y1 - PITCH_BOUNDS.y0;
  const scale = Math.max(Math.min((w - 2 * mx) / worldW, (h - 2 * my) / worldH), MIN_SCALE);
  return {
    scale,
    offsetX: w / 2 - config.CENTRE_X * scale,
    offsetY: h / 2 - config.CENTRE_Y * scale,
    viewW: w,
    viewH: h,
  };
}

export const screenX = (cam: PitchCamera, x: number): number => cam.offsetX + x * cam.scale;
export const screenY = (cam: PitchCamera, y: number): number => cam.offsetY + y * cam.scale;
export const worldX = (cam: PitchCamera, sx: number): number => (sx - cam.offsetX) / cam.scale;
export const worldY = (cam: PitchCamera, sy: number): number => (sy - cam.offsetY) / cam.scale;
