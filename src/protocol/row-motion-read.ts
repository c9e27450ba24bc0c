/**
 * The moving fields of a packed row (row-read.ts): position, predicted position, velocity and aim,
 * the fields nearly every delta carries. Each delta is a 2-bit class and a difference, read from
 * one bit window (`BitReader.peek`) instead of two reads, on grid integers.
 *
 * Contract: the same numbers, checks and refusal messages as motion-codecs.ts `readClassed`,
 * `readClassedOrAbsolute`, `predictGrid` and field-read.ts's position and velocity checks.
 */
import { unzigzag } from './bit-reader';
import { bitLength, zigzag, type BitReader } from './bits';
import { FieldKind } from './field-codecs';
import { AIM_WIDTHS, POS_DELTA_WIDTHS, POS_WIDTHS, VEL_WIDTHS } from './motion-codecs';
import type { RowCodec } from './row-read';
import { VEL_GRID_MAX } from './wire-grid';

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

/**
 * Per moving kind (index: kind − Pos): its class widths packed a byte per class (a width is a
 * shift and a mask, not an array load, on the chain from one field's bits to the next one's
 * position), and per class the least canonical difference (`bitLength(z) <= widths[cls − 1]` is
 * `z < 2^widths[cls − 1]`: one compare, never taken on a valid message, not a branch on the class).
 */
const KIND_WIDTHS = [POS_DELTA_WIDTHS, POS_WIDTHS, VEL_WIDTHS, AIM_WIDTHS];
const PACKED = Int32Array.from(KIND_WIDTHS, (ws) => ws.reduce((p, w, c) => p | (w << (8 * c)), 0));
const MIN_Z = Int32Array.from({ length: 16 }, (_, i) => {
  const [ws, cls] = [KIND_WIDTHS[i >> 2]!, i & 3];
  return cls === 0 ? 0 : 2 ** (ws[cls - 1] ?? 31);
});

/** The absolute form (class 3 of a predicted position or a velocity): 2 + 16 bits, `readClassedOrAbsolute`'s checks. */
function absolute(r: BitReader, w: number, kind: number, ref: number): number {
  const raw = (w << 2) >>> 16;
  const vel = kind === FieldKind.Vel;
  const abs = vel ? (raw << 16) >> 16 : raw;
  r.skip(18);
  // The absolute form only for a difference too wide for class 2.
  if (bitLength(zigzag(abs - ref)) <= (vel ? VEL_WIDTHS : POS_WIDTHS)[2]!) r.fail('non-canonical class');
  return vel ? checkVel(r, abs) : checkPos(r, abs);
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
 * one (grid integers), `scale` the snapshot's motion scale. One body for the four kinds (a class
 * and a difference from one window: `readClassed`, or `readClassedOrAbsolute` for a predicted
 * position or a velocity), small enough for V8 to inline where the fields are read: a call per
 * moving field cost more than its arithmetic.
 */
export function motionDelta(r: BitReader, kind: number, base: number, velSum: number, scale: number): number {
  const ref = kind === FieldKind.PredictedPos ? predict(base, velSum, scale) : base;
  const w = r.peek();
  const cls = w >>> 30;
  if (cls === 3 && (kind === FieldKind.PredictedPos || kind === FieldKind.Vel)) return absolute(r, w, kind, ref);
  const k = kind - FieldKind.Pos;
  const width = (PACKED[k]! >>> (cls << 3)) & 0xff;
  // The class and the difference (2 + at most 17 bits) are in the 25 bits `peek` guarantees.
  const z = (w << 2) >>> (32 - width);
  r.skip(2 + width);
  if (z < MIN_Z[(k << 2) | cls]!) r.fail('non-canonical class');
  const v = ref + unzigzag(z);
  if (kind === FieldKind.Angle) return wrapAngle(v);
  return kind === FieldKind.Vel ? checkVel(r, v) : checkPos(r, v);
}

/**
 * row-read.ts `readChanged` for a hot group of moving fields only (`RowCodec.hotMotion`): the
 * fields `mask` names (its top bit the group's first), each as `motionDelta` against the
 * baseline row `b` at `boff`, into the row `d` at `off`. Same values and refusals.
 */
export function readMotionChanged(
  r: BitReader,
  rc: RowCodec,
  mask: number,
  d: Float64Array,
  off: number,
  b: Float64Array,
  boff: number,
  scale: number,
): void {
  const group = rc.hot;
  const n = group.length;
  for (let m = mask; m !== 0;) {
    const top = 31 - Math.clz32(m);
    m ^= 1 << top;
    const i = group[n - 1 - top]!;
    const c = rc.col[i]!;
    const v = rc.velCol[i]!;
    const base = b[boff + c]!;
    const value = motionDelta(r, rc.kind[i]!, base, v >= 0 ? b[boff + v]! + d[off + v]! : 0, scale);
    d[off + c] = value;
    // Strict: the change mask names only fields that changed.
    if (value === base && r.ok) r.fail(`${rc.keys[i]} marked changed but unchanged`);
  }
}
