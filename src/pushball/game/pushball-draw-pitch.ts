/**
 * Draws the pitch in screen pixels through the fixed camera: striped grass, the walls (with the
 * goal mouths open), the halfway line, centre circle and spot, the goal lines, both nets (a mesh in
 * a frame 40 units deep behind each mouth) and the posts. Geometry from the sim's config, so the
 * drawing is where the physics is.
 */
import type { Color } from 'kaboom';
import { circle, fillRect, line, ring, type Kit } from '../../game/render-kit';
import { config } from '../sim';
import { WALL_THICKNESS, screenX, screenY, type PitchCamera } from './pushball-camera';
import type { PushballColors } from './pushball-colors';

const { FIELD_X0, FIELD_X1, FIELD_Y0, FIELD_Y1, CENTRE_X, CENTRE_Y, GOAL_Y0, GOAL_Y1, GOAL_DEPTH } = config;
const STRIPES = 8;
/** Spacing of the net's mesh (world units). */
const MESH = 8;

/** A world rectangle filled in screen pixels. */
function worldRect(
  kit: Kit,
  cam: PitchCamera,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  c: Color,
  opacity = 1,
): void {
  fillRect(kit, screenX(cam, x0), screenY(cam, y0), (x1 - x0) * cam.scale, (y1 - y0) * cam.scale, c, opacity);
}

function worldLine(
  kit: Kit,
  cam: PitchCamera,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width: number,
  c: Color,
  opacity = 1,
): void {
  line(kit, screenX(cam, x0), screenY(cam, y0), screenX(cam, x1), screenY(cam, y1), width, c, opacity);
}

function drawGrass(kit: Kit, cam: PitchCamera, c: PushballColors): void {
  worldRect(kit, cam, FIELD_X0, FIELD_Y0, FIELD_X1, FIELD_Y1, c.named.grass);
  const band = (FIELD_X1 - FIELD_X0) / STRIPES;
  for (let i = 1; i < STRIPES; i += 2)
    worldRect(kit, cam, FIELD_X0 + i * band, FIELD_Y0, FIELD_X0 + (i + 1) * band, FIELD_Y1, c.named.stripe);
}

function drawWalls(kit: Kit, cam: PitchCamera, c: PushballColors): void {
  const t = WALL_THICKNESS;
  const wall = c.named.wall;
  worldRect(kit, cam, FIELD_X0 - t, FIELD_Y0 - t, FIELD_X1 + t, FIELD_Y0, wall);
  worldRect(kit, cam, FIELD_X0 - t, FIELD_Y1, FIELD_X1 + t, FIELD_Y1 + t, wall);
  for (const [x0, x1] of [
    [FIELD_X0 - t, FIELD_X0],
    [FIELD_X1, FIELD_X1 + t],
  ] as const) {
    worldRect(kit, cam, x0, FIELD_Y0, x1, GOAL_Y0, wall);
    worldRect(kit, cam, x0, GOAL_Y1, x1, FIELD_Y1, wall);
  }
}

function drawMarkings(kit: Kit, cam: PitchCamera, c: PushballColors): void {
  const w = Math.max(1.5, 2 * cam.scale);
  const white = c.named.line;
  worldLine(kit, cam, CENTRE_X, FIELD_Y0, CENTRE_X, FIELD_Y1, w, white, 0.8);
  ring(kit, screenX(cam, CENTRE_X), screenY(cam, CENTRE_Y), config.CENTRE_CIRCLE * cam.scale, w, white, 0.8);
  circle(kit, screenX(cam, CENTRE_X), screenY(cam, CENTRE_Y), Math.max(2, 3 * cam.scale), white, 0.9);
  // The goal lines across the mouths.
  for (const x of [FIELD_X0, FIELD_X1]) worldLine(kit, cam, x, GOAL_Y0, x, GOAL_Y1, w, white, 0.9);
}

/** One net: the mesh inside, then its frame (top, bottom, back); `side` -1 is the left goal. */
function drawNet(kit: Kit, cam: PitchCamera, c: PushballColors, side: -1 | 1): void {
  const mouth = side < 0 ? FIELD_X0 : FIELD_X1;
  const back = mouth + side * GOAL_DEPTH;
  const [x0, x1] = side < 0 ? [back, mouth] : [mouth, back];
  worldRect(kit, cam, x0, GOAL_Y0, x1, GOAL_Y1, c.named.panel, 0.55);
  const thin = Math.max(1, 0.8 * cam.scale);
  for (let x = x0 + MESH; x < x1; x += MESH) worldLine(kit, cam, x, GOAL_Y0, x, GOAL_Y1, thin, c.named.net, 0.35);
  for (let y = GOAL_Y0 + MESH; y < GOAL_Y1; y += MESH) worldLine(kit, cam, x0, y, x1, y, thin, c.named.net, 0.35);
  const frame = Math.max(2, 3 * cam.scale);
  worldLine(kit, cam, mouth, GOAL_Y0, back, GOAL_Y0, frame, c.named.net);
  worldLine(kit, cam, mouth, GOAL_Y1, back, GOAL_Y1, frame, c.named.net);
  worldLine(kit, cam, back, GOAL_Y0, back, GOAL_Y1, frame, c.named.net);
  for (const y of [GOAL_Y0, GOAL_Y1])
    circle(kit, screenX(cam, mouth), screenY(cam, y), Math.max(2.5, 4 * cam.scale), c.named.outline);
}

export function drawPitch(kit: Kit, cam: PitchCamera, c: PushballColors): void {
  drawGrass(kit, cam, c);
  drawMarkings(kit, cam, c);
  drawWalls(kit, cam, c);
  drawNet(kit, cam, c, -1);
  drawNet(kit, cam, c, 1);
}
