/**
 * The entity tables' objects (fields.ts): the key order decoded objects get (the sim's own, so
 * JSON of a decoded state equals the server's), and the snapshot decoder's row-to-object makers
 * (TableOptions.unpack): one object literal per row of packed wire integers (entity-rows.ts).
 * Each must equal field-read.ts `unpackEachField` (same keys in order, same values): a unit test
 * holds them together.
 */
import { POS_SCALE } from '../../sim/quantize';
import {
  WEAPON_COUNT,
  type PlayerState,
  type ProjectileState,
  type PublicPlayerState,
  type WeaponId,
} from '../../sim/types';
import { rowInt } from '../../protocol/field-read';

export const PUBLIC_ORDER = [
  'id',
  'x',
  'y',
  'vx',
  'vy',
  'aim',
  'health',
  'alive',
  'crouch',
  'weapon',
  'teleportSeq',
  'kills',
  'deaths',
] as const;
export const PROJECTILE_ORDER = ['id', 'owner', 'x', 'y', 'vx', 'vy', 'explodeTick'] as const;
export const PLAYER_ORDER = [
  ...PUBLIC_ORDER.slice(0, 10),
  'ammo',
  'nextFireTick',
  'reloadEndTick',
  'deployEndTick',
  'respawnTick',
  ...PUBLIC_ORDER.slice(10),
] as const;

// The decoder's row → object (TableOptions.unpack): one literal, keys in the order above; grid
// columns back to units (`+ 0`: never -0, as the sim never makes one), integers as `rowInt`s.
/** × 1/16 is / 16 exactly (a power of two), without a division's latency. */
const GRID_UNIT = 1 / POS_SCALE;
export const unpackPublicWith = (col: (key: keyof PublicPlayerState & string) => number) => {
  const [id, x, y, vx, vy, aim, health, alive, crouch, weapon, seq, kills, deaths] = PUBLIC_ORDER.map(col) as number[];
  return (d: Float64Array, o: number): PublicPlayerState => ({
    id: rowInt(d[o + id!]!),
    x: d[o + x!]! * GRID_UNIT + 0,
    y: d[o + y!]! * GRID_UNIT + 0,
    vx: d[o + vx!]! * GRID_UNIT + 0,
    vy: d[o + vy!]! * GRID_UNIT + 0,
    aim: rowInt(d[o + aim!]!),
    health: rowInt(d[o + health!]!),
    alive: d[o + alive!] === 1,
    crouch: d[o + crouch!] === 1,
    weapon: rowInt(d[o + weapon!]!) as WeaponId,
    teleportSeq: rowInt(d[o + seq!]!),
    kills: rowInt(d[o + kills!]!),
    deaths: rowInt(d[o + deaths!]!),
  });
};
const ammoOf = (d: Float64Array, at: number): number[] => {
  const out: number[] = [];
  for (let k = 0; k < WEAPON_COUNT; k++) out.push(rowInt(d[at + k]!));
  return out;
};
export const unpackPlayerWith = (col: (key: keyof PlayerState & string) => number) => {
  const [
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
    ammo,
    nextFire,
    reloadEnd,
    deployEnd,
    respawn,
    seq,
    kills,
    deaths,
  ] = PLAYER_ORDER.map(col) as number[];
  return (d: Float64Array, o: number): PlayerState => ({
    id: rowInt(d[o + id!]!),
    x: d[o + x!]! * GRID_UNIT + 0,
    y: d[o + y!]! * GRID_UNIT + 0,
    vx: d[o + vx!]! * GRID_UNIT + 0,
    vy: d[o + vy!]! * GRID_UNIT + 0,
    aim: rowInt(d[o + aim!]!),
    health: rowInt(d[o + health!]!),
    alive: d[o + alive!] === 1,
    crouch: d[o + crouch!] === 1,
    weapon: rowInt(d[o + weapon!]!) as WeaponId,
    ammo: ammoOf(d, o + ammo!),
    nextFireTick: rowInt(d[o + nextFire!]!),
    reloadEndTick: rowInt(d[o + reloadEnd!]!),
    deployEndTick: rowInt(d[o + deployEnd!]!),
    respawnTick: rowInt(d[o + respawn!]!),
    teleportSeq: rowInt(d[o + seq!]!),
    kills: rowInt(d[o + kills!]!),
    deaths: rowInt(d[o + deaths!]!),
  });
};
export const unpackProjectileWith = (col: (key: keyof ProjectileState & string) => number) => {
  const [id, owner, x, y, vx, vy, explode] = PROJECTILE_ORDER.map(col) as number[];
  return (d: Float64Array, o: number): ProjectileState => ({
    id: rowInt(d[o + id!]!),
    owner: rowInt(d[o + owner!]!),
    x: d[o + x!]! * GRID_UNIT + 0,
    y: d[o + y!]! * GRID_UNIT + 0,
    vx: d[o + vx!]! * GRID_UNIT + 0,
    vy: d[o + vy!]! * GRID_UNIT + 0,
    explodeTick: rowInt(d[o + explode!]!),
  });
};
