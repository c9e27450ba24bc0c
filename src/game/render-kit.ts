/**
 * What every draw module shares: the kaboom context, this frame's camera and view, the palette as
 * kaboom colours (built once per mount, not per frame) and small drawing helpers.
 *
 * Inputs: a kaboom context. Output: `Kit` (made once) and `FrameInfo` (filled once per frame).
 * Invariant: draw modules draw in screen pixels through the camera functions; nothing here keeps
 * state between frames except the colour caches (palette, players, health values).
 */
import type { Color, KaboomCtx } from 'kaboom';
import type { ClientView } from '../arena/client/view-model';
import { Team } from '../sim/match-types';
import type { ArenaMap, PlayerId } from '../sim/types';
import type { FaceName } from './art/fonts';
import type { Camera } from './camera';
import { MAX_HEALTH } from '../sim/config';
import { PALETTE, healthColor, playerColor, type Rgb } from './palette';
import { createSafeText, measureWithCanvas, type SafeText, type TextAnchor } from './safe-text';

export type PaletteName = keyof typeof PALETTE;

export interface Kit {
  k: KaboomCtx;
  color(name: PaletteName): Color;
  /** A player's colour: the local cyan, the team's colour in team deathmatch (see `teams`), else its own hue. */
  player(id: PlayerId, isLocal: boolean): Color;
  /** Each player's team this frame (frame.ts sets it from the match block; empty outside team deathmatch). */
  teams: ReadonlyMap<PlayerId, Team>;
  rgb(c: Rgb): Color;
  /** The health bar's colour for a health value (palette.healthColor), made once per value. */
  health(health: number): Color;
  /** The only way to draw text (literal, atlas-safe; crisp bundled fonts once the look hands them in): safe-text.ts. */
  text: SafeText;
}

export interface FrameInfo {
  view: ClientView;
  cam: Camera;
  map: ArenaMap;
  /** Frame time in seconds (from the page clock; effects age with it). */
  now: number;
  /** Names as shown (already trimmed), by id. */
  name(id: PlayerId): string;
  /** Aim of the local player as sampled this frame (fresher than the predicted state's). */
  localAim: number;
  mouseX: number;
  mouseY: number;
}

/** The kaboom font every text is drawn in (mount.ts passes it to kaboom). */
export const GAME_FONT = 'monospace';

export function createKit(
  k: KaboomCtx,
  safeText: SafeText = createSafeText(k, measureWithCanvas(document, GAME_FONT)),
): Kit {
  const named = new Map<PaletteName, Color>();
  const players = new Map<number, Color>();
  const healths = new Map<number, Color>();
  const rgb = (c: Rgb): Color => k.rgb(c[0], c[1], c[2]);
  const kit: Kit = {
    k,
    rgb,
    teams: new Map(),
    text: safeText,
    color(name) {
      let c = named.get(name);
      if (!c) named.set(name, (c = rgb(PALETTE[name])));
      return c;
    },
    health(health) {
      let c = healths.get(health);
      if (!c) {
        // Health is a small integer; the bound only matters if a caller passes fractions.
        if (healths.size >= 1024) healths.clear();
        healths.set(health, (c = rgb(healthColor(health, MAX_HEALTH))));
      }
      return c;
    },
    player(id, isLocal) {
      const team = kit.teams.get(id) ?? Team.None;
      // Ids are below 256: one cache entry per (team, id), the local player's shared.
      const key = isLocal ? -1 : team * 256 + id;
      let c = players.get(key);
      if (!c) players.set(key, (c = rgb(playerColor(id, isLocal, team))));
      return c;
    },
  };
  return kit;
}

/** A filled rectangle in screen pixels. */
export function fillRect(kit: Kit, x: number, y: number, w: number, h: number, color: Color, opacity = 1): void {
  kit.k.drawRect({ pos: kit.k.vec2(x, y), width: w, height: h, color, opacity });
}

/** Text whose anchor sits at (x, y), drawn literally (any string is safe), in the bundled face when it is ready. */
export function anchoredText(
  kit: Kit,
  s: string,
  x: number,
  y: number,
  size: number,
  color: Color,
  anchor: TextAnchor,
  opacity = 1,
  face: FaceName = 'ui',
): void {
  kit.text.draw(s, x, y, { size, color, anchor, opacity, face });
}

/** Left-aligned text with its top-left corner at (x, y). */
export function text(
  kit: Kit,
  s: string,
  x: number,
  y: number,
  size: number,
  color: Color,
  opacity = 1,
  face: FaceName = 'ui',
): void {
  anchoredText(kit, s, x, y, size, color, 'topleft', opacity, face);
}

export function line(
  kit: Kit,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  width: number,
  color: Color,
  opacity = 1,
): void {
  kit.k.drawLine({ p1: kit.k.vec2(x1, y1), p2: kit.k.vec2(x2, y2), width, color, opacity });
}

export function circle(kit: Kit, x: number, y: number, radius: number, color: Color, opacity = 1): void {
  kit.k.drawCircle({ pos: kit.k.vec2(x, y), radius, color, opacity });
}

/** Quad corners of a ring's segments, with the triangles of each (the ones kaboom's drawLine makes). */
const SEGMENT_TRIANGLES = [0, 1, 3, 1, 2, 3];

/**
 * A circle outline as straight segments: kaboom's outlined circle costs several times more per call
 * (measured in headless SwiftShader), and overlays draw many of them. The segments are exactly the
 * quads kaboom's drawLine would draw one by one (same corners, same triangles, same order, so
 * the same pixels where they overlap), handed to kaboom as one polygon: one call, not up to 32.
 */
export function ring(kit: Kit, x: number, y: number, radius: number, width: number, color: Color, opacity = 1): void {
  const segments = Math.min(32, Math.max(10, Math.round(radius / 2)));
  const pts = [];
  const indices = [];
  const half = width * 0.5;
  let px = x + radius;
  let py = y;
  for (let i = 1; i <= segments; i++) {
    const a = (i / segments) * 2 * Math.PI;
    const nx = x + Math.cos(a) * radius;
    const ny = y + Math.sin(a) * radius;
    // drawLine's offset: kaboom's normal of the unit direction, (dy, -dx), times half the width.
    const len = Math.hypot(nx - px, ny - py) || 1;
    const ox = ((ny - py) / len) * half;
    const oy = (-(nx - px) / len) * half;
    const base = pts.length;
    pts.push(
      kit.k.vec2(px - ox, py - oy),
      kit.k.vec2(px + ox, py + oy),
      kit.k.vec2(nx + ox, ny + oy),
      kit.k.vec2(nx - ox, ny - oy),
    );
    for (const t of SEGMENT_TRIANGLES) indices.push(base + t);
    px = nx;
    py = ny;
  }
  kit.k.drawPolygon({ pts, indices, color, opacity });
}
