/**
 * What every other client may see of a player (PublicPlayerState): built field by field, so a
 * private field (ammo, weapon timers) can never leak into someone else's snapshot, and a field
 * added to PublicPlayerState without being copied here fails to compile.
 */
import type { PlayerState, PublicPlayerState } from '../sim/types';

export function publicView(p: PlayerState): PublicPlayerState {
  return {
    id: p.id,
    x: p.x,
    y: p.y,
    vx: p.vx,
    vy: p.vy,
    aim: p.aim,
    health: p.health,
    alive: p.alive,
    crouch: p.crouch,
    weapon: p.weapon,
    teleportSeq: p.teleportSeq,
    kills: p.kills,
    deaths: p.deaths,
  };
}
