/**
 * One field table per state type: which codec writes each field and how often it changes.
 * The mapped type `FieldTable<T>` has one required entry per key of T, so a field added to a sim
 * type without a table entry (or a stale entry) fails the typecheck; a unit test checks it at
 * run time too. Encoder and decoder walk the table in the same (declaration) order.
 *
 * Groups: `key` identifies the entity (never delta-coded), `hot` fields get one change bit each
 * in a delta, `rare` fields hide behind one shared "something rare changed" bit.
 *
 * Delta entity layout: [changed:1] then, if changed, per hot field [bit (+delta)], then
 * [rareChanged:1] and, if set, per rare field [bit (+delta)].
 */
import { BUTTONS_MASK, type PlayerState, type ProjectileState, type PublicPlayerState, type UserCmd } from '../sim/types';
import type { BitReader, BitWriter } from './bits';
import {
  ammoCodec,
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
  weaponCodec,
  weaponSelectCodec,
  type FieldCodec,
  type FieldContext,
} from './field-codecs';

export type FieldGroup = 'key' | 'hot' | 'rare';
export interface FieldSpec<V> {
  codec: FieldCodec<V>;
  group: FieldGroup;
}
export type FieldTable<T> = { readonly [K in keyof T]-?: FieldSpec<T[K]> };

const u8 = uintCodec(255);
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

type AnyField = FieldSpec<unknown>;
interface Field {
  key: string;
  codec: FieldCodec<unknown>;
  group: FieldGroup;
}

/** A table prepared once for the hot loops: fields split by group, in declaration order. */
export interface TableCodec<T> {
  readonly table: FieldTable<T>;
  readonly all: readonly Field[];
  readonly keys: readonly Field[];
  readonly hot: readonly Field[];
  readonly rare: readonly Field[];
  /** Key order of decoded objects: the sim's own, so JSON of a decoded state equals the server's. */
  readonly objectOrder: readonly string[];
}

/** `objectOrder` must list every key once (a unit test checks it); default: wire order. */
export function compileTable<T>(table: FieldTable<T>, objectOrder?: readonly (keyof T & string)[]): TableCodec<T> {
  const all = (Object.entries(table) as Array<[string, AnyField]>).map(([key, spec]) => ({ key, codec: spec.codec, group: spec.group }));
  const of = (g: FieldGroup): Field[] => all.filter((f) => f.group === g);
  return Object.freeze({ table, all, keys: of('key'), hot: of('hot'), rare: of('rare'), objectOrder: objectOrder ?? all.map((f) => f.key) });
}

const PUBLIC_ORDER = ['id', 'x', 'y', 'vx', 'vy', 'aim', 'health', 'alive', 'crouch', 'weapon', 'teleportSeq', 'kills', 'deaths'] as const;
const PLAYER_ORDER = [
  ...PUBLIC_ORDER.slice(0, 10), 'ammo', 'nextFireTick', 'reloadEndTick', 'deployEndTick', 'respawnTick', ...PUBLIC_ORDER.slice(10),
] as const;

export const PUBLIC_PLAYER_CODEC = compileTable(PUBLIC_PLAYER_FIELDS, PUBLIC_ORDER);
export const PLAYER_CODEC = compileTable(PLAYER_FIELDS, PLAYER_ORDER);
export const PROJECTILE_CODEC = compileTable(PROJECTILE_FIELDS, ['id', 'owner', 'x', 'y', 'vx', 'vy', 'explodeTick']);
export const USER_CMD_CODEC = compileTable(USER_CMD_FIELDS);

type Bag = Record<string, unknown>;
const bag = (o: object): Bag => o as Bag;

/** Every field of `value` in full, key fields included unless `skipKeys`. */
export function writeFull<T extends object>(w: BitWriter, tc: TableCodec<T>, value: T, ctx: FieldContext, skipKeys = false): void {
  const v = bag(value);
  for (const f of tc.all) {
    if (skipKeys && f.group === 'key') continue;
    f.codec.write(w, v[f.key], ctx);
  }
}

/** Reads what `writeFull` wrote; `keys` supplies key fields when they were skipped. */
export function readFull<T extends object>(r: BitReader, tc: TableCodec<T>, ctx: FieldContext, keys?: Partial<T>): T {
  const out = emptyObject(tc);
  for (const f of tc.all) out[f.key] = keys && f.group === 'key' ? bag(keys)[f.key] : f.codec.read(r, ctx);
  return out as T;
}

function changed(fields: readonly Field[], value: Bag, base: Bag): boolean {
  for (const f of fields) if (!f.codec.equal(value[f.key], base[f.key])) return true;
  return false;
}

function writeGroup(w: BitWriter, fields: readonly Field[], value: Bag, base: Bag, ctx: FieldContext): void {
  for (const f of fields) {
    const v = value[f.key];
    const b = base[f.key];
    const differs = !f.codec.equal(v, b);
    w.writeBool(differs);
    if (differs) f.codec.writeDelta(w, v, b, ctx, { value, base });
  }
}

/** Delta of `value` against `base` (same entity: key fields equal and not written). */
export function writeDelta<T extends object>(w: BitWriter, tc: TableCodec<T>, value: T, base: T, ctx: FieldContext): void {
  const v = bag(value);
  const b = bag(base);
  const hot = changed(tc.hot, v, b);
  const rare = changed(tc.rare, v, b);
  w.writeBool(hot || rare);
  if (!hot && !rare) return;
  writeGroup(w, tc.hot, v, b, ctx);
  w.writeBool(rare);
  if (rare) writeGroup(w, tc.rare, v, b, ctx);
}

function readGroup(r: BitReader, fields: readonly Field[], out: Bag, base: Bag, ctx: FieldContext): void {
  const rows = { value: out, base };
  for (const f of fields) if (r.readBool()) out[f.key] = f.codec.readDelta(r, out[f.key], ctx, rows);
}

/** Reads what `writeDelta` wrote; returns a new value (the base is not mutated). */
export function readDelta<T extends object>(r: BitReader, tc: TableCodec<T>, base: T, ctx: FieldContext): T {
  const out = bag(pickFields(tc, base));
  if (!r.readBool()) return out as T;
  readGroup(r, tc.hot, out, bag(base), ctx);
  if (r.readBool()) readGroup(r, tc.rare, out, bag(base), ctx);
  return out as T;
}

function cloneField(v: unknown): unknown {
  return Array.isArray(v) ? [...(v as unknown[])] : v;
}

/** Copies only the table's fields (drops extra properties, e.g. private ones of a PlayerState). */
export function pickFields<T extends object>(tc: TableCodec<T>, value: T): T {
  const out: Bag = {};
  const v = bag(value);
  for (const key of tc.objectOrder) out[key] = cloneField(v[key]);
  return out as T;
}

function emptyObject<T>(tc: TableCodec<T>): Bag {
  const out: Bag = {};
  for (const key of tc.objectOrder) out[key] = undefined;
  return out;
}
