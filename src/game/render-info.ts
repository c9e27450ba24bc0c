/**
 * What the renderer reports about its last frame (pure): where each player's body centre was drawn
 * on screen, in which colour, which overlays are open. The e2e tests read it through
 * `window.rewindGame.info()` to sample canvas pixels at the players' positions.
 * Input: the frame's view and camera plus the UI flags. Output: plain JSON-able data.
 */
import type { ClientView, InputSample } from '../arena/client/view-model';
import type { Camera } from './camera';
import type { GlyphStats } from './glyph-gate';
import type { InputKind } from './input-combine';
import { toScreenX, toScreenY } from './camera';
import { playerColor, teamsOf, type Rgb } from './palette';

export interface DrawnPlayer {
  id: number;
  /** CSS pixels from the canvas's top-left corner. */
  screenX: number;
  screenY: number;
  /** World position as drawn (units). */
  worldX: number;
  worldY: number;
  color: Rgb;
  alive: boolean;
  extrapolating: boolean;
}

export interface OverlayFlags {
  netGraph: boolean;
  scoreboard: boolean;
  menu: boolean;
  settings: boolean;
}

export interface GameRenderInfo {
  frames: number;
  fps: number;
  camera: Camera | null;
  local: DrawnPlayer | null;
  remotes: DrawnPlayer[];
  overlays: OverlayFlags;
  input: InputSample | null;
  /** Opacity of the controls hint last frame (1 after the first spawn, fading to 0 after a few seconds). */
  controlsHint: number;
  /** The input whose controls the hint lists; null before the first spawn. */
  controlsHintInput: InputKind | null;
  /** Last shown net graph numbers (also when the graph is hidden). */
  pingMs: number | null;
  /** The input device in use: 'keyboard' (and mouse), 'gamepad' or 'touch'. */
  inputKind: InputKind;
  /** Where the crosshair was drawn (CSS px from the canvas's top-left; the pointer, else a stand-in ahead of the player), null before the first frame. */
  crosshair: { x: number; y: number } | null;
  /** The glyph gate's counters (safe-text.ts): glyphs admitted to kaboom's atlas, replaced, dropped. */
  glyphs: GlyphStats;
  /** Whether the touch controls are shown; whether the chat line is open. */
  touchControls: boolean;
  chatOpen: boolean;
}

export function drawnPlayers(view: ClientView, cam: Camera): { local: DrawnPlayer | null; remotes: DrawnPlayer[] } {
  const local = view.local
    ? {
        id: view.local.state.id,
        screenX: toScreenX(cam, view.local.drawX),
        screenY: toScreenY(cam, view.local.drawY),
        worldX: view.local.drawX,
        worldY: view.local.drawY,
        color: playerColor(view.local.state.id, true),
        alive: view.local.state.alive,
        extrapolating: false,
      }
    : null;
  const teams = teamsOf(view.match);
  const remotes = view.remotes.map((r) => ({
    id: r.id,
    screenX: toScreenX(cam, r.x),
    screenY: toScreenY(cam, r.y),
    worldX: r.x,
    worldY: r.y,
    color: playerColor(r.id, false, teams.get(r.id)),
    alive: r.alive,
    extrapolating: r.extrapolating,
  }));
  return { local, remotes };
}
