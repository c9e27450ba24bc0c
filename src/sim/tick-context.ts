/**
 * The scratch state of one `stepWorld` call: working copies of the world's arrays that the tick's
 * phases (respawn, players, shots, projectiles) update in turn. Created per call, never shared,
 * so the step stays a pure function of its inputs.
 *
 * Invariant: `hitboxes[i]` always describes `players[i]` (use `setPlayer`), players sorted by id.
 */
import type { SimConfig } from './config';
import { hitboxOf } from './hitscan';
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
}

export function beginTick(world: WorldState, cfg: SimConfig): TickContext {
  return {
    tick: world.tick + 1,
    cfg,
    players: world.players.slice(),
    hitboxes: world.players.map(hitboxOf),
    projectiles: world.projectiles.slice(),
    nextProjectileId: world.nextProjectileId,
    rng: world.rng,
    events: [],
  };
}

export function setPlayer(ctx: TickContext, index: number, p: PlayerState): void {
  ctx.players[index] = p;
  ctx.hitboxes[index] = hitboxOf(p);
}

export function indexOfPlayer(ctx: TickContext, id: PlayerId): number {
  return ctx.players.findIndex((p) => p.id === id);
}
