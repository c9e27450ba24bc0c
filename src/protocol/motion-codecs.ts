/**
 * Codecs for the moving parts of a state, on the sim's 1/16 grids: position (u16, [0, 4096)),
 * velocity (int16, |v| < VEL_MAX) and aim (u16 angle). Deltas are small signed differences in
 * one of four widths chosen by a 2-bit class; a position delta is the error of a prediction from
 * the entity's velocities (the snapshot's motion scale), so steady movers cost a few bits.
 * `read*` never throws (out-of-range values call `r.fail`); encoding an off-grid value throws.
 */
import { POS_SCALE, VEL_MAX } from '../sim/quantize';
import { bitLength, unzigzag, zigzag, type BitReader, type BitWriter } from './bits';
import type { DeltaRows, FieldCodec, FieldContext } from './field-codecs';

const same = (a: number, b: number): boolean => a === b;

/**
 * A signed difference in one of four widths, chosen by a 2-bit class. The widths are tuned per
 * field: most changes between two nearby snapshots are small, the last width covers the worst case.
 */
export function writeClassed(w: BitWriter, diff: number, widths: readonly number[]): void {
  const z = zigzag(diff);
  const need = bitLength(z);
  const cls = widths.findIndex((width) => width >= need);
  if (cls < 0) throw new RangeError(`difference ${diff} exceeds ${widths.join('/')}`);
  w.writeBits(cls, 2);
  w.writeBits(z, widths[cls]!);
}

export function readClassed(r: BitReader, widths: readonly number[]): number {
  const cls = r.readBits(2);
  return unzigzag(r.readBits(widths[cls] ?? 0));
}

/**
 * Like `writeClassed` with three widths, but the fourth class is the new value itself (`abs` in
 * `absBits`, two's complement when `signed`): a jump (respawn, bounce) costs no more than a full field.
 */
export function writeClassedOrAbsolute(w: BitWriter, diff: number, widths: readonly number[], abs: number, absBits: number, signed: boolean): void {
  const need = bitLength(zigzag(diff));
  const cls = widths.findIndex((width) => width >= need);
  if (cls >= 0 && cls < 3) {
    w.writeBits(cls, 2);
    w.writeBits(zigzag(diff), widths[cls]!);
  } else {
    w.writeBits(3, 2);
    if (signed) w.writeSigned(abs, absBits);
    else w.writeBits(abs, absBits);
  }
}

/** Reads what `writeClassedOrAbsolute` wrote: `{ diff }` or `{ abs }`. */
export function readClassedOrAbsolute(r: BitReader, widths: readonly number[], absBits: number, signed: boolean): { diff: number } | { abs: number } {
  const cls = r.readBits(2);
  if (cls < 3) return { diff: unzigzag(r.readBits(widths[cls]!)) };
  return { abs: signed ? r.readSigned(absBits) : r.readBits(absBits) };
}

function gridInt(v: number, what: string): number {
  const g = v * POS_SCALE;
  if (!Number.isInteger(g)) throw new RangeError(`${what} ${v} is not on the 1/${POS_SCALE} grid`);
  return g;
}

/** Position: u16 on the 1/16 grid, i.e. [0, 4096). */
export const posCodec: FieldCodec<number> = {
  write: (w, v) => w.writeBits(gridInt(v, 'position'), 16),
  read: (r) => r.readBits(16) / POS_SCALE,
  equal: same,
  writeDelta: (w, v, base) => writeClassed(w, gridInt(v, 'position') - gridInt(base, 'position'), [6, 9, 12, 17]),
  readDelta: (r, base) => {
    const g = gridInt(base, 'position') + readClassed(r, [6, 9, 12, 17]);
    if (g < 0 || g >= 65536) r.fail('position out of range');
    return r.ok ? g / POS_SCALE : 0;
  },
};

// Class widths measured on the bench workload (prediction errors are mostly under 2^9 grid steps);
// the last width always covers the worst case.
const POS_WIDTHS = [2, 5, 9];
const VEL_WIDTHS = [6, 9, 12];
const AIM_WIDTHS = [10, 12, 14, 16];

/**
 * Where the entity should be if it moved with the mean of its base and target velocities:
 * integer arithmetic only (the scale is in 1/65536, products stay below 2^53), clamped to the grid.
 */
function predictGrid(base: number, velKey: string, ctx: FieldContext, rows?: DeltaRows): number {
  const scale = ctx.motionScale ?? 0;
  if (!rows || scale === 0) return base;
  const vSum = Number(rows.base[velKey] ?? 0) * POS_SCALE + Number(rows.value[velKey] ?? 0) * POS_SCALE;
  return Math.min(Math.max(base + Math.round((vSum * scale) / 65536), 0), 65535);
}

/** A position whose delta is the error of a velocity-based prediction (`velKey` is coded first). */
export function predictedPosCodec(velKey: string): FieldCodec<number> {
  return {
    write: posCodec.write,
    read: posCodec.read,
    equal: same,
    writeDelta: (w, v, base, ctx, rows) => {
      const g = gridInt(v, 'position');
      writeClassedOrAbsolute(w, g - predictGrid(gridInt(base, 'position'), velKey, ctx, rows), POS_WIDTHS, g, 16, false);
    },
    readDelta: (r, base, ctx, rows) => {
      const read = readClassedOrAbsolute(r, POS_WIDTHS, 16, false);
      const g = 'abs' in read ? read.abs : predictGrid(gridInt(base, 'position'), velKey, ctx, rows) + read.diff;
      if (g < 0 || g >= 65536) r.fail('position out of range');
      return r.ok ? g / POS_SCALE : 0;
    },
  };
}

const VEL_GRID_MAX = VEL_MAX * POS_SCALE - 1;

function checkVel(r: BitReader, g: number): number {
  if (g < -VEL_GRID_MAX || g > VEL_GRID_MAX) r.fail('velocity out of range');
  // `+ 0` keeps -0 out of decoded states (the sim never produces it).
  return r.ok ? g / POS_SCALE + 0 : 0;
}

/** Velocity: int16 on the 1/16 grid, -32768 excluded (|v| < VEL_MAX). */
export const velCodec: FieldCodec<number> = {
  write: (w, v) => w.writeSigned(gridInt(v, 'velocity'), 16),
  read: (r) => checkVel(r, r.readSigned(16)),
  equal: same,
  writeDelta: (w, v, base) => {
    const g = gridInt(v, 'velocity');
    writeClassedOrAbsolute(w, g - gridInt(base, 'velocity'), VEL_WIDTHS, g, 16, true);
  },
  readDelta: (r, base) => {
    const read = readClassedOrAbsolute(r, VEL_WIDTHS, 16, true);
    return checkVel(r, 'abs' in read ? read.abs : gridInt(base, 'velocity') + read.diff);
  },
};

/** Angle: u16; the delta is the shortest way round, so sweeping past 0 stays small. */
export const angleCodec: FieldCodec<number> = {
  write: (w, v) => w.writeBits(v, 16),
  read: (r) => r.readBits(16),
  equal: same,
  writeDelta: (w, v, base) => {
    const d = (((v - base) % 65536) + 65536 + 32768) % 65536 - 32768;
    writeClassed(w, d, AIM_WIDTHS);
  },
  readDelta: (r, base) => {
    const d = readClassed(r, AIM_WIDTHS);
    return (((base + d) % 65536) + 65536) % 65536;
  },
};

