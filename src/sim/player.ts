/**
 * One player, one tick: the predictable part of the game, run by the server for everyone and by
 * each client for its own player (Quake's pmove). No "am I the server?" branch: the caller passes
 * the world in (`blockers`), the server with other players' boxes, client prediction with none.
 *
 * Inputs: the player's state, a sanitized command, the tick being produced, the config, blockers.
 * Output: a new state (quantized, input untouched), the shot fired this tick if any, and the
 * 'reloaded' / 'switched' events. `advancePlayer` is the same step for the world, writing its
 * temporaries into a reused scratch (only the new state and its ammo array are allocated). Shots are only intents: the world resolves hits and rockets.
 * Invariants: bit-exact (no trigonometry, only IEEE-exact operations); a dead player changes only
 * its aim; a live player's box ends inside the map and outside every wall.
 */
import type { SimConfig } from './config';
import { moveBox, type BoxMove } from './collide';
import { nextVelocity, type Velocity } from './movement';
import {
  Buttons,
  type Angle16,
  type Hitbox,
  type PlayerId,
  type PlayerState,
  type SimEvent,
  type Tick,
  type UserCmd,
  type WeaponId,
} from './types';
import { stepWeapon } from './weapons';

export interface ShotIntent {
  shooter: PlayerId;
  weapon: WeaponId;
  x: number;
  y: number;
  aim: Angle16;
}

/**
 * A copy of `p` (its ammo array too) with new motion, aim and stance, written as one literal in
 * the sim's key order: an object spread with overrides costs V8 nearly three times the bytes,
 * and this runs for every player every tick.
 */
function movedPlayer(
  p: PlayerState,
  x: number,
  y: number,
  vx: number,
  vy: number,
  aim: Angle16,
  crouch: boolean,
): PlayerState {
  return {
    id: p.id,
    x,
    y,
    vx,
    vy,
    aim,
    health: p.health,
    alive: p.alive,
    crouch,
    weapon: p.weapon,
    ammo: p.ammo.slice(),
    nextFireTick: p.nextFireTick,
    reloadEndTick: p.reloadEndTick,
    deployEndTick: p.deployEndTick,
    respawnTick: p.respawnTick,
    teleportSeq: p.teleportSeq,
    kills: p.kills,
    deaths: p.deaths,
  };
}

/**
 * What the world step reuses from player to player and tick to tick (owned by its caller): the
 * velocity and box-move results and the shot intent, so stepping a player allocates only its
 * new state (and its ammo array).
 */
export interface PlayerStepScratch {
  readonly velocity: Velocity;
  readonly move: BoxMove;
  /** Valid when `fired`; overwritten by the next player's step. */
  readonly shot: ShotIntent;
  fired: boolean;
}

export function newPlayerStepScratch(): PlayerStepScratch {
  return {
    velocity: { vx: 0, vy: 0 },
    move: { x: 0, y: 0, blockedX: false, blockedY: false },
    shot: { shooter: 0, weapon: 0, x: 0, y: 0, aim: 0 },
    fired: false,
  };
}

/**
 * The step of `stepPlayer` for the world: the new state is returned, its events are appended to
 * `events`, and the shot (if one left the barrel) is in `scratch.shot` with `scratch.fired` set.
 */
export function advancePlayer(
  p: PlayerState,
  cmd: UserCmd,
  tick: Tick,
  cfg: SimConfig,
  blockers: readonly Hitbox[],
  events: SimEvent[],
  scratch: PlayerStepScratch,
): PlayerState {
  scratch.fired = false;
  if (!p.alive) return movedPlayer(p, p.x, p.y, p.vx, p.vy, cmd.aim, p.crouch);
  const crouch = (cmd.buttons & Buttons.Crouch) !== 0;
  const vel = nextVelocity(p.vx, p.vy, cmd.moveX, cmd.moveY, crouch, cfg.tickrate, scratch.velocity);
  const moved = moveBox(cfg.map, p.id, p.x, p.y, vel.vx / cfg.tickrate, vel.vy / cfg.tickrate, blockers, scratch.move);
  // Contact kills only the blocked component, so the player slides along the wall.
  const next = movedPlayer(
    p,
    moved.x,
    moved.y,
    moved.blockedX ? 0 : vel.vx,
    moved.blockedY ? 0 : vel.vy,
    cmd.aim,
    crouch,
  );
  if (stepWeapon(next, cmd, tick, cfg.tickrate, events)) {
    const shot = scratch.shot;
    shot.shooter = p.id;
    shot.weapon = next.weapon;
    shot.x = next.x;
    shot.y = next.y;
    shot.aim = cmd.aim;
    scratch.fired = true;
  }
  return next;
}

/** One player, one tick, on its own (client prediction): a new state, the shot fired if any, and the events. */
export function stepPlayer(
  p: PlayerState,
  cmd: UserCmd,
  tick: Tick,
  cfg: SimConfig,
  blockers: readonly Hitbox[],
): { player: PlayerState; shot: ShotIntent | null; events: SimEvent[] } {
  const scratch = newPlayerStepScratch();
  const events: SimEvent[] = [];
  const player = advancePlayer(p, cmd, tick, cfg, blockers, events, scratch);
  return { player, shot: scratch.fired ? { ...scratch.shot } : null, events };
}
