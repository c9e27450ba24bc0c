/**
 * The @colyseus/schema baseline the snapshot benchmarks compare against: the same quantized states
 * as our snapshots, in uint16/int16 grid fields, kept in a colyseus State that the library diffs
 * ("changes since the last patch"). Shared by snapshot-bytes and codec-speed.
 */
import { MapSchema, schema } from '@colyseus/schema';
import type { Snapshot } from '../src/arena/protocol/arena-messages';
import { POS_SCALE, type PlayerState, type ProjectileState, type PublicPlayerState } from '../src/sim';

const ColPlayer = schema({
  x: 'uint16',
  y: 'uint16',
  vx: 'int16',
  vy: 'int16',
  aim: 'uint16',
  health: 'uint8',
  alive: 'boolean',
  crouch: 'boolean',
  weapon: 'uint8',
  teleportSeq: 'uint8',
  kills: 'uint16',
  deaths: 'uint16',
});
const ColSelf = schema({
  x: 'uint16',
  y: 'uint16',
  vx: 'int16',
  vy: 'int16',
  aim: 'uint16',
  health: 'uint8',
  alive: 'boolean',
  crouch: 'boolean',
  weapon: 'uint8',
  teleportSeq: 'uint8',
  kills: 'uint16',
  deaths: 'uint16',
  ammo0: 'uint8',
  ammo1: 'uint8',
  nextFireTick: 'uint32',
  reloadEndTick: 'uint32',
  deployEndTick: 'uint32',
  respawnTick: 'uint32',
});
const ColProjectile = schema({
  owner: 'uint8',
  x: 'uint16',
  y: 'uint16',
  vx: 'int16',
  vy: 'int16',
  explodeTick: 'uint32',
});
export const ColState = schema({
  tick: 'uint32',
  lastCmdTick: 'uint32',
  self: ColSelf,
  players: { map: ColPlayer },
  projectiles: { map: ColProjectile },
});
export type ColStateT = InstanceType<typeof ColState>;

const grid = (v: number): number => Math.round(v * POS_SCALE);

function assignPublic(target: Record<string, unknown>, p: PublicPlayerState): void {
  Object.assign(target, {
    x: grid(p.x),
    y: grid(p.y),
    vx: grid(p.vx),
    vy: grid(p.vy),
    aim: p.aim,
    health: p.health,
    alive: p.alive,
    crouch: p.crouch,
    weapon: p.weapon,
    teleportSeq: p.teleportSeq,
    kills: p.kills,
    deaths: p.deaths,
  });
}

function assignSelf(target: Record<string, unknown>, p: PlayerState): void {
  assignPublic(target, p);
  Object.assign(target, {
    ammo0: p.ammo[0],
    ammo1: p.ammo[1],
    nextFireTick: p.nextFireTick,
    reloadEndTick: p.reloadEndTick,
    deployEndTick: p.deployEndTick,
    respawnTick: p.respawnTick,
  });
}

function assignProjectile(target: Record<string, unknown>, j: ProjectileState): void {
  Object.assign(target, {
    owner: j.owner,
    x: grid(j.x),
    y: grid(j.y),
    vx: grid(j.vx),
    vy: grid(j.vy),
    explodeTick: j.explodeTick,
  });
}

/** Applies a snapshot to the colyseus state (setting only what the library will then diff). */
export function applyToColyseus(state: ColStateT, s: Snapshot): void {
  state.tick = s.serverTick;
  state.lastCmdTick = s.lastCmdTick;
  assignSelf(state.self as unknown as Record<string, unknown>, s.self);
  syncMap(state.players, s.players, () => new ColPlayer(), assignPublic);
  syncMap(state.projectiles, s.projectiles, () => new ColProjectile(), assignProjectile);
}

function syncMap<E extends { id: number }, C extends object>(
  map: MapSchema<C>,
  list: readonly E[],
  make: () => C,
  assign: (t: Record<string, unknown>, e: E) => void,
): void {
  const keep = new Set(list.map((e) => String(e.id)));
  for (const key of [...map.keys()]) if (!keep.has(key)) map.delete(key);
  for (const e of list) {
    const key = String(e.id);
    const existing = map.get(key) ?? make();
    assign(existing as Record<string, unknown>, e);
    if (!map.has(key)) map.set(key, existing);
  }
}
