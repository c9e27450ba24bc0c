/**
 * What both looks need to draw one player: `PlayerBody`, built from a remote player's
 * interpolated view or from the local player's predicted, smoothed one.
 * Input: RemotePlayerView / LocalPlayerView (+ the local aim sampled this frame). Pure.
 * Invariant: the local body uses the aim just sampled from the pointer (no round trip), remotes
 * the aim the snapshots carried.
 */
import type { LocalPlayerView, RemotePlayerView } from '../client/view-model';

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
  return { id: p.id, x: p.x, y: p.y, aim: p.aim, health: p.health, alive: p.alive, crouch: p.crouch, isLocal: false, extrapolating: p.extrapolating };
}

export function localBody(local: LocalPlayerView, aim: number): PlayerBody {
  const s = local.state;
  return { id: s.id, x: local.drawX, y: local.drawY, aim, health: s.health, alive: s.alive, crouch: s.crouch, isLocal: true, extrapolating: false };
}
