/**
 * `window.rewindGame`: the renderer's part of the debug API used by the e2e tests (the page wiring
 * publishes the netcode's part as `window.rewind`). Read-only `info()` about the last frame,
 * `frameLog()` of the last frames and `pixel(x, y)` from the canvas, plus test actions that open and
 * close the overlays exactly as the keys do. Invariant: installing returns the function that
 * removes it; a later mount replaces it.
 */
import type { FrameRecord } from './frame-log';
import type { GameRenderInfo } from './render-info';

export interface GameDebugApi {
  info(): GameRenderInfo;
  /** RGBA of the canvas at CSS pixel (x, y) from its top-left corner, or null outside it. */
  pixel(x: number, y: number): [number, number, number, number] | null;
  openMenu(): void;
  openSettings(): void;
  closeOverlays(): void;
  toggleNetGraph(): void;
  /** The glyphs kaboom lays out for `text` on the game's one text path (a literal `[a]x[/a]` stays 8). */
  textProbe(text: string): string;
  /**
   * The last 600 frames, oldest first (frame-log.ts): frame counter, clock, the command tick and the
   * commands issued in the frame, the move axes handed to the host, where the local player was drawn
   * and where its newest predicted state is.
   */
  frameLog(): FrameRecord[];
  /**
   * Test hook, this page only: draw these names instead of the players' (name tags, scoreboard,
   * kill feed) and add kill-feed lines between player ids. Nothing is sent anywhere.
   */
  injectText(spec: InjectedText): void;
}

export interface InjectedText {
  /** Player id → name to draw (replaces the previous injection; {} restores the real names). */
  names?: Record<number, string>;
  kills?: { killer: number; victim: number; weapon?: number }[];
  /** Chat lines shown in this page's chat log (as if relayed; nothing is sent). */
  chat?: { name: string; text: string }[];
}

/**
 * Reads one pixel of a WebGL canvas through a 1×1 2D canvas (kaboom keeps its drawing buffer, so
 * the last frame is still there between frames).
 */
export function canvasPixel(canvas: HTMLCanvasElement, x: number, y: number): [number, number, number, number] | null {
  const ratio = canvas.clientWidth > 0 ? canvas.width / canvas.clientWidth : 1;
  const px = Math.floor(x * ratio);
  const py = Math.floor(y * ratio);
  if (px < 0 || py < 0 || px >= canvas.width || py >= canvas.height) return null;
  const probe = canvas.ownerDocument.createElement('canvas');
  probe.width = 1;
  probe.height = 1;
  const ctx = probe.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(canvas, px, py, 1, 1, 0, 0, 1, 1);
  const d = ctx.getImageData(0, 0, 1, 1).data;
  return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, d[3] ?? 0];
}

export function installDebugApi(target: object, api: GameDebugApi): () => void {
  const slot = target as { rewindGame?: GameDebugApi };
  slot.rewindGame = api;
  return () => {
    if (slot.rewindGame === api) delete slot.rewindGame;
  };
}
