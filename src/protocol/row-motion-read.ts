/**
 * The moving fields of a packed row (row-read.ts): position, predicted position, velocity and aim,
 * the fields nearly every delta carries. Each delta is a 2-bit class and a difference, read from
 * one bit window (`BitReader.peek`) instead of two reads, on grid integers.
 *
 * Contract: the same numbers, checks and refusal messages as motion-codecs.ts `readClassed`,
 * `readClassedOrAbsolute`, `predictGrid` and field-read.ts's position and velocity checks.
 */
import { POS_SCALE, VEL_MAX } from '../sim/quantize';
import { unzigzag } from './bit-reader';
import { bitLength, zigzag, type BitReader } from './bits';
import { FieldKind } from './field-codecs';
import { AIM_WIDTHS, POS_DELTA_WIDTHS, POS_WIDTHS, VEL_WIDTHS } from './motion-codecs';

const VEL_GRID_MAX = VEL_MAX * POS_SCALE - 1;

/** Whether `kind` is one of the moving kinds `motionDelta` reads. */
export const isMotion = (kind: number): boolean => kind >= FieldKind.Pos && kind <= FieldKind.Angle;

export function checkVel(r: BitReader, g: number): number {
  if (g < -VEL_GRID_MAX || g > VEL_GRID_MAX) r.fail('velocity out of range');
  return g;
}

function checkPos(r: BitReader, g: number): number {
  if (g < 0 || g >= 65536) r.fail('position out of range');
  return g;
}

/**
 * `predictGrid` (motion-codecs.ts), the same numbers: × 2^-16 is exact like / 65536 (a power of
 * two) without a division's latency, and the clamp as two compares.
 */
function predict(base: number, velSum: number, scale: number): number {
  if (scale === 0) return base;
  const prod = velSum * scale;
  // Math.round(x / 2^16) is floor((x + 2^15) / 2^16): an arithmetic shift while x + 2^15 is an
  // int32 (nearly always), without the double rounding's chain on every moving player.
  const step = prod >= -2147483648 && prod <= 2147450879 ? (prod + 32768) >> 16 : Math.round(prod * (1 / 65536));
  const p = base + step;
  return p < 0 ? 0 : p > 65535 ? 65535 : p;
}

/** `bitLength` of a number below 2^32. */
const bits32 = (z: number): number => 32 - Math.clz32(z);

/**
 * `readClassed` (motion-codecs.ts) from one window: the class and the difference (2 + at most
 * 17 bits) are in the 25 bits `peek` guarantees. Same checks and refusals.
 */
function classed(r: BitReader, widths: readonly number[]): number {
  const w = r.peek();
  const cls = w >>> 30;
  const width = widths[cls] ?? 0;
  const z = width === 0 ? 0 : (w << 2) >>> (32 - width);
  r.skip(2 + width);
  if (cls > 0 && bits32(z) <= widths[cls - 1]!) r.fail('non-canonical class');
  return unzigzag(z);
}

/** `readClassedOrAbsolute` (motion-codecs.ts) from one window (the absolute form: 2 + 16 bits). */
function classedOrAbsolute(r: BitReader, base: number, widths: readonly number[], signed: boolean): number {
  const w = r.peek();
  const cls = w >>> 30;
  if (cls < 3) {
    const width = widths[cls]!;
    const z = (w << 2) >>> (32 - width);
    r.skip(2 + width);
    if (cls > 0 && bits32(z) <= widths[cls - 1]!) r.fail('non-canonical class');
    return base + unzigzag(z);
  }
  const raw = (w << 2) >>> 16;
  const abs = signed ? (raw << 16) >> 16 : raw;
  r.skip(18);
  // The absolute form only for a difference too wide for class 2.
  if (bitLength(zigzag(abs - base)) <= widths[2]!) r.fail('non-canonical class');
  return abs;
}

/**
 * `((v % 65536) + 65536) % 65536`, with one add or subtract where that is the same (any turn from an
 * angle in range): `%` of a double is a library call, and every moving player's aim takes this.
 */
function wrapAngle(v: number): number {
  if (v >= 0 && v < 65536) return v;
  if (v >= 65536 && v < 131072) return v - 65536;
  if (v < 0 && v >= -65536) return v + 65536;
  return ((v % 65536) + 65536) % 65536;
}

/**
 * The new grid value (aim: the angle) of a moving field of kind `kind` from its delta against
 * `base`, its baseline value. `velSum` is a predicted position's baseline velocity plus its new
 * one (grid integers), `scale` the snapshot's motion scale.
 */
export function motionDelta(r: BitReader, kind: number, base: number, velSum: number, scale: number): number {
  switch (kind) {
    case FieldKind.Pos:
      return checkPos(r, base + classed(r, POS_DELTA_WIDTHS));
    case FieldKind.PredictedPos:
      return checkPos(r, classedOrAbsolute(r, predict(base, velSum, scale), POS_WIDTHS, false));
    case FieldKind.Vel:
      return checkVel(r, classedOrAbsolute(r, base, VEL_WIDTHS, true));
    default:
      return wrapAngle(base + classed(r, AIM_WIDTHS));
  }
}
