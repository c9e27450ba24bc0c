/**
 * The arithmetic of the moving fields (position, velocity, aim) on the sim's 1/16 grids: signed
 * differences in one of four widths chosen by a 2-bit class, the "or absolute" variant for jumps,
 * and the velocity prediction a position delta is measured against. Shared by the writer
 * (field-write.ts) and the reader (field-read.ts) so both sides compute the same integers.
 * All inputs are grid integers; products stay below 2^53 and the division is by a power of two,
 * so every engine gets the same numbers.
 */
import { bitLength, unzigzag, zigzag, type BitReader, type BitWriter } from './bits';

// Class widths measured on the bench workload (prediction errors are mostly under 2^9 grid steps);
// the last width always covers the worst case.
export const POS_DELTA_WIDTHS: readonly number[] = [6, 9, 12, 17];
export const POS_WIDTHS: readonly number[] = [2, 5, 9];
export const VEL_WIDTHS: readonly number[] = [6, 9, 12];
export const AIM_WIDTHS: readonly number[] = [10, 12, 14, 16];

function classOf(need: number, widths: readonly number[]): number {
  for (let i = 0; i < widths.length; i++) if (widths[i]! >= need) return i;
  return -1;
}

/**
 * A signed difference in one of four widths, chosen by a 2-bit class. The widths are tuned per
 * field: most changes between two nearby snapshots are small, the last width covers the worst case.
 */
export function writeClassed(w: BitWriter, diff: number, widths: readonly number[]): void {
  const z = zigzag(diff);
  const cls = classOf(bitLength(z), widths);
  if (cls < 0) throw new RangeError(`difference ${diff} exceeds ${widths.join('/')}`);
  w.writeBits(cls, 2);
  w.writeBits(z, widths[cls]!);
}

/** Strict decoding: the class must be the smallest that fits, as the encoder picks it. */
function checkClass(r: BitReader, z: number, cls: number, widths: readonly number[]): void {
  if (cls > 0 && bitLength(z) <= widths[cls - 1]!) r.fail('non-canonical class');
}

export function readClassed(r: BitReader, widths: readonly number[]): number {
  const cls = r.readBits(2);
  const z = r.readBits(widths[cls] ?? 0);
  checkClass(r, z, cls, widths);
  return unzigzag(z);
}

/**
 * Like `writeClassed` with three widths, but the fourth class is the new value itself (`abs` in
 * `absBits`, two's complement when `signed`): a jump (respawn, bounce) costs no more than a full field.
 */
export function writeClassedOrAbsolute(
  w: BitWriter,
  diff: number,
  widths: readonly number[],
  abs: number,
  absBits: number,
  signed: boolean,
): void {
  const z = zigzag(diff);
  const cls = classOf(bitLength(z), widths);
  if (cls >= 0 && cls < 3) {
    w.writeBits(cls, 2);
    w.writeBits(z, widths[cls]!);
  } else {
    w.writeBits(3, 2);
    if (signed) w.writeSigned(abs, absBits);
    else w.writeBits(abs, absBits);
  }
}

/**
 * Reads what `writeClassedOrAbsolute` wrote and returns the grid value: `base + diff`, or the
 * absolute value of class 3.
 */
export function readClassedOrAbsolute(
  r: BitReader,
  base: number,
  widths: readonly number[],
  absBits: number,
  signed: boolean,
): number {
  const cls = r.readBits(2);
  if (cls < 3) {
    const z = r.readBits(widths[cls]!);
    checkClass(r, z, cls, widths);
    return base + unzigzag(z);
  }
  const abs = signed ? r.readSigned(absBits) : r.readBits(absBits);
  // The absolute form only for a difference too wide for class 2.
  if (bitLength(zigzag(abs - base)) <= widths[2]!) r.fail('non-canonical class');
  return abs;
}

/**
 * Where an entity should be if it moved with the mean of its base and target velocities: `base` and
 * `velSum` (base + target velocity) in grid units, `scale` the snapshot's motion scale in 1/65536;
 * clamped to the u16 grid. A scale of 0 predicts no motion.
 */
export function predictGrid(base: number, velSum: number, scale: number): number {
  if (scale === 0) return base;
  return Math.min(Math.max(base + Math.round((velSum * scale) / 65536), 0), 65535);
}

/** The shortest signed turn from `base` to `v` (u16 angles): in [-32768, 32767]. */
export function shortestTurn(v: number, base: number): number {
  return ((((v - base) % 65536) + 65536 + 32768) % 65536) - 32768;
}
