/**
 * The neon look's per-mount resources: the glow texture, the baked arena, and the colours of the
 * particle slots. Made once by `createLook`; `arenaFor` re-bakes only when the map or the needed
 * resolution changes.
 * Input: kaboom context, document, pixel density. Invariant: no module state; everything here is
 * freed with the kaboom context when the game unmounts.
 */
import type { Color, KaboomCtx } from 'kaboom';
import type { ArenaMap } from '../../sim/types';
import { FX_COLOR, PLAYER_SLOT } from '../fx/bursts';
import type { Kit } from '../render-kit';
import { currentBake, type ArenaBake } from './arena-bake';
import { createGlow, type Glow } from './glow';

export interface Look {
  glow: Glow;
  density: number;
  arena: ArenaBake | null;
  doc: Document;
}

export function createLook(k: KaboomCtx, doc: Document, density: number): Look {
  return { glow: createGlow(k, doc), density, arena: null, doc };
}

export function arenaFor(look: Look, k: KaboomCtx, map: ArenaMap, cameraScale: number): ArenaBake {
  look.arena = currentBake(k, look.doc, look.arena, map, cameraScale * look.density);
  return look.arena;
}

/** The colour of a particle slot (fx/bursts FX_COLOR, or a player's colour from PLAYER_SLOT up). */
export function particleColor(kit: Kit, slot: number, localId: number): Color {
  if (slot >= PLAYER_SLOT) {
    const id = slot - PLAYER_SLOT;
    return kit.player(id, id === (localId & 127));
  }
  switch (slot) {
    case FX_COLOR.spark:
      return kit.color('tracer');
    case FX_COLOR.ember:
      return kit.color('explosion');
    case FX_COLOR.smoke:
      return kit.color('smoke');
    case FX_COLOR.spawn:
      return kit.color('spawnFx');
    default:
      return kit.color('rocket');
  }
}
