/**
 * The fast path of a delta row (row-read.ts `readDeltaRow`): both change masks from one bit
 * window, the moving fields and the common rare kinds read with the position in a local, no
 * `r.fail` and no keyed loads, from a plan compiled once per table (`compileFastPlan`).
 *
 * Contract: a row this path accepts gets exactly the values, bits and changed flag the general
 * reader gives it. Anything else (a kind it does not read, a value the general reader would
 * refuse or compute another way, a read past the end) makes it stop before that row, the
 * reader's position at the row's start: the caller reads the row with the general reader, which
 * writes the same fields (so a partly written row is overwritten) and refuses with its message.
 * So this path never fails the reader and never throws.
 */
import { windowAt } from './bit-reader';
import type { BitReader } from './bits';
import { FieldKind } from './field-codecs';
import { rareFields, rareWords, readsRare } from './row-fast-rare';
import { AIM_WIDTHS, POS_DELTA_WIDTHS, POS_WIDTHS, VEL_WIDTHS } from './motion-codecs';
import type { TableCodec } from './table-codec';
import { VEL_GRID_MAX } from './wire-grid';

const { Pos, PredictedPos, Vel, Angle } = FieldKind;

/** Per moving kind (index: kind − Pos), its class widths a byte per class. */
const WIDTHS = [POS_DELTA_WIDTHS, POS_WIDTHS, VEL_WIDTHS, AIM_WIDTHS].map((ws) =>
  ws.reduce((p, w, c) => p | (w << (8 * c)), 0),
);

/**
 * A table for the fast path. Per field two words: kind | column << 8 | (velocity column + 1) << 20
 * (a rare field: kind | column << 8 | bits << 20), and its class widths a byte per class (a rare
 * field: its largest value, or its column count for the ammo array).
 */
export interface FastPlan {
  readonly stride: number;
  readonly hotPat: Int32Array;
  /** Per raw hot mask (hot fields ≤ 8), whether it is a pattern (a raw pattern is refused). */
  readonly hotRaw: Uint8Array;
  readonly hotN: number;
  readonly rarePat: Int32Array;
  readonly rareN: number;
  readonly hot: Int32Array;
  readonly rare: Int32Array;
  /** The rare mask's bits of fields this path reads. */
  readonly rareFast: number;
}

/** `tc`'s plan, or null when this path cannot read its rows (then every row goes the general way). */
export function compileFastPlan(tc: TableCodec<unknown>): FastPlan | null {
  const { hot, rare, hotPatterns, rarePatterns } = tc;
  const masksFit = hotPatterns.length + hot.length + rarePatterns.length + rare.length <= 25;
  const moving = hot.every((f) => f.kind >= Pos && f.kind <= Angle);
  // Columns and widths must fit their bit fields (stride < 2048, up to 16 rare fields, u24 values).
  const sane = tc.stride < 2048 && hot.length <= 8 && rare.length <= 16 && rare.every((f) => f.bits <= 24);
  if (!masksFit || !moving || !sane) return null;
  const hotRaw = new Uint8Array(1 << hot.length);
  for (const m of hotPatterns) hotRaw[m] = 1;
  const n = rare.length;
  return Object.freeze({
    stride: tc.stride,
    hotPat: Int32Array.from(hotPatterns),
    hotRaw,
    hotN: hot.length,
    rarePat: Int32Array.from(rarePatterns),
    rareN: n,
    hot: Int32Array.from(hot.flatMap((f) => [f.kind | (f.col << 8) | ((f.velCol + 1) << 20), WIDTHS[f.kind - Pos]!])),
    rare: Int32Array.from(rare.flatMap(rareWords)),
    rareFast: rare.reduce((m, f, i) => (readsRare(f) ? m | (1 << (n - 1 - i)) : m), 0),
  });
}

/**
 * Both masks at `pos`: used bits << 24 | hot << 16 | rare, or -1 for a raw mask that has a
 * pattern code (the general reader refuses it). Each is a pattern's unary index or, after all
 * ones, the raw mask (`>>> 1 >>> (31 − n)`: its n top bits, none for n = 0).
 */
function masksAt(bytes: Uint8Array, pos: number, p: FastPlan): number {
  const w = windowAt(bytes, pos);
  const hp = p.hotPat;
  const h = Math.clz32(~w);
  let hot = 0;
  let used = h + 1;
  if (h < hp.length) hot = hp[h]!;
  else {
    hot = ((w << hp.length) >>> 1) >>> (31 - p.hotN);
    used = hp.length + p.hotN;
    if (p.hotRaw[hot] === 1) return -1;
  }
  const rp = p.rarePat;
  const w2 = w << used;
  const k = Math.clz32(~w2);
  let rare = 0;
  if (k < rp.length) {
    rare = rp[k]!;
    used += k + 1;
  } else {
    rare = ((w2 << rp.length) >>> 1) >>> (31 - p.rareN);
    used += rp.length + p.rareN;
    for (let i = 0; i < rp.length; i++) if (rp[i] === rare) return -1;
  }
  return (used << 24) | (hot << 16) | rare;
}

/**
 * The hot fields `mask` names (its top bit the first), row `o` of `d` against row `bo` of `b`;
 * returns the position after them, or -1 to leave the row to the general reader (a class-3 jump
 * or a value it refuses, a prediction it rounds, a turn it wraps another way). One body with no
 * calls but the inlined `windowAt`: a call per field (as helpers past V8's inlining budget) cost
 * more than the field. The same numbers as row-motion-read.ts `motionDelta` and `predict`.
 */
function hotFields(
  bytes: Uint8Array,
  pos: number,
  p: FastPlan,
  mask: number,
  d: Float64Array,
  o: number,
  b: Float64Array,
  bo: number,
  scale: number,
): number {
  const plan = p.hot;
  const n1 = p.hotN - 1;
  // Integers from here on: V8 checks a parameter's type where it is used, every field otherwise.
  const oi = o | 0;
  const boi = bo | 0;
  const sc = scale | 0;
  let at = pos | 0;
  for (let m = mask | 0; m !== 0;) {
    const top = 31 - Math.clz32(m);
    m ^= 1 << top;
    const q = (n1 - top) << 1;
    const meta = plan[q]!;
    const widths = plan[q + 1]!;
    const kind = meta & 0xff;
    const c = (meta >>> 8) & 0xfff;
    const base = b[boi + c]!;
    let ref = base;
    if (kind === PredictedPos && sc !== 0) {
      const v = (meta >>> 20) - 1;
      const prod = (b[boi + v]! + d[oi + v]!) * sc;
      // Math.round(x / 2^16) as an arithmetic shift while x + 2^15 is an int32; else general.
      if (!(prod >= -2147483648 && prod <= 2147450879)) return -1;
      const q16 = base + ((prod + 32768) >> 16);
      ref = q16 < 0 ? 0 : q16 > 65535 ? 65535 : q16;
    }
    const x = windowAt(bytes, at);
    const cls = x >>> 30;
    let value = 0;
    if (cls === 3 && (kind === PredictedPos || kind === Vel)) {
      // The absolute u16 (s16 for a velocity), only for a difference wider than class 2's.
      value = kind === Vel ? (x << 2) >> 16 : (x << 2) >>> 16;
      const diff = value - ref;
      if ((diff >= 0 ? diff * 2 : -diff * 2 - 1) >>> ((widths >>> 16) & 0xff) === 0) return -1;
      at += 18;
    } else {
      const width = (widths >>> (cls << 3)) & 0xff;
      const z = (x << 2) >>> (32 - width);
      // Non-canonical: a difference the class below holds (its width: the byte below this class's).
      // (The class test second: it is data, the first almost never holds.)
      if (z >>> (((widths << 8) >>> (cls << 3)) & 0xff) === 0 && cls !== 0) return -1;
      value = ref + ((z >>> 1) ^ -(z & 1));
      at += 2 + width;
      // A turn wraps once from an angle in range (`wrapAngle`); the general reader does the rest.
      if (kind === Angle) value = value < 0 ? value + 65536 : value >= 65536 ? value - 65536 : value;
    }
    const bad = kind === Vel ? value < -VEL_GRID_MAX || value > VEL_GRID_MAX : value < 0 || value >= 65536;
    // Also left: a field marked changed that did not change (refused).
    if (bad || value === base) return -1;
    d[oi + c] = value;
  }
  return at;
}

/**
 * Up to `n` delta rows: row i of `d` at `o + i·stride` (already a copy of its baseline row, at
 * `bo + i·stride` of `b`) gets its changes and `changed[ck + i]` whether there were any.
 * Returns how many rows it read; the reader is at the start of the next (the one it left, if any).
 */
export function readRowsFast(
  r: BitReader,
  p: FastPlan,
  d: Float64Array,
  o: number,
  b: Float64Array,
  bo: number,
  n: number,
  changed: Uint8Array,
  ck: number,
  scale: number,
  tick: number,
): number {
  const bytes = r.bytes;
  const total = r.totalBits;
  const stride = p.stride;
  let pos = r.bitPos;
  let i = 0;
  for (; i < n; i++) {
    const masks = masksAt(bytes, pos, p);
    if (masks < 0) break;
    const hot = (masks >>> 16) & 0xff;
    const rare = masks & 0xffff;
    const ro = o + i * stride;
    const rbo = bo + i * stride;
    let at = pos + (masks >>> 24);
    if (hot !== 0) at = hotFields(bytes, at, p, hot, d, ro, b, rbo, scale);
    if (rare !== 0 && at >= 0) at = rareFields(bytes, at, p.rare, p.rareFast, rare, d, ro, b, rbo, tick);
    // A read past the end is the general reader's to refuse ('truncated').
    if (at < 0 || at > total) break;
    changed[ck + i] = (hot | rare) !== 0 ? 1 : 0;
    pos = at;
  }
  r.bitPos = pos;
  return i;
}
