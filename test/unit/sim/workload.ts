// A seeded, stateless workload for determinism tests: the command of a player at a tick depends only
// on (seed, tick, id, world), so a run can be restarted mid-way and fed the same commands.
import type { SimConfig } from '../../../src/sim/config';
import { nextRandom } from '../../../src/sim/rng';
import { stepWorld } from '../../../src/sim/world';
import {
  Buttons,
  WEAPON_KEEP,
  type PlayerId,
  type SimEvent,
  type UserCmd,
  type WorldState,
} from '../../../src/sim/types';
import { saneCmds } from '../../helpers/sane-cmds';

function randoms(seed: number, count: number): number[] {
  const out: number[] = [];
  let s = seed >>> 0;
  for (let i = 0; i < count; i++) {
    const r = nextRandom(s);
    out.push(r.value);
    s = r.state;
  }
  return out;
}

/** Commands change every 8..24 ticks per player; aim tracks a chosen opponent half of the time. */
export function workloadCmd(seed: number, tick: number, id: PlayerId, world: WorldState): UserCmd {
  const phase = Math.floor((tick + id * 5) / 16);
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0] = randoms(
    seed ^ Math.imul(phase + 1, 0x9e3779b1) ^ Math.imul(id + 1, 0x85ebca6b),
    7,
  );
  const self = world.players.find((p) => p.id === id);
  const others = world.players.filter((p) => p.id !== id && p.alive);
  const target = others[Math.floor(d * others.length)];
  const jitter = Math.floor(randoms(seed + tick * 31 + id, 1)[0]! * 2000) - 1000;
  const aim =
    self && target && e < 0.6
      ? Math.round((Math.atan2(target.y - self.y, target.x - self.x) / (2 * Math.PI)) * 65536) + jitter
      : Math.floor(e * 65536);
  let buttons = 0;
  if (c < 0.5) buttons |= Buttons.Fire;
  if (c > 0.97) buttons |= Buttons.Reload;
  if (f < 0.15) buttons |= Buttons.Crouch;
  const switchNow = (tick + id) % 16 === 0 && g < 0.3;
  return {
    tick,
    moveX: Math.round(a * 254) - 127,
    moveY: Math.round(b * 254) - 127,
    aim: ((aim % 65536) + 65536) % 65536,
    buttons,
    weaponSelect: switchNow ? (g < 0.15 ? 0 : 1) : WEAPON_KEEP,
    viewTick: Math.max(0, tick - 6),
    viewFrac: Math.floor(f * 256),
  };
}

export interface RunResult {
  world: WorldState;
  eventCounts: Record<string, number>;
  /** JSON of the world every 500 ticks, to compare whole trajectories, not only the end. */
  checkpoints: string[];
}

export function runWorkload(
  start: WorldState,
  ticks: number,
  seed: number,
  cfg: SimConfig,
  onStep?: (w: WorldState, events: SimEvent[]) => void,
): RunResult {
  let world = start;
  const eventCounts: Record<string, number> = {};
  const checkpoints: string[] = [];
  for (let i = 0; i < ticks; i++) {
    const tick = world.tick + 1;
    const cmds = new Map<PlayerId, UserCmd>();
    for (const p of world.players) cmds.set(p.id, workloadCmd(seed, tick, p.id, world));
    const r = stepWorld(world, saneCmds(cmds), cfg);
    world = r.world;
    for (const e of r.events) eventCounts[e.type] = (eventCounts[e.type] ?? 0) + 1;
    if (world.tick % 500 === 0) checkpoints.push(JSON.stringify(world));
    onStep?.(world, r.events);
  }
  return { world, eventCounts, checkpoints };
}
