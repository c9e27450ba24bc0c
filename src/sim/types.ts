/**
 * The shared vocabulary of the simulation: every value the server steps and every client predicts.
 *
 * Invariants (what "quantized" means, DESIGN §4): after any sim step every number in these types
 * sits exactly on its wire grid, so encode → decode is the identity on a stepped state:
 *  - positions and velocities are multiples of 1/16 unit (resp. unit per second), see `quantize.ts`;
 *  - angles are integers in [0, 65536) (a full turn = 65536);
 *  - ticks, health, ammo, counters are integers.
 * Time inside the sim is the integer `Tick`; seconds exist only in config constants.
 */

import type { MatchState, PickupKind, PickupSpot, Team } from './match-types';
import type { PlayerId, Tick } from '../protocol/ids';

// The netcode's ids (a type-only import of aliases: the rules stay pure). A tick is a simulation step
// (the server's tick 0 is the match start; one `UserCmd` per player per tick); a player id is a small
// integer (0..255) naming a player for the whole match.
export type { PlayerId, Tick } from '../protocol/ids';
/** Angle in 1/65536 of a full turn, 0 = +x (right), increasing toward +y (down on screen). */
export type Angle16 = number;

/** Button bits in `UserCmd.buttons`. Unknown bits are masked off by the server. */
export const Buttons = {
  Fire: 1 << 0,
  AltFire: 1 << 1,
  Reload: 1 << 2,
  Crouch: 1 << 3,
} as const;
export const BUTTONS_MASK = Buttons.Fire | Buttons.AltFire | Buttons.Reload | Buttons.Crouch;

/** Weapon ids. `WeaponId` indexes `PlayerState.ammo`. */
export const Weapon = {
  Rifle: 0,
  Rocket: 1,
} as const;
export type WeaponId = (typeof Weapon)[keyof typeof Weapon];
export const WEAPON_COUNT = 2;
/** `UserCmd.weaponSelect` value meaning "keep the current weapon". */
export const WEAPON_KEEP = 255;

/**
 * One tick of one player's input (Valve's usercmd). Everything the server needs to step the player
 * and to lag-compensate the shot: the view time is where the client drew everyone else.
 */
export interface UserCmd {
  /** The tick this command is for; the server consumes it exactly at this tick. */
  tick: Tick;
  /** Movement axes, integers in [-127, 127]; (127, 0) is full speed right. */
  moveX: number;
  moveY: number;
  /** Aim direction. */
  aim: Angle16;
  /** Bitfield of `Buttons`. */
  buttons: number;
  /** A `WeaponId` to switch to, or `WEAPON_KEEP`. */
  weaponSelect: number;
  /** The server tick the client rendered other entities at (integer part)… */
  viewTick: Tick;
  /** …and its fraction in 1/256 (0..255): view time = viewTick + viewFrac / 256. */
  viewFrac: number;
}

/**
 * Everything about one player, as the server holds it and as its own client predicts it.
 * Other clients see only `PublicPlayerState`.
 */
export interface PlayerState {
  id: PlayerId;
  x: number;
  y: number;
  vx: number;
  vy: number;
  aim: Angle16;
  health: number;
  alive: boolean;
  crouch: boolean;
  weapon: WeaponId;
  /** Rounds in the magazine, indexed by `WeaponId`. */
  ammo: number[];
  /** First tick at which the current weapon may fire again. */
  nextFireTick: Tick;
  /** Tick at which the reload in progress completes; 0 when not reloading. */
  reloadEndTick: Tick;
  /** Tick at which the weapon being switched to is ready; 0 when not switching. */
  deployEndTick: Tick;
  /** Tick at which a dead player respawns; 0 while alive. */
  respawnTick: Tick;
  /**
   * Increments (mod 256) every time the player is moved discontinuously (respawn). Clients never
   * interpolate between two states whose `teleportSeq` differ: a counter, unlike a one-tick flag,
   * survives the snapshot that carried the flag being lost.
   */
  teleportSeq: number;
  kills: number;
  deaths: number;
}

/** The part of a player that every other client receives (no ammo or weapon timers: not theirs to read). */
export type PublicPlayerState = Pick<
  PlayerState,
  'id' | 'x' | 'y' | 'vx' | 'vy' | 'aim' | 'health' | 'alive' | 'crouch' | 'weapon' | 'teleportSeq' | 'kills' | 'deaths'
>;

/** A server-simulated rocket. Never predicted, never lag-compensated. */
export interface ProjectileState {
  /** Unique per match, wraps at 65536. */
  id: number;
  owner: PlayerId;
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Tick at which it explodes even without touching anything. */
  explodeTick: Tick;
}

/** The whole authoritative world at the end of a tick. Plain data: copy it, compare it, encode it. */
export interface WorldState {
  tick: Tick;
  /** Sorted by `id`. */
  players: PlayerState[];
  /** Sorted by `id` (creation order). */
  projectiles: ProjectileState[];
  nextProjectileId: number;
  /** State of the seeded PRNG (uint32); the only source of randomness in the sim. */
  rng: number;
  /** Mode, phase, clock, scores and results of the match being played (match.ts). */
  match: MatchState;
  /** Per pickup spot of the map, in map order: 0 = available, else the tick it comes back (pickups.ts). */
  pickups: Tick[];
}

/** A circle that a shot can hit: what lag compensation records and rewinds. */
export interface Hitbox {
  id: PlayerId;
  x: number;
  y: number;
  radius: number;
  alive: boolean;
  crouch: boolean;
}

/** Things that happened during a tick, for effects, HUD and kill feed. */
export type SimEvent =
  | {
      type: 'fired';
      shooter: PlayerId;
      weapon: WeaponId;
      x: number;
      y: number;
      aim: Angle16;
      endX: number;
      endY: number;
    }
  | { type: 'hit'; shooter: PlayerId; target: PlayerId; weapon: WeaponId; damage: number; x: number; y: number }
  | { type: 'killed'; killer: PlayerId; victim: PlayerId; weapon: WeaponId }
  | { type: 'reloaded'; player: PlayerId; weapon: WeaponId }
  | { type: 'switched'; player: PlayerId; weapon: WeaponId }
  | { type: 'respawned'; player: PlayerId; x: number; y: number }
  | { type: 'exploded'; projectile: number; owner: PlayerId; x: number; y: number }
  /** `player` took pickup spot `pickup` (an index into the map's pickups) of kind `kind`. */
  | { type: 'pickup'; player: PlayerId; pickup: number; kind: PickupKind };
export type SimEventType = SimEvent['type'];

/** An axis-aligned rectangle: walls and bounds. Integer coordinates. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A spawn point; `team` (1 red, 2 blue) reserves it for that team in team deathmatch, 0 or absent = anyone. */
export interface SpawnPoint {
  x: number;
  y: number;
  team?: Team;
}

/** A static arena: walls block movement, shots and rockets. */
export interface ArenaMap {
  name: string;
  width: number;
  height: number;
  walls: Rect[];
  spawns: SpawnPoint[];
  /** Health and ammo pickups (absent = none). At most MAX_PICKUPS. */
  pickups?: PickupSpot[];
}
