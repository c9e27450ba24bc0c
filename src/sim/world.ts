/**
 * The server's whole-world step (and the joins and leaves between steps).
 *
 * Inputs: a world state, at most one sanitized command per player (SanitizedCmd), the config and optional
 * hooks (lag compensation supplies the hitboxes a hitscan shot is tested against).
 * Output: the world at tick + 1 and the events of that tick. The input is never mutated.
 * Order, fixed for determinism: the match clock (warm-up or time running out, match-flow.ts) and
 * pickups coming back; players by id (respawn if due, then `playerTick`: move and weapon with the
 * others' boxes as they are at that moment and pickups touched; then the shot: hitscan resolved at
 * once or a rocket spawned); then
 * projectiles by id; then the frag limit. Every number in the result is on its wire grid.
 * While the match is not in play (ended, or its time is up) players only turn: commands are
 * stripped of moves and buttons, nobody respawns and nobody takes damage.
 * Events, per player in id order: 'respawned', 'reloaded'/'switched', 'pickup', then 'fired' (a
 * rocket's has end = start) and the hitscan 'hit'/'killed'; after all players, each
 * 'exploded' followed by the 'hit'/'killed' of its splash.
 * A player killed earlier in the tick by a lower id no longer acts in it.
 */
import { weaponDef, type SimConfig } from './config';
import { applyDamage } from './damage';
import { hitboxOf, traceShot } from './hitscan';
import { areEnemies, createMatch, joinMatch, leaveMatch, teamOf } from './match';
import { advanceMatchClock, checkFragLimit, spawnFor } from './match-flow';
import { MatchPhase, type MatchRules, type ReturningPlayer } from './match-types';
import { freshPickups, refreshPickups } from './pickups';
import type { ShotIntent } from './player';
import type { SanitizedCmd } from './quantize';
import { playerTick, type PlayerTickInput } from './player-tick';
import { newPlayer, respawnedPlayer, snapPlayerToGrid } from './player-state';
import { advanceProjectiles, spawnRocket } from './projectiles';
import { chooseSpawn } from './respawn';
import { noteHitShot, noteShot } from './scoring';
import { beginTick, endTick, indexOfPlayer, setPlayer, type StepScratch, type TickContext } from './tick-context';
import {
  WEAPON_KEEP,
  type ArenaMap,
  type Hitbox,
  type PlayerId,
  type SimEvent,
  type Tick,
  type UserCmd,
  type WorldState,
} from './types';

export { newStepScratch, type StepScratch } from './tick-context';

export interface StepHooks {
  hitboxesForShot?(shot: ShotIntent, cmd: UserCmd): readonly Hitbox[];
}

/**
 * An empty world waiting for its first match (free play, no clock). With a map, its pickups are
 * all there; without one the world has none until a match starts on a map.
 */
export function createWorld(seed: number, map?: ArenaMap, rules?: MatchRules): WorldState {
  return {
    tick: 0,
    players: [],
    projectiles: [],
    nextProjectileId: 0,
    rng: seed >>> 0,
    match: createMatch(rules),
    pickups: map ? freshPickups(map) : [],
  };
}

/**
 * Adds a player alive at a spawn point out of its enemies' sight, on the smaller team in team
 * deathmatch (or with `returning`, the record and kill/death counts it left with: a rejoin). Throws RangeError
 * for an id outside 0..255 or already present.
 */
export function addPlayer(
  world: WorldState,
  id: PlayerId,
  cfg: SimConfig,
  bot = false,
  returning?: ReturningPlayer,
): WorldState {
  if (!Number.isInteger(id) || id < 0 || id > 255)
    throw new RangeError(`addPlayer: id ${id} is not an integer in 0..255`);
  if (world.players.some((p) => p.id === id)) throw new RangeError(`addPlayer: player ${id} is already in the world`);
  const match = joinMatch(world.match, id, bot, returning?.record);
  const team = teamOf(match, id);
  const spot = chooseSpawn(cfg.map, world.players.map(hitboxOf), world.rng, {
    team,
    isEnemy: (other) => areEnemies(match, id, other),
  });
  const fresh = newPlayer(id, spot.x, spot.y);
  // A rejoin keeps the counters the end screen ranks by; the body itself is a fresh spawn.
  const body = returning ? { ...fresh, kills: returning.kills, deaths: returning.deaths } : fresh;
  const players = [...world.players, body].sort((a, b) => a.id - b.id);
  return { ...world, players, rng: spot.rng, match };
}

/** Removes a player; its rockets in flight keep flying (they credit no kills). Unknown ids: no change. */
export function removePlayer(world: WorldState, id: PlayerId): WorldState {
  return { ...world, players: world.players.filter((p) => p.id !== id), match: leaveMatch(world.match, id) };
}

function idleCmd(tick: Tick, aim: number): SanitizedCmd {
  // In range by construction: the aim is the player's own (already wrapped).
  return <SanitizedCmd>{
    tick,
    moveX: 0,
    moveY: 0,
    aim,
    buttons: 0,
    weaponSelect: WEAPON_KEEP,
    viewTick: 0,
    viewFrac: 0,
  };
}

function respawnIfDue(ctx: TickContext, index: number): void {
  const p = ctx.players[index];
  if (!p || p.alive || p.respawnTick === 0 || ctx.tick < p.respawnTick || ctx.match.phase === MatchPhase.Ended) return;
  const spot = chooseSpawn(ctx.cfg.map, ctx.hitboxes, ctx.rng, spawnFor(ctx, p.id));
  ctx.rng = spot.rng;
  const next = respawnedPlayer(p, spot.x, spot.y);
  setPlayer(ctx, index, next);
  ctx.events.push({ type: 'respawned', player: p.id, x: next.x, y: next.y });
}

function pushFired(ctx: TickContext, shot: ShotIntent, endX: number, endY: number): void {
  ctx.events.push({
    type: 'fired',
    shooter: shot.shooter,
    weapon: shot.weapon,
    x: shot.x,
    y: shot.y,
    aim: shot.aim,
    endX,
    endY,
  });
}

/** `shot` is the scratch's (overwritten by the next player): read here, never kept. */
function resolveShot(ctx: TickContext, shot: ShotIntent, cmd: UserCmd, hooks: StepHooks | undefined): void {
  const def = weaponDef(shot.weapon);
  noteShot(ctx, shot.shooter);
  if (def.projectileSpeed > 0) {
    spawnRocket(ctx, shot);
    pushFired(ctx, shot, shot.x, shot.y);
    return;
  }
  const boxes = hooks?.hitboxesForShot?.(shot, cmd) ?? ctx.hitboxes;
  const trace = traceShot(ctx.cfg.map, shot.x, shot.y, shot.aim, def.range, boxes, shot.shooter);
  pushFired(ctx, shot, trace.endX, trace.endY);
  if (trace.hit === null) return;
  // The rewound box may show a player who has died since: applyDamage ignores the dead.
  if (applyDamage(ctx, indexOfPlayer(ctx, trace.hit), shot.shooter, shot.weapon, def.damage, trace.endX, trace.endY))
    noteHitShot(ctx, shot.shooter);
}

function stepOnePlayer(
  ctx: TickContext,
  index: number,
  cmds: ReadonlyMap<PlayerId, SanitizedCmd>,
  hooks: StepHooks | undefined,
  reuse: PlayerTickInput | null,
): PlayerTickInput | null {
  respawnIfDue(ctx, index);
  const p = ctx.players[index];
  if (!p) return reuse;
  const cmd = cmds.get(p.id) ?? idleCmd(ctx.tick, p.aim);
  const scratch = ctx.scratch.player;
  // One input object for the whole tick: only the player and its command change from one to the next.
  const t = reuse ?? {
    player: p,
    cmd,
    tick: ctx.tick,
    cfg: ctx.cfg,
    match: ctx.match,
    pickups: ctx.pickups,
    blockers: ctx.hitboxes,
    events: ctx.events,
    scratch,
  };
  t.player = p;
  t.cmd = cmd;
  setPlayer(ctx, index, playerTick(t));
  if (scratch.fired) resolveShot(ctx, scratch.shot, cmd, hooks);
  return t;
}

/**
 * `scratch`: pass the same one every tick (newStepScratch) and the step allocates, per player,
 * only the player's new state and its ammo array (plus events, shots and rockets when they
 * happen); without one, a fresh scratch is made for the call. Either way the result is the same
 * and shares nothing with the scratch.
 */
export function stepWorld(
  world: WorldState,
  cmds: ReadonlyMap<PlayerId, SanitizedCmd>,
  cfg: SimConfig,
  hooks?: StepHooks,
  scratch?: StepScratch,
): { world: WorldState; events: SimEvent[] } {
  const ctx = beginTick(world, cfg, world.tick + 1, scratch);
  advanceMatchClock(ctx);
  refreshPickups(ctx.pickups, ctx.tick);
  let input: PlayerTickInput | null = null;
  for (let i = 0; i < ctx.players.length; i++) input = stepOnePlayer(ctx, i, cmds, hooks, input);
  advanceProjectiles(ctx);
  checkFragLimit(ctx);
  // Every player object in ctx was created during this tick (advancePlayer always copies), so snapping in place is safe.
  for (let i = 0; i < ctx.players.length; i++) snapPlayerToGrid(ctx.players[i]!);
  return { world: endTick(ctx), events: ctx.events };
}
