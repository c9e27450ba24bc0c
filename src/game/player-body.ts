/**
 * What both looks need to draw one player: `PlayerBody`, built from a remote player's
 * interpolated view or from the local player's predicted, smoothed one.
 * Input: RemotePlayerView / LocalPlayerView (+ the local aim sampled this frame). Pure, except
 * `placeBody` and `drawHealthBar`, the parts both looks draw alike (where the body sits on screen or
 * the dead marker; the health bar over it).
 * Invariant: the local body uses the aim just sampled from the pointer (no round trip), remotes
 * the aim the snapshots carried.
 */
import type { Color } from 'kaboom';
import type { LocalPlayerView, RemotePlayerView } from '../arena/client/view-model';
import { CROUCH_RADIUS, MAX_HEALTH, PLAYER_RADIUS } from '../sim/config';
import { toScreenX, toScreenY, type Camera } from './camera';
import { fillRect, ring, type Kit } from './render-kit';

export interface PlayerBody {
  id: number;
  x: number;
  y: number;
  aim: number;
  health: number;
  alive: boolean;
  crouch: boolean;
  isLocal: boolean;
  extrapolating: boolean;
}

export function remoteBody(p: RemotePlayerView): PlayerBody {
  return {
    id: p.id,
    x: p.x,
    y: p.y,
    aim: p.aim,
    health: p.health,
    alive: p.alive,
    crouch: p.crouch,
    isLocal: false,
    extrapolating: p.extrapolating,
  };
}

export function localBody(local: LocalPlayerView, aim: number): PlayerBody {
  const s = local.state;
  return {
    id: s.id,
    x: local.drawX,
    y: local.drawY,
    aim,
    health: s.health,
    alive: s.alive,
    crouch: s.crouch,
    isLocal: true,
    extrapolating: false,
  };
}

export interface PlacedBody {
  /** Centre in canvas CSS px (the debug API reports the same point). */
  sx: number;
  sy: number;
  /** Body radius in CSS px (smaller when crouched). */
  r: number;
  color: Color;
}

/** A live body's place on screen; a dead one is drawn as a faint ring in its colour and gives null. */
export function placeBody(kit: Kit, cam: Camera, b: PlayerBody): PlacedBody | null {
  const r = (b.crouch ? CROUCH_RADIUS : PLAYER_RADIUS) * cam.scale;
  const sx = toScreenX(cam, b.x);
  const sy = toScreenY(cam, b.y);
  const color = kit.player(b.id, b.isLocal);
  if (b.alive) return { sx, sy, r, color };
  ring(kit, sx, sy, r, 2, color, 0.35);
  return null;
}

/** A health bar `w` × `h` px centred on `cx` with its top at `y`: a dark track, filled by health. */
export function drawHealthBar(
  kit: Kit,
  cx: number,
  y: number,
  w: number,
  h: number,
  health: number,
  trackOpacity: number,
): void {
  fillRect(kit, cx - w / 2, y, w, h, kit.color('background'), trackOpacity);
  const hp = Math.min(Math.max(health / MAX_HEALTH, 0), 1);
  fillRect(kit, cx - w / 2, y, w * hp, h, kit.health(health));
}
