/**
 * Tunables of the game rules: sizes, speeds, health, timings and the weapon table.
 *
 * Inputs: none (constants) and `secondsToTicks`, which turns a duration into whole ticks.
 * Outputs: frozen constants; seconds appear only here, everything downstream counts ticks.
 * Invariants: every constant is finite and positive; `WEAPONS` is indexed by `WeaponId`.
 */
import { Weapon, type ArenaMap, type WeaponId } from './types';

export interface SimConfig {
  tickrate: number;
  map: ArenaMap;
}

/** A duration in whole ticks, at least 1, so a timer never completes in the tick that starts it. */
export function secondsToTicks(seconds: number, tickrate: number): number {
  return Math.max(1, Math.round(seconds * tickrate));
}

/** Movement box half-size and standing hitbox radius. */
export const PLAYER_RADIUS = 16;
/** Crouching hitbox radius; the movement box stays PLAYER_RADIUS so crouching never unsticks anyone. */
export const CROUCH_RADIUS = 11;
export const MAX_SPEED = 260;
export const CROUCH_SPEED = 130;
/** Quake-style ground acceleration: fraction of the wish speed gained per second. */
export const ACCELERATE = 10;
/** Quake-style friction: fraction of the speed lost per second above STOP_SPEED. */
export const FRICTION = 6;
/** Below this speed friction acts as if moving at STOP_SPEED, so a player comes to a full stop quickly. */
export const STOP_SPEED = 100;
export const MAX_HEALTH = 100;
export const RESPAWN_SECONDS = 3;
export const DEPLOY_SECONDS = 0.4;
/** A spawn point is free when no live player's centre is within this distance. */
export const SPAWN_CLEARANCE = 3 * PLAYER_RADIUS;

export interface WeaponDef {
  name: string;
  fireIntervalS: number;
  magazine: number;
  reloadS: number;
  damage: number;
  range: number;
  /** Units per second; 0 means hitscan. */
  projectileSpeed: number;
  /** Splash radius: damage falls linearly from `damage` at the centre to 0 at this distance. */
  splashRadius: number;
}

const rifle: WeaponDef = Object.freeze({
  name: 'rifle',
  fireIntervalS: 0.1,
  magazine: 20,
  reloadS: 1.2,
  damage: 20,
  range: 2400,
  projectileSpeed: 0,
  splashRadius: 0,
});

const rocket: WeaponDef = Object.freeze({
  name: 'rocket',
  fireIntervalS: 0.8,
  magazine: 4,
  reloadS: 2,
  damage: 100,
  range: 2400,
  projectileSpeed: 600,
  splashRadius: 120,
});

export const WEAPONS: readonly WeaponDef[] = Object.freeze([rifle, rocket]);

/** The definition of a weapon id (ids are validated by sanitizeCmd, so the fallback is never used in play). */
export function weaponDef(id: WeaponId): WeaponDef {
  return WEAPONS[id] ?? rifle;
}

/** A full magazine for every weapon, indexed by `WeaponId`. */
export function fullAmmo(): number[] {
  return WEAPONS.map((w) => w.magazine);
}

export const DEFAULT_WEAPON: WeaponId = Weapon.Rifle;
