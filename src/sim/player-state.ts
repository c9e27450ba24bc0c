/**
 * Whole-state transitions of one player that only the world makes: joining, dying, respawning,
 * and the end-of-tick snap to the wire grid.
 *
 * Inputs: a player state (never mutated, except by `snapPlayerToGrid`, whose caller owns the object).
 * Outputs: new states. Invariants: a new or respawned player is alive with full health and full
 * magazines and no timers running; a dead one has alive=false, health 0, zero velocity and a respawn tick.
 */
import { MAX_HEALTH, RESPAWN_SECONDS, fullAmmo, secondsToTicks, DEFAULT_WEAPON } from './config';
import { quantizePos, quantizeVel, wrapAngle } from './quantize';
import type { PlayerId, PlayerState, Tick } from './types';

export function newPlayer(id: PlayerId, x: number, y: number): PlayerState {
  return {
    id,
    x: quantizePos(x),
    y: quantizePos(y),
    vx: 0,
    vy: 0,
    aim: 0,
    health: MAX_HEALTH,
    alive: true,
    crouch: false,
    weapon: DEFAULT_WEAPON,
    ammo: fullAmmo(),
    nextFireTick: 0,
    reloadEndTick: 0,
    deployEndTick: 0,
    respawnTick: 0,
    teleportSeq: 0,
    kills: 0,
    deaths: 0,
  };
}

export function killedPlayer(p: PlayerState, tick: Tick, tickrate: number): PlayerState {
  return {
    ...p,
    health: 0,
    alive: false,
    vx: 0,
    vy: 0,
    crouch: false,
    reloadEndTick: 0,
    deployEndTick: 0,
    respawnTick: tick + secondsToTicks(RESPAWN_SECONDS, tickrate),
    deaths: p.deaths + 1,
  };
}

export function respawnedPlayer(p: PlayerState, x: number, y: number): PlayerState {
  return {
    ...p,
    x: quantizePos(x),
    y: quantizePos(y),
    vx: 0,
    vy: 0,
    health: MAX_HEALTH,
    alive: true,
    crouch: false,
    ammo: fullAmmo(),
    nextFireTick: 0,
    reloadEndTick: 0,
    deployEndTick: 0,
    respawnTick: 0,
    // A counter, not a flag: clients see the jump even if the snapshot carrying it is lost.
    teleportSeq: (p.teleportSeq + 1) & 255,
  };
}

/** Snaps the continuous fields onto the wire grid, in place (only on objects the caller created this tick). */
export function snapPlayerToGrid(p: PlayerState): void {
  p.x = quantizePos(p.x);
  p.y = quantizePos(p.y);
  p.vx = quantizeVel(p.vx);
  p.vy = quantizeVel(p.vy);
  p.aim = wrapAngle(p.aim);
}
