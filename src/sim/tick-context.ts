/**
 * The scratch state of one `stepWorld` call: working copies of the world's arrays that the tick's
 * phases (respawn, players, shots, projectiles) update in turn. Created per call, never shared,
 * so the step stays a pure function of its inputs.
 *
 * Invariant: `hitboxes[i]` always describes `players[i]` (use `setPlayer`), players sorted by id.
 */
import type { SimConfig } from './config';
import { hitboxOf } from './hitscan';
import type { MatchState } from './match-types';
import type { Hitbox, PlayerId, PlayerState, ProjectileState, SimEvent, Tick, WorldState } from './types';

export interface TickContext {
  tick: Tick;
  cfg: SimConfig;
  players: PlayerState[];
  hitboxes: Hitbox[];
  projectiles: ProjectileState[];
  nextProjectileId: number;
  rng: number;
  events: SimEvent[];
  /** Replaced (never mutated in place) by scoring and the match clock. */
  match: MatchState;
  /** A working copy: entries may be set in place. */
  pickups: Tick[];
}

/** The context producing tick `world.tick + 1` (or `tick`, for changes made between ticks). */
export function beginTick(world: WorldState, cfg: SimConfig, tick: Tick = world.tick + 1): TickContext {
  return {
    tick,
    cfg,
    players: world.players.slice(),
    hitboxes: world.players.map(hitboxOf),
    projectiles: world.projectiles.slice(),
    nextProjectileId: world.nextProjectileId,
    rng: world.rng,
    events: [],
    match: world.match,
    pickups: world.pickups.slice(),
  };
}

/** The world the context describes, at its tick. */
export function endTick(ctx: TickContext): WorldState {
  return { tick: ctx.tick, players: ctx.players, projectiles: ctx.projectiles, nextProjectileId: ctx.nextProjectileId, rng: ctx.rng, match: ctx.match, pickups: ctx.pickups };
}

export function setPlayer(ctx: TickContext, index: number, p: PlayerState): void {
  ctx.players[index] = p;
  ctx.hitboxes[index] = hitboxOf(p);
}

export function indexOfPlayer(ctx: TickContext, id: PlayerId): number {
  return ctx.players.findIndex((p) => p.id === id);
}
