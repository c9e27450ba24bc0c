/**
 * The scratch state of one `stepWorld` call: working copies of the world's arrays that the tick's
 * phases (respawn, players, shots, projectiles) update in turn. Created per call, never shared,
 * so the step stays a pure function of its inputs.
 *
 * `StepScratch` is what may outlive a call: the hitbox records and the per-player temporaries,
 * owned by whoever steps the world tick after tick (the server, the practice host), so a tick
 * allocates no hitbox and no temporary per player. Nothing in it is part of the result: a world
 * returned by a step never points into the scratch, so reusing it cannot change an older world.
 * One scratch serves one step at a time (steps do not nest).
 *
 * Invariant: `hitboxes[i]` always describes `players[i]` (use `setPlayer`), players sorted by id.
 */
import type { SimConfig } from './config';
import { writeHitbox } from './hitscan';
import type { MatchPlayer, MatchState } from './match-types';
import { newPlayerStepScratch, type PlayerStepScratch } from './player';
import type { Hitbox, PlayerId, PlayerState, ProjectileState, SimEvent, Tick, WorldState } from './types';

export interface StepScratch {
  /** Hitbox records, reused: entries [0, players) are the tick's, overwritten in place. */
  readonly hitboxes: Hitbox[];
  readonly player: PlayerStepScratch;
  /** Match records scoring copied in the current tick (scoring.ts): changed in place after that. */
  readonly ownedRecords: MatchPlayer[];
  /** Hitbox records ever created by this scratch (grows only with the player count). */
  hitboxesCreated: number;
}

export function newStepScratch(): StepScratch {
  return { hitboxes: [], player: newPlayerStepScratch(), ownedRecords: [], hitboxesCreated: 0 };
}

export interface TickContext {
  tick: Tick;
  cfg: SimConfig;
  players: PlayerState[];
  /** The scratch's records while the step runs (never returned in a world). */
  hitboxes: Hitbox[];
  projectiles: ProjectileState[];
  nextProjectileId: number;
  rng: number;
  events: SimEvent[];
  /** Replaced by the match clock; scoring copies it once per tick (`ownedMatch`), then changes the copy. */
  match: MatchState;
  /** The match object this tick created and may change in place (null until scoring copies it). */
  ownedMatch: MatchState | null;
  /** A working copy: entries may be set in place. */
  pickups: Tick[];
  readonly scratch: StepScratch;
}

function hitboxesOf(players: readonly PlayerState[], scratch: StepScratch): Hitbox[] {
  const boxes = scratch.hitboxes;
  while (boxes.length < players.length) {
    boxes.push({ id: 0, x: 0, y: 0, radius: 0, alive: false, crouch: false });
    scratch.hitboxesCreated++;
  }
  // The pool keeps its records; the tick's view is the first `players.length` of them.
  boxes.length = players.length;
  for (let i = 0; i < players.length; i++) writeHitbox(boxes[i]!, players[i]!);
  return boxes;
}

/** The context producing tick `world.tick + 1` (or `tick`, for changes made between ticks). */
export function beginTick(
  world: WorldState,
  cfg: SimConfig,
  tick: Tick = world.tick + 1,
  scratch: StepScratch = newStepScratch(),
): TickContext {
  return {
    tick,
    cfg,
    players: world.players.slice(),
    hitboxes: hitboxesOf(world.players, scratch),
    projectiles: world.projectiles.slice(),
    nextProjectileId: world.nextProjectileId,
    rng: world.rng,
    events: [],
    match: world.match,
    ownedMatch: null,
    pickups: world.pickups.slice(),
    scratch,
  };
}

/** The world the context describes, at its tick. */
export function endTick(ctx: TickContext): WorldState {
  return {
    tick: ctx.tick,
    players: ctx.players,
    projectiles: ctx.projectiles,
    nextProjectileId: ctx.nextProjectileId,
    rng: ctx.rng,
    match: ctx.match,
    pickups: ctx.pickups,
  };
}

export function setPlayer(ctx: TickContext, index: number, p: PlayerState): void {
  ctx.players[index] = p;
  writeHitbox(ctx.hitboxes[index]!, p);
}

export function indexOfPlayer(ctx: { readonly players: readonly { readonly id: PlayerId }[] }, id: PlayerId): number {
  const players = ctx.players;
  for (let i = 0; i < players.length; i++) if (players[i]!.id === id) return i;
  return -1;
}
