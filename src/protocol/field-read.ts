/**
 * The decoder's side of every field kind (field-codecs.ts): reads a field's full or delta form
 * into the JS value the sim uses (positions and velocities in units, booleans, the ammo array).
 * One `switch` on the kind per field, no closures. Never throws: an out-of-range value calls
 * `r.fail(...)`, and the message is refused as a whole. Also the generic (any table) row-to-object
 * and object-copy walks that the hand-written `TableOptions.unpack` and `copy` must equal.
 */
import type { BitReader } from './bits';
import { FieldKind, SCORE_LIMIT, type FieldContext } from './field-codecs';
import {
  AIM_WIDTHS,
  POS_DELTA_WIDTHS,
  POS_WIDTHS,
  VEL_WIDTHS,
  predictGrid,
  readClassed,
  readClassedOrAbsolute,
} from './motion-codecs';
import type { Field, TableCodec } from './table-codec';
import { GRID_SCALE, MOVE_LIMIT, SELECT_KEEP, VEL_GRID_MAX } from './wire-grid';

type Bag = Record<string, unknown>;

function checkVel(r: BitReader, g: number): number {
  if (g < -VEL_GRID_MAX || g > VEL_GRID_MAX) r.fail('velocity out of range');
  // `+ 0` keeps -0 out of decoded states (the sim never produces it).
  return r.ok ? g / GRID_SCALE + 0 : 0;
}

function checkPos(r: BitReader, g: number): number {
  if (g < 0 || g >= 65536) r.fail('position out of range');
  return r.ok ? g / GRID_SCALE : 0;
}

/** A score as decoded: |v| ≤ SCORE_LIMIT (the match block's results read scores too). */
export function checkScore(r: BitReader, v: number): number {
  if (Math.abs(v) > SCORE_LIMIT) r.fail('score out of range');
  return r.ok ? v : 0;
}

/** Reads what `writeTimer` (field-write.ts) wrote. */
export function readTimer(r: BitReader, ctx: FieldContext): number {
  if (!r.readBool()) return 0;
  const v = ctx.serverTick + r.readVarInt(5);
  if (v < 1 || v > 0xffffffff) r.fail('timer tick out of range');
  return r.ok ? v : 0;
}

function readAmmo(r: BitReader, width: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < width; i++) out.push(r.readBits(8));
  return out;
}

export function readFieldFull(r: BitReader, f: Field, ctx: FieldContext): unknown {
  switch (f.kind) {
    case FieldKind.Uint: {
      const v = r.readBits(f.bits);
      if (v > f.max) r.fail(`value ${v} above ${f.max}`);
      return v;
    }
    case FieldKind.Counter:
      return r.readVarUint(4);
    case FieldKind.Score:
      return checkScore(r, r.readVarInt(4));
    case FieldKind.Sequence:
      return r.readBits(8);
    case FieldKind.Bool:
      return r.readBool();
    case FieldKind.Weapon: {
      const v = r.readBits(f.bits);
      if (v > f.max) r.fail(`weapon ${v} unknown`);
      return r.ok ? v : 0;
    }
    case FieldKind.Ammo:
      return readAmmo(r, f.width);
    case FieldKind.Timer:
    case FieldKind.ViewTick:
      return readTimer(r, ctx);
    case FieldKind.Move: {
      const v = r.readSigned(8);
      if (v < -MOVE_LIMIT) r.fail('move axis out of range');
      return r.ok ? v : 0;
    }
    case FieldKind.WeaponSelect: {
      const v = r.readBits(8);
      if (v > f.max && v !== SELECT_KEEP) r.fail(`weapon select ${v} unknown`);
      return r.ok ? v : SELECT_KEEP;
    }
    case FieldKind.Pos:
    case FieldKind.PredictedPos:
      return r.readBits(16) / GRID_SCALE;
    case FieldKind.Vel:
      return checkVel(r, r.readSigned(16));
    default:
      // Angle
      return r.readBits(16);
  }
}

/**
 * Reads field `f` as a change from `base` (its value in the baseline). `value` holds the fields
 * decoded so far (a predicted position needs its velocity, coded before it) and `baseRow` the
 * whole baseline entity.
 */
export function readFieldDelta(
  r: BitReader,
  f: Field,
  base: unknown,
  ctx: FieldContext,
  value: Bag,
  baseRow: Bag,
): unknown {
  switch (f.kind) {
    case FieldKind.Bool:
      return !base;
    case FieldKind.Counter: {
      const v = (base as number) + r.readVarInt(2);
      if (v < 0) r.fail('negative counter');
      return r.ok ? v : 0;
    }
    case FieldKind.Score:
      return checkScore(r, (base as number) + r.readVarInt(2));
    case FieldKind.Sequence: {
      const step = r.readVarUint(2);
      if (step > 255) r.fail('sequence step out of range');
      return ((base as number) + step) % 256;
    }
    case FieldKind.ViewTick: {
      if (!r.readBool()) return 0;
      const v = (base as number) + r.readVarInt(3);
      if (v < 1 || v > 0xffffffff) r.fail('view tick out of range');
      return r.ok ? v : 0;
    }
    case FieldKind.Pos:
      return checkPos(r, (base as number) * GRID_SCALE + readClassed(r, POS_DELTA_WIDTHS));
    case FieldKind.PredictedPos: {
      const velSum = (baseRow[f.velKey] as number) * GRID_SCALE + (value[f.velKey] as number) * GRID_SCALE;
      const predicted = predictGrid((base as number) * GRID_SCALE, velSum, ctx.motionScale ?? 0);
      return checkPos(r, readClassedOrAbsolute(r, predicted, POS_WIDTHS, 16, false));
    }
    case FieldKind.Vel:
      return checkVel(r, readClassedOrAbsolute(r, (base as number) * GRID_SCALE, VEL_WIDTHS, 16, true));
    case FieldKind.Angle: {
      const d = readClassed(r, AIM_WIDTHS);
      return ((((base as number) + d) % 65536) + 65536) % 65536;
    }
    default:
      // Uint, Weapon, WeaponSelect, Move, Ammo, Timer: the delta is the full form.
      return readFieldFull(r, f, ctx);
  }
}

/**
 * A row's integer as the object field takes it: an int32 (a small integer, held in the field
 * itself) when it is one, else the number. A number read from a Float64Array is a double, and
 * an object field that first got doubles boxes every value after it on the heap: twelve
 * allocations per decoded player instead of four (its position and velocity).
 */
export const rowInt = (v: number): number => ((v | 0) === v ? v | 0 : v);

/**
 * A packed row (entity-rows.ts) as the object it holds, keys in the table's `objectOrder`: any
 * table, by walking its fields; the reference the hand-written `TableOptions.unpack`s must equal.
 */
export function unpackEachField<T>(tc: TableCodec<T>, d: Float64Array, off: number): T {
  const out: Bag = { ...tc.template };
  for (const f of tc.all) {
    const v = d[off + f.col]!;
    if (f.kind === FieldKind.Bool) out[f.key] = v === 1;
    else if (f.kind === FieldKind.Ammo) out[f.key] = Array.from(d.subarray(off + f.col, off + f.col + f.width), rowInt);
    else if (f.kind === FieldKind.Pos || f.kind === FieldKind.PredictedPos || f.kind === FieldKind.Vel)
      out[f.key] = v / GRID_SCALE + 0;
    else out[f.key] = rowInt(v);
  }
  return out as T;
}

/** `pickFields` by walking `objectOrder`: any table; the reference the hand-written copies must equal. */
export function pickEachField<T extends object>(tc: TableCodec<T>, value: T): T {
  const out: Bag = { ...tc.template };
  const v = value as Bag;
  const order = tc.objectOrder;
  for (let i = 0; i < order.length; i++) {
    const key = order[i]!;
    const field = v[key];
    out[key] = Array.isArray(field) ? field.slice() : field;
  }
  return out as T;
}
