/**
 * One player, one tick: the predictable part of the game, run by the server for everyone and by
 * each client for its own player (Quake's pmove). No "am I the server?" branch: the caller passes
 * the world in (`blockers`), the server with other players' boxes, client prediction with none.
 *
 * Inputs: the player's state, a sanitized command, the tick being produced, the config, blockers.
 * Output: a new state (quantized, input untouched), the shot fired this tick if any, and the
 * 'reloaded' / 'switched' events. Shots are only intents: the world resolves hits and rockets.
 * Invariants: bit-exact (no trigonometry, only IEEE-exact operations); a dead player changes only
 * its aim; a live player's box ends inside the map and outside every wall.
 */
import type { SimConfig } from './config';
import { moveBox } from './collide';
import { nextVelocity } from './movement';
import { Buttons, type Angle16, type Hitbox, type PlayerId, type PlayerState, type SimEvent, type Tick, type UserCmd, type WeaponId } from './types';
import { stepWeapon } from './weapons';

export interface ShotIntent {
  shooter: PlayerId;
  weapon: WeaponId;
  x: number;
  y: number;
  aim: Angle16;
}

export function stepPlayer(
  p: PlayerState,
  cmd: UserCmd,
  tick: Tick,
  cfg: SimConfig,
  blockers: readonly Hitbox[],
): { player: PlayerState; shot: ShotIntent | null; events: SimEvent[] } {
  if (!p.alive) return { player: { ...p, ammo: p.ammo.slice(), aim: cmd.aim }, shot: null, events: [] };
  const crouch = (cmd.buttons & Buttons.Crouch) !== 0;
  const vel = nextVelocity(p.vx, p.vy, cmd.moveX, cmd.moveY, crouch, cfg.tickrate);
  const moved = moveBox(cfg.map, p.id, p.x, p.y, vel.vx / cfg.tickrate, vel.vy / cfg.tickrate, blockers);
  const next: PlayerState = {
    ...p,
    x: moved.x,
    y: moved.y,
    // Contact kills only the blocked component, so the player slides along the wall.
    vx: moved.blockedX ? 0 : vel.vx,
    vy: moved.blockedY ? 0 : vel.vy,
    aim: cmd.aim,
    crouch,
    ammo: p.ammo.slice(),
  };
  const events: SimEvent[] = [];
  const fired = stepWeapon(next, cmd, tick, cfg.tickrate, events);
  const shot = fired ? { shooter: p.id, weapon: next.weapon, x: next.x, y: next.y, aim: cmd.aim } : null;
  return { player: next, shot, events };
}

