// Builders shared by the Pushball tests: pitches with players, hand-placed discs, runs of ticks.
import { addPlayer, createPitch, stepPitch } from '../../../src/pushball/sim/index';
import {
  PitchPhase,
  type PitchWorld,
  type PitchPlayer,
  type PushCmd,
  type PushEvent,
} from '../../../src/pushball/sim/types';

export function cmd(moveX = 0, moveY = 0, buttons = 0): PushCmd {
  return { tick: 0, moveX, moveY, buttons };
}

/** A pitch (default settings unless given) with these player ids joined in this order. */
export function pitchWith(ids: readonly number[], settings: Parameters<typeof createPitch>[0] = {}): PitchWorld {
  let world = createPitch(settings).world;
  for (const id of ids) {
    const r = addPlayer(world, id);
    if (!r.ok) throw new Error(r.message);
    world = r.world;
  }
  return world;
}

/** The same world in the Playing phase (no kickoff restrictions). */
export function playing(world: PitchWorld): PitchWorld {
  return { ...world, rules: { ...world.rules, phase: PitchPhase.Playing, phaseTicksLeft: 0 } };
}

/** The same world with player `id` changed by `patch`. */
export function withPlayer(world: PitchWorld, id: number, patch: Partial<PitchPlayer>): PitchWorld {
  return { ...world, players: world.players.map((p) => (p.id === id ? { ...p, ...patch } : p)) };
}

/** The same world with the ball changed by `patch`. */
export function withBall(world: PitchWorld, patch: Partial<PitchWorld['ball']>): PitchWorld {
  return { ...world, ball: { ...world.ball, ...patch } };
}

export function player(world: PitchWorld, id: number): PitchPlayer {
  const p = world.players.find((q) => q.id === id);
  if (!p) throw new Error(`no player ${id}`);
  return p;
}

/** Steps `ticks` times with the commands `cmds(world, tick)` gives; collects every event. */
export function run(
  world: PitchWorld,
  ticks: number,
  cmds: (w: PitchWorld, i: number) => Map<number, PushCmd> = () => new Map(),
): { world: PitchWorld; events: PushEvent[] } {
  const events: PushEvent[] = [];
  let w = world;
  for (let i = 0; i < ticks; i++) {
    const r = stepPitch(w, cmds(w, i));
    events.push(...r.events);
    w = r.world;
  }
  return { world: w, events };
}

/** Steps until `done` holds (at most `limit` ticks); returns the world and the events on the way. */
export function runUntil(
  world: PitchWorld,
  done: (w: PitchWorld) => boolean,
  limit: number,
  cmds: (w: PitchWorld) => Map<number, PushCmd> = () => new Map(),
): { world: PitchWorld; events: PushEvent[]; ticks: number } {
  const events: PushEvent[] = [];
  let w = world;
  let ticks = 0;
  while (!done(w) && ticks < limit) {
    const r = stepPitch(w, cmds(w));
    events.push(...r.events);
    w = r.world;
    ticks++;
  }
  return { world: w, events, ticks };
}

export const speed = (d: { vx: number; vy: number }): number => Math.sqrt(d.vx * d.vx + d.vy * d.vy);
