/**
 * The encoder's side of every field kind (field-codecs.ts), on packed rows: `packField` turns a JS
 * value into its wire integer(s) in a row, `fieldChanged` compares a field of two rows, and
 * `writeFieldFull` / `writeFieldDelta` write it. One `switch` on the kind per field, no closures.
 *
 * Rows are Float64Arrays: `d[off + f.col]` is field `f` of the row starting at `off`. A value that
 * is not on its grid, or out of its range, throws (RangeError): the sim quantizes its state every
 * tick, so that is a caller bug, never network input.
 */
import type { BitWriter } from './bits';
import { FieldKind, type FieldContext } from './field-codecs';
import {
  AIM_WIDTHS,
  POS_DELTA_WIDTHS,
  POS_WIDTHS,
  VEL_WIDTHS,
  predictGrid,
  shortestTurn,
  writeClassed,
  writeClassedOrAbsolute,
} from './motion-codecs';
import type { Field, TableCodec } from './table-codec';
import { GRID_SCALE } from './wire-grid';

/** `v` on the 1/GRID_SCALE grid as the grid integer; throws when it is off the grid. */
export function gridInt(v: number, what: string): number {
  const g = v * GRID_SCALE;
  if (!Number.isInteger(g)) throw new RangeError(`${what} ${v} is not on the 1/${GRID_SCALE} grid`);
  return g;
}

/** An ammo array of `width` items into its columns from `at`. */
export function packAmmo(items: readonly number[], d: Float64Array, at: number, width: number): void {
  if (items.length !== width) throw new RangeError(`ammo has ${items.length} entries`);
  for (let i = 0; i < width; i++) d[at + i] = items[i]!;
}

/** Stores field `f` of `value` (the whole object's field) into the row at `off`. */
export function packField(f: Field, value: unknown, d: Float64Array, off: number): void {
  const at = off + f.col;
  switch (f.kind) {
    case FieldKind.Bool:
      d[at] = value ? 1 : 0;
      return;
    case FieldKind.Ammo:
      packAmmo(value as readonly number[], d, at, f.width);
      return;
    case FieldKind.Pos:
    case FieldKind.PredictedPos:
      d[at] = gridInt(value as number, 'position');
      return;
    case FieldKind.Vel:
      d[at] = gridInt(value as number, 'velocity');
      return;
    default:
      d[at] = value as number;
  }
}

/** `packRow` by walking the fields: any table; the reference the hand-written packers must equal. */
export function packEachField<T extends object>(tc: TableCodec<T>, value: T, d: Float64Array, off: number): void {
  const v = value as Record<string, unknown>;
  const all = tc.all;
  for (let i = 0; i < all.length; i++) packField(all[i]!, v[all[i]!.key], d, off);
}

/** Whether field `f` differs between the rows at `off` (in `d`) and `boff` (in `b`). */
export function fieldChanged(f: Field, d: Float64Array, off: number, b: Float64Array, boff: number): boolean {
  const at = off + f.col;
  const bat = boff + f.col;
  if (f.width === 1) return d[at] !== b[bat];
  for (let i = 0; i < f.width; i++) if (d[at + i] !== b[bat + i]) return true;
  return false;
}

/** A tick where 0 = none, as an offset from the context's tick (timers, the match block's pickups). */
export function writeTimer(w: BitWriter, v: number, ctx: FieldContext): void {
  w.writeBool(v !== 0);
  if (v !== 0) w.writeVarInt(v - ctx.serverTick, 5);
}

export function writeFieldFull(w: BitWriter, f: Field, d: Float64Array, off: number, ctx: FieldContext): void {
  const at = off + f.col;
  const v = d[at]!;
  switch (f.kind) {
    case FieldKind.Counter:
      w.writeVarUint(v, 4);
      return;
    case FieldKind.Score:
      w.writeVarInt(v, 4);
      return;
    case FieldKind.Ammo:
      for (let i = 0; i < f.width; i++) w.writeBits(d[at + i]!, 8);
      return;
    case FieldKind.Timer:
    case FieldKind.ViewTick:
      writeTimer(w, v, ctx);
      return;
    case FieldKind.Move:
      w.writeSigned(v, 8);
      return;
    case FieldKind.Vel:
      w.writeSigned(v, 16);
      return;
    default:
      // Uint, Sequence, Bool, Weapon, WeaponSelect, Pos, PredictedPos, Angle: `bits` wide.
      w.writeBits(v, f.bits);
  }
}

/** Writes field `f` of the row at `off` as a change from the row at `boff` (call only when changed). */
export function writeFieldDelta(
  w: BitWriter,
  f: Field,
  d: Float64Array,
  off: number,
  b: Float64Array,
  boff: number,
  ctx: FieldContext,
): void {
  const at = off + f.col;
  const v = d[at]!;
  const base = b[boff + f.col]!;
  switch (f.kind) {
    case FieldKind.Bool:
      // A changed boolean is the other value: the mask bit already says everything.
      return;
    case FieldKind.Counter:
    case FieldKind.Score:
      w.writeVarInt(v - base, 2);
      return;
    case FieldKind.Sequence:
      w.writeVarUint((v - base + 256) % 256, 2);
      return;
    case FieldKind.ViewTick:
      w.writeBool(v !== 0);
      if (v !== 0) w.writeVarInt(v - base, 3);
      return;
    case FieldKind.Pos:
      writeClassed(w, v - base, POS_DELTA_WIDTHS);
      return;
    case FieldKind.PredictedPos: {
      const velSum = b[boff + f.velCol]! + d[off + f.velCol]!;
      writeClassedOrAbsolute(w, v - predictGrid(base, velSum, ctx.motionScale ?? 0), POS_WIDTHS, v, 16, false);
      return;
    }
    case FieldKind.Vel:
      writeClassedOrAbsolute(w, v - base, VEL_WIDTHS, v, 16, true);
      return;
    case FieldKind.Angle:
      writeClassed(w, shortestTurn(v, base), AIM_WIDTHS);
      return;
    default:
      // Uint, Weapon, WeaponSelect, Move, Ammo, Timer: the delta is the full form.
      writeFieldFull(w, f, d, off, ctx);
  }
}
