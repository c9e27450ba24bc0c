/**
 * Health and ammo pickups: a live player whose box touches an available pickup it needs takes it
 * (health +HEALTH_PACK up to the maximum; ammo refills every magazine and ends a reload), and the
 * pickup comes back after its respawn time. Shared by the server's world step and the picker's
 * client prediction, so a pickup is predicted with the very code that decides it.
 *
 * Inputs: a player state (never mutated), the pickup timers (0 = available, else the tick it comes
 * back), the map's spots, the tick and the tickrate. Output: the new player and the index taken.
 * Invariants: integer arithmetic on the 1/16 grid only (bit-exact on every engine); the first
 * available spot in map order wins when two touch; a full player takes nothing (the pack stays).
 */
import { MAX_HEALTH, PLAYER_RADIUS, fullAmmo, secondsToTicks, weaponDef, type SimConfig } from './config';
import { inPlay } from './match';
import { PickupKind, type MatchState, type PickupSpot } from './match-types';
import type { ArenaMap, PlayerState, Tick } from './types';

export const PICKUP_RADIUS = 14;
export const HEALTH_PACK = 50;
export const PICKUP_RESPAWN_SECONDS: Readonly<Record<PickupKind, number>> = Object.freeze({
  [PickupKind.Health]: 20,
  [PickupKind.Ammo]: 15,
});
const TOUCH_SQ = (PLAYER_RADIUS + PICKUP_RADIUS) * (PLAYER_RADIUS + PICKUP_RADIUS);

/** The map's pickup spots (none when the map has no list). */
export function pickupSpots(map: ArenaMap): readonly PickupSpot[] {
  return map.pickups ?? [];
}

/** Every pickup available: the timers a match starts with. */
export function freshPickups(map: ArenaMap): Tick[] {
  return pickupSpots(map).map(() => 0);
}

/** Is the pickup there at `tick`? (A timer that has come due counts as available even before the world clears it.) */
export function isAvailable(timer: Tick, tick: Tick): boolean {
  return timer === 0 || tick >= timer;
}

/** Clears the timers that are due at `tick` (in place on the caller's own copy). */
export function refreshPickups(pickups: Tick[], tick: Tick): void {
  for (let i = 0; i < pickups.length; i++) if (pickups[i]! !== 0 && tick >= pickups[i]!) pickups[i] = 0;
}

function needs(p: PlayerState, kind: PickupKind): boolean {
  if (kind === PickupKind.Health) return p.health < MAX_HEALTH;
  if (p.reloadEndTick !== 0) return true;
  for (let w = 0; w < p.ammo.length; w++) if (p.ammo[w]! < weaponDef(w as PlayerState['weapon']).magazine) return true;
  return false;
}

function applyPickup(p: PlayerState, kind: PickupKind): PlayerState {
  if (kind === PickupKind.Health)
    return { ...p, health: Math.min(MAX_HEALTH, p.health + HEALTH_PACK), ammo: p.ammo.slice() };
  return { ...p, ammo: fullAmmo(), reloadEndTick: 0 };
}

export interface PickupTaken {
  player: PlayerState;
  index: number;
  kind: PickupKind;
  /** The tick the pickup comes back. */
  respawnTick: Tick;
}

/** What `p` picks up at `tick`, if anything (at most one pickup per tick). */
export function touchPickups(
  p: PlayerState,
  pickups: readonly Tick[],
  map: ArenaMap,
  tick: Tick,
  tickrate: number,
): PickupTaken | null {
  if (!p.alive) return null;
  const spots = pickupSpots(map);
  for (let i = 0; i < spots.length && i < pickups.length; i++) {
    const spot = spots[i]!;
    const dx = p.x - spot.x;
    const dy = p.y - spot.y;
    // Touch first: every player tests every spot each tick, and most are out of reach.
    if (dx * dx + dy * dy > TOUCH_SQ || !isAvailable(pickups[i]!, tick) || !needs(p, spot.kind)) continue;
    return {
      player: applyPickup(p, spot.kind),
      index: i,
      kind: spot.kind,
      respawnTick: tick + secondsToTicks(PICKUP_RESPAWN_SECONDS[spot.kind], tickrate),
    };
  }
  return null;
}

/**
 * The pickup step of one player at `tick`, as both the world and the picker's prediction run it:
 * nothing while the match is not in play. The caller sets `pickups[index] = respawnTick`.
 */
export function pickupStep(
  match: Pick<MatchState, 'phase' | 'phaseEndTick'>,
  p: PlayerState,
  pickups: readonly Tick[],
  cfg: SimConfig,
  tick: Tick,
): PickupTaken | null {
  return inPlay(match, tick) ? touchPickups(p, pickups, cfg.map, tick, cfg.tickrate) : null;
}
