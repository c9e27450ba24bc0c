/**
 * `window.rewindGame`: the renderer's part of the debug API used by the e2e tests (the page wiring
 * publishes the netcode's part as `window.rewind`). Read-only `info()` about the last frame plus
 * test actions that open and close the overlays exactly as the keys do.
 * Invariant: installing returns the function that removes it; a second mount replaces the first.
 */
import type { GameRenderInfo } from './render-info';

export interface GameDebugApi {
  info(): GameRenderInfo;
  openMenu(): void;
  openSettings(): void;
  closeOverlays(): void;
  toggleNetGraph(): void;
}

export function installDebugApi(target: object, api: GameDebugApi): () => void {
  const slot = target as { rewindGame?: GameDebugApi };
  slot.rewindGame = api;
  return () => {
    if (slot.rewindGame === api) delete slot.rewindGame;
  };
}
