/**
 * One field table per state type: which codec writes each field, its group (table-codec.ts) and
 * the order decoded objects get. The mapped type `FieldTable<T>` has one required entry per key
 * of T, so a field added to a sim type without a table entry (or a stale entry) fails the
 * typecheck; a unit test checks it at run time too. Declaration order is wire order.
 */
import { POS_SCALE } from '../../sim/quantize';
import {
  BUTTONS_MASK,
  WEAPON_COUNT,
  type PlayerState,
  type ProjectileState,
  type PublicPlayerState,
  type UserCmd,
  type WeaponId,
} from '../../sim/types';
import {
  ammoCodecFor,
  angleCodec,
  boolCodec,
  counterCodec,
  moveCodec,
  predictedPosCodec,
  sequenceCodec,
  timerCodec,
  uintCodec,
  velCodec,
  viewTickCodec,
  weaponCodecFor,
  weaponSelectCodecFor,
} from '../../protocol/field-codecs';
import { compileTable, type FieldTable, type TableCodec } from '../../protocol/table-codec';
import { gridInt, packAmmo } from '../../protocol/field-write';
import {
  PLAYER_ORDER,
  PROJECTILE_ORDER,
  PUBLIC_ORDER,
  unpackPlayerWith,
  unpackProjectileWith,
  unpackPublicWith,
} from './entity-objects';

export { compileTable, pickFields } from '../../protocol/table-codec';
export { readDelta, readDeltaInto, readFull, readFullInto } from '../../protocol/table-read';
export { writeDelta, writeDeltaRow, writeFull, writeFullRow } from '../../protocol/table-write';
export type { Field, FieldGroup, FieldSpec, FieldTable, TableCodec } from '../../protocol/table-codec';

const u8 = uintCodec(255);
/** The arena's weapon kinds: ids in [0, WEAPON_COUNT), ammo one byte per weapon. */
export const weaponCodec = weaponCodecFor<WeaponId>(WEAPON_COUNT);
const ammoCodec = ammoCodecFor(WEAPON_COUNT);
const weaponSelectCodec = weaponSelectCodecFor(WEAPON_COUNT);
const u16 = uintCodec(65535);

export const PUBLIC_PLAYER_FIELDS: FieldTable<PublicPlayerState> = {
  id: { codec: u8, group: 'key' },
  // Velocities before positions: a position delta is predicted from them.
  vx: { codec: velCodec, group: 'hot' },
  vy: { codec: velCodec, group: 'hot' },
  x: { codec: predictedPosCodec('vx'), group: 'hot' },
  y: { codec: predictedPosCodec('vy'), group: 'hot' },
  aim: { codec: angleCodec, group: 'hot' },
  health: { codec: u8, group: 'rare' },
  alive: { codec: boolCodec, group: 'rare' },
  crouch: { codec: boolCodec, group: 'rare' },
  weapon: { codec: weaponCodec, group: 'rare' },
  teleportSeq: { codec: sequenceCodec, group: 'rare' },
  kills: { codec: counterCodec, group: 'rare' },
  deaths: { codec: counterCodec, group: 'rare' },
};

export const PLAYER_FIELDS: FieldTable<PlayerState> = {
  ...PUBLIC_PLAYER_FIELDS,
  ammo: { codec: ammoCodec, group: 'rare' },
  nextFireTick: { codec: timerCodec, group: 'rare' },
  reloadEndTick: { codec: timerCodec, group: 'rare' },
  deployEndTick: { codec: timerCodec, group: 'rare' },
  respawnTick: { codec: timerCodec, group: 'rare' },
};

export const PROJECTILE_FIELDS: FieldTable<ProjectileState> = {
  id: { codec: u16, group: 'key' },
  owner: { codec: u8, group: 'rare' },
  // Hot like x and y, though rockets fly straight: a predicted position may only use fields
  // coded before it in the same group.
  vx: { codec: velCodec, group: 'hot' },
  vy: { codec: velCodec, group: 'hot' },
  x: { codec: predictedPosCodec('vx'), group: 'hot' },
  y: { codec: predictedPosCodec('vy'), group: 'hot' },
  explodeTick: { codec: timerCodec, group: 'rare' },
};

/**
 * UserCmd as the command packet writes it: `tick` is the key (cmd-packet.ts writes it relative to
 * the packet's other ticks) and the field context's tick is the command's own, so `viewTick` is a
 * small offset behind it.
 */
export const USER_CMD_FIELDS: FieldTable<UserCmd> = {
  tick: { codec: timerCodec, group: 'key' },
  moveX: { codec: moveCodec, group: 'hot' },
  moveY: { codec: moveCodec, group: 'hot' },
  aim: { codec: angleCodec, group: 'hot' },
  buttons: { codec: uintCodec(BUTTONS_MASK), group: 'hot' },
  weaponSelect: { codec: weaponSelectCodec, group: 'hot' },
  viewTick: { codec: viewTickCodec, group: 'hot' },
  viewFrac: { codec: u8, group: 'hot' },
};

// Measured on the bench workload: ~45 % of players change every hot field between snapshots,
// ~20 % only their aim, ~10 % nothing hot.
// Rare fields: ~90 % of the time none changed; then damage, respawn, death.
const PLAYER_PATTERNS = [['vx', 'vy', 'x', 'y', 'aim'], ['aim'], []] as const;
const RARE_PATTERNS = [[], ['health'], ['health', 'alive', 'teleportSeq'], ['health', 'alive', 'deaths']] as const;

// The decoder's per-entity copies (TableOptions.copy), keys in the order above.
const copyPublicPlayer = (p: PublicPlayerState): PublicPlayerState => ({
  id: p.id,
  x: p.x,
  y: p.y,
  vx: p.vx,
  vy: p.vy,
  aim: p.aim,
  health: p.health,
  alive: p.alive,
  crouch: p.crouch,
  weapon: p.weapon,
  teleportSeq: p.teleportSeq,
  kills: p.kills,
  deaths: p.deaths,
});
const copyPlayer = (p: PlayerState): PlayerState => ({
  id: p.id,
  x: p.x,
  y: p.y,
  vx: p.vx,
  vy: p.vy,
  aim: p.aim,
  health: p.health,
  alive: p.alive,
  crouch: p.crouch,
  weapon: p.weapon,
  ammo: p.ammo.slice(),
  nextFireTick: p.nextFireTick,
  reloadEndTick: p.reloadEndTick,
  deployEndTick: p.deployEndTick,
  respawnTick: p.respawnTick,
  teleportSeq: p.teleportSeq,
  kills: p.kills,
  deaths: p.deaths,
});
const copyProjectile = (j: ProjectileState): ProjectileState => ({
  id: j.id,
  owner: j.owner,
  x: j.x,
  y: j.y,
  vx: j.vx,
  vy: j.vy,
  explodeTick: j.explodeTick,
});

// The host's per-tick packers (TableOptions.pack): every field by name, checked as packField checks it.
const MOTION_KEYS = ['vx', 'vy', 'x', 'y'] as const;

/**
 * Velocities, then positions, on the grid, at columns `c` (MOTION_KEYS' order): wire order, so an
 * off-grid value is refused with packField's message.
 */
function packMotion(
  e: Pick<ProjectileState, (typeof MOTION_KEYS)[number]>,
  d: Float64Array,
  off: number,
  c: readonly number[],
): void {
  const vx = off + c[0]!;
  const vy = off + c[1]!;
  const x = off + c[2]!;
  const y = off + c[3]!;
  // Scaled in place and checked in the row: passing a position (a double) to gridInt boxed it
  // on the heap, four objects per entity per capture. gridInt runs only to throw its refusal.
  d[vx] = e.vx * POS_SCALE;
  d[vy] = e.vy * POS_SCALE;
  d[x] = e.x * POS_SCALE;
  d[y] = e.y * POS_SCALE;
  if (!Number.isInteger(d[vx]!)) gridInt(e.vx, 'velocity');
  if (!Number.isInteger(d[vy]!)) gridInt(e.vy, 'velocity');
  if (!Number.isInteger(d[x]!)) gridInt(e.x, 'position');
  if (!Number.isInteger(d[y]!)) gridInt(e.y, 'position');
}

/** The public fields of a player's row (PLAYER_CODEC's columns): what both player packers write. */
const packPublicWith = (col: (key: keyof PublicPlayerState & string) => number) => {
  const motion = MOTION_KEYS.map(col);
  const [id, aim, health, alive, crouch, weapon, seq, kills, deaths] = (
    ['id', 'aim', 'health', 'alive', 'crouch', 'weapon', 'teleportSeq', 'kills', 'deaths'] as const
  ).map(col);
  return (p: PublicPlayerState, d: Float64Array, off: number): void => {
    d[off + id!] = p.id;
    packMotion(p, d, off, motion);
    d[off + aim!] = p.aim;
    d[off + health!] = p.health;
    d[off + alive!] = p.alive ? 1 : 0;
    d[off + crouch!] = p.crouch ? 1 : 0;
    d[off + weapon!] = p.weapon;
    d[off + seq!] = p.teleportSeq;
    d[off + kills!] = p.kills;
    d[off + deaths!] = p.deaths;
  };
};
const packPlayerWith = (col: (key: keyof PlayerState & string) => number) => {
  const packPublic = packPublicWith(col);
  const [ammo, nextFire, reloadEnd, deployEnd, respawn] = (
    ['ammo', 'nextFireTick', 'reloadEndTick', 'deployEndTick', 'respawnTick'] as const
  ).map(col);
  return (p: PlayerState, d: Float64Array, off: number): void => {
    packPublic(p, d, off);
    packAmmo(p.ammo, d, off + ammo!, WEAPON_COUNT);
    d[off + nextFire!] = p.nextFireTick;
    d[off + reloadEnd!] = p.reloadEndTick;
    d[off + deployEnd!] = p.deployEndTick;
    d[off + respawn!] = p.respawnTick;
  };
};
const packProjectileWith = (col: (key: keyof ProjectileState & string) => number) => {
  const motion = MOTION_KEYS.map(col);
  const [id, owner, explode] = (['id', 'owner', 'explodeTick'] as const).map(col);
  return (j: ProjectileState, d: Float64Array, off: number): void => {
    d[off + id!] = j.id;
    d[off + owner!] = j.owner;
    packMotion(j, d, off, motion);
    d[off + explode!] = j.explodeTick;
  };
};

export const PLAYER_CODEC = compileTable(PLAYER_FIELDS, {
  objectOrder: PLAYER_ORDER,
  hotPatterns: PLAYER_PATTERNS,
  rarePatterns: [[]],
  copy: copyPlayer,
  pack: packPlayerWith,
  unpack: unpackPlayerWith,
});
// Same columns as PLAYER_CODEC: one packed row of a player serves both its owner (every field)
// and everyone else (the public ones).
export const PUBLIC_PLAYER_CODEC = compileTable(PUBLIC_PLAYER_FIELDS, {
  objectOrder: PUBLIC_ORDER,
  hotPatterns: PLAYER_PATTERNS,
  rarePatterns: RARE_PATTERNS,
  layout: PLAYER_CODEC as TableCodec<unknown>,
  copy: copyPublicPlayer,
  pack: packPublicWith,
  unpack: unpackPublicWith,
});
export const PROJECTILE_CODEC = compileTable(PROJECTILE_FIELDS, {
  objectOrder: PROJECTILE_ORDER,
  hotPatterns: [['x', 'y'], []],
  copy: copyProjectile,
  pack: packProjectileWith,
  unpack: unpackProjectileWith,
});
/** Consecutive commands: the view tick always steps, the rest usually repeats. */
export const USER_CMD_CODEC = compileTable(USER_CMD_FIELDS, {
  hotPatterns: [['viewTick'], ['viewTick', 'viewFrac'], ['viewTick', 'aim']],
});
