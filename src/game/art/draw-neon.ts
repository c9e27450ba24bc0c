/**
 * One frame in the neon look, back to front: the baked arena, particles and shots, rockets,
 * players, damage numbers, the debug overlays, screen feedback (hurt, crosshair, markers), then
 * the HUD layers (`hooks.overlays`: HUD, scoreboard, net graph, shared with the classic look).
 * Input: Kit, FrameInfo (camera already shaken), Effects, Look.
 */
import type { Effects } from '../effects';
import type { FrameInfo, Kit } from '../render-kit';
import { drawArena } from './arena-bake';
import { arenaFor, type Look } from './look';
import { drawNeonDamage, drawNeonWorldEffects } from './neon-effects';
import { drawNeonPlayers, drawNeonProjectiles } from './neon-players';
import { drawNeonScreen } from './neon-screen';

export interface FrameHooks {
  debug(): void;
  overlays(): void;
}

export function drawNeonFrame(kit: Kit, f: FrameInfo, fx: Effects, look: Look, hooks: FrameHooks): void {
  drawArena(kit.k, arenaFor(look, kit.k, f.map, f.cam.scale), f.cam);
  drawNeonWorldEffects(kit, f, fx, look);
  drawNeonProjectiles(kit, f, look);
  drawNeonPlayers(kit, f, look);
  drawNeonDamage(kit, f, fx);
  hooks.debug();
  drawNeonScreen(kit, f, fx, look);
  hooks.overlays();
}
