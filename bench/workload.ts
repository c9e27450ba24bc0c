/**
 * A seeded, reproducible match for benchmarks: N bots moving, aiming and shooting on the default
 * map, stepped by the real sim (stepWorld) at `tickrate`, sampled every `snapshotEvery` ticks.
 *
 * Inputs: player count, seed, rates. Output: frames (world state + the sim events since the previous
 * frame, tagged with NetEvent ids) and helpers that turn a frame into the Snapshot one client gets.
 * Invariants: the same options always give the same frames (bots are a pure function of the
 * seed, their id, the tick and the world); nothing reads a clock or Math.random.
 */
import {
  DEFAULT_MAP,
  Buttons,
  WEAPON_KEEP,
  Weapon,
  addPlayer,
  createWorld,
  idOfMap,
  publicMatch,
  startMatch,
  type MatchRules,
  radiansToAngle,
  stepWorld,
  type PlayerId,
  type PlayerState,
  type SimConfig,
  type UserCmd,
  type WorldState,
} from '../src/sim';
import type { NetEvent, Snapshot } from '../src/arena/protocol/arena-messages';
import { sanitizeCmd } from '../src/sim/quantize';

export interface WorkloadOptions {
  players: number;
  seed: number;
  /** Frames to produce after the warm-up. */
  frames: number;
  tickrate?: number;
  snapshotEvery?: number;
  warmupTicks?: number;
  /** Start a match with these rules (on the default map) before the warm-up; default: none (free play). */
  rules?: MatchRules;
}

export interface WorkloadFrame {
  world: WorldState;
  /** Events of the ticks since the previous frame, with consecutive ids. */
  events: NetEvent[];
}

/** A stateless integer hash to [0, 1): the bots' only randomness. */
export function hash01(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 4294967296;
}

function nearestEnemy(world: WorldState, me: PlayerState): PlayerState | null {
  let best: PlayerState | null = null;
  let bestD = Infinity;
  for (const p of world.players) {
    if (p.id === me.id || !p.alive) continue;
    const d = (p.x - me.x) ** 2 + (p.y - me.y) ** 2;
    if (d < bestD) [best, bestD] = [p, d];
  }
  return best;
}

/** What bot `id` does at `tick`: wander in a direction that changes every ~0.75 s, aim at the nearest enemy, shoot in bursts. */
export function botCmd(world: WorldState, me: PlayerState, tick: number, seed: number): UserCmd {
  const epoch = Math.floor((tick + me.id * 37) / 45);
  const dir = hash01(seed, me.id, epoch) * 2 * Math.PI;
  const idle = hash01(seed, me.id, epoch, 1) < 0.15;
  const enemy = nearestEnemy(world, me);
  const aim = enemy ? radiansToAngle(Math.atan2(enemy.y - me.y, enemy.x - me.x)) : me.aim;
  const inRange = enemy !== null && (enemy.x - me.x) ** 2 + (enemy.y - me.y) ** 2 < 600 ** 2;
  const firing = inRange && hash01(seed, me.id, tick >> 4, 2) < 0.05;
  const crouch = hash01(seed, me.id, epoch, 3) < 0.1;
  const rocket = hash01(seed, me.id, epoch >> 2, 4) < 0.1;
  return {
    tick,
    moveX: idle ? 0 : Math.round(Math.cos(dir) * 127),
    moveY: idle ? 0 : Math.round(Math.sin(dir) * 127),
    aim,
    buttons: (firing ? Buttons.Fire : 0) | (crouch ? Buttons.Crouch : 0),
    weaponSelect: hash01(seed, me.id, epoch, 5) < 0.5 ? (rocket ? Weapon.Rocket : Weapon.Rifle) : WEAPON_KEEP,
    viewTick: Math.max(0, tick - 6),
    viewFrac: 128,
  };
}

export function workloadConfig(tickrate = 60): SimConfig {
  return { tickrate, map: DEFAULT_MAP };
}

export function* workloadFrames(opts: WorkloadOptions): Generator<WorkloadFrame> {
  const cfg = workloadConfig(opts.tickrate);
  const every = opts.snapshotEvery ?? 2;
  let world = createWorld(opts.seed);
  for (let id = 0; id < opts.players; id++) world = addPlayer(world, id as PlayerId, cfg);
  if (opts.rules) world = startMatch(world, opts.rules, cfg).world;
  let nextEventId = 0;
  let pending: NetEvent[] = [];
  const warmup = opts.warmupTicks ?? 120;
  for (let t = 1; t <= warmup + opts.frames * every; t++) {
    const tick = world.tick + 1;
    const cmds = new Map(world.players.map((p) => [p.id, sanitizeCmd(botCmd(world, p, tick, opts.seed))] as const));
    const step = stepWorld(world, cmds, cfg);
    world = step.world;
    for (const event of step.events) pending.push({ id: nextEventId++ % 65536, tick, event });
    if (t > warmup && (t - warmup) % every === 0) {
      yield { world, events: pending };
      pending = [];
    }
    if (t === warmup) pending = [];
  }
}

/** The snapshot player `selfId` receives for a frame (state only unless `events` is given). */
export function snapshotFor(world: WorldState, selfId: PlayerId, events: NetEvent[] = []): Snapshot {
  const self = world.players.find((p) => p.id === selfId);
  if (!self) throw new Error(`player ${selfId} is not in the world`);
  return {
    serverTick: world.tick,
    baselineTick: 0,
    lastCmdTick: world.tick,
    cmdBufferDepth: 2,
    echoTimeMs: (world.tick * 16) % 65536,
    echoHoldMs: 3,
    part: 0,
    partCount: 1,
    self,
    players: world.players
      .filter((p) => p.id !== selfId)
      .map(({ id, x, y, vx, vy, aim, health, alive, crouch, weapon, teleportSeq, kills, deaths }) => ({
        id,
        x,
        y,
        vx,
        vy,
        aim,
        health,
        alive,
        crouch,
        weapon,
        teleportSeq,
        kills,
        deaths,
      })),
    projectiles: world.projectiles,
    events,
    // Protocol 3: scores, clock and pickup timers ride in every snapshot.
    match: publicMatch(world, idOfMap(DEFAULT_MAP)),
  };
}
