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
  posCodec,
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
  x: { codec: posCodec, group: 'hot' },
  y: { codec: posCodec, group: 'hot' },
  vx: { codec: velCodec, group: 'hot' },
  vy: { codec: velCodec, group: 'hot' },
  aim: { codec: angleCodec, group: 'hot' },
  health: { codec: u8, group: 'rare' },
  alive: { codec: boolCodec, group: 'rare' },
  crouch: { codec: boolCodec, group: 'rare' },
  weapon: { codec: weaponCodec, group: 'rare' },
  teleportSeq: { codec: u8, group: 'rare' },
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
  x: { codec: posCodec, group: 'hot' },
  y: { codec: posCodec, group: 'hot' },
  vx: { codec: velCodec, group: 'rare' },
  vy: { codec: velCodec, group: 'rare' },
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

function entries<T>(table: FieldTable<T>): Array<[string, AnyField]> {
  return Object.entries(table) as Array<[string, AnyField]>;
}

function get(obj: object, key: string): unknown {
  return (obj as Record<string, unknown>)[key];
}

/** Every field of `value` in full, key fields included unless `skipKeys`. */
export function writeFull<T extends object>(w: BitWriter, table: FieldTable<T>, value: T, ctx: FieldContext, skipKeys = false): void {
  for (const [key, spec] of entries(table)) {
    if (skipKeys && spec.group === 'key') continue;
    spec.codec.write(w, get(value, key), ctx);
  }
}

/** Reads what `writeFull` wrote; `keys` supplies key fields when they were skipped. */
export function readFull<T extends object>(r: BitReader, table: FieldTable<T>, ctx: FieldContext, keys?: Partial<T>): T {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of entries(table)) {
    out[key] = keys && spec.group === 'key' ? get(keys, key) : spec.codec.read(r, ctx);
  }
  return out as T;
}

function changedIn<T extends object>(table: FieldTable<T>, value: T, base: T, group: FieldGroup): boolean {
  return entries(table).some(([key, spec]) => spec.group === group && !spec.codec.equal(get(value, key), get(base, key)));
}

function writeGroup<T extends object>(w: BitWriter, table: FieldTable<T>, value: T, base: T, group: FieldGroup, ctx: FieldContext): void {
  for (const [key, spec] of entries(table)) {
    if (spec.group !== group) continue;
    const v = get(value, key);
    const b = get(base, key);
    const changed = !spec.codec.equal(v, b);
    w.writeBool(changed);
    if (changed) spec.codec.writeDelta(w, v, b, ctx);
  }
}

/** Delta of `value` against `base` (same entity: key fields equal and not written). */
export function writeDelta<T extends object>(w: BitWriter, table: FieldTable<T>, value: T, base: T, ctx: FieldContext): void {
  const hot = changedIn(table, value, base, 'hot');
  const rare = changedIn(table, value, base, 'rare');
  w.writeBool(hot || rare);
  if (!hot && !rare) return;
  writeGroup(w, table, value, base, 'hot', ctx);
  w.writeBool(rare);
  if (rare) writeGroup(w, table, value, base, 'rare', ctx);
}

function readGroup(r: BitReader, fields: Array<[string, AnyField]>, out: Record<string, unknown>, group: FieldGroup, ctx: FieldContext): void {
  for (const [key, spec] of fields) {
    if (spec.group !== group) continue;
    if (r.readBool()) out[key] = spec.codec.readDelta(r, out[key], ctx);
  }
}

/** Reads what `writeDelta` wrote; returns a new value (the base is not mutated). */
export function readDelta<T extends object>(r: BitReader, table: FieldTable<T>, base: T, ctx: FieldContext): T {
  const out = pickFields(table, base) as Record<string, unknown>;
  const fields = entries(table);
  if (!r.readBool()) return out as T;
  readGroup(r, fields, out, 'hot', ctx);
  if (r.readBool()) readGroup(r, fields, out, 'rare', ctx);
  return out as T;
}

function cloneField(v: unknown): unknown {
  return Array.isArray(v) ? [...(v as unknown[])] : v;
}

/** Copies only the table's fields (drops extra properties, e.g. private ones of a PlayerState). */
export function pickFields<T extends object>(table: FieldTable<T>, value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key] of entries(table)) out[key] = cloneField(get(value, key));
  return out as T;
}
