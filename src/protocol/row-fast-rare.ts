/**
 * The fast path's rare fields (row-fast-read.ts): the delta of each rare kind it reads, with the
 * same numbers as row-read.ts `readFieldDelta` and the general reader's checks turned into "leave
 * this row to the general reader" (-1), which then refuses it with its message.
 */
import { windowAt } from './bit-reader';
import { FieldKind, SCORE_LIMIT } from './field-codecs';
import type { Field } from './table-codec';

const { Uint, Weapon, Bool, Sequence, Counter, Score, Timer, Ammo } = FieldKind;

/** Rare kinds this path reads (others go the general way). */
const RARE_KINDS: readonly number[] = [Uint, Weapon, Bool, Sequence, Counter, Score, Timer, Ammo];

/** Whether the fast path reads rare field `f` (a fixed-width one has at least a bit). */
export const readsRare = (f: Field): boolean =>
  RARE_KINDS.includes(f.kind) && !((f.kind === Uint || f.kind === Weapon) && f.bits === 0);

/** A rare field's plan words: kind | column << 8 | bits << 20, and its largest value (ammo: its item count). */
export const rareWords = (f: Field): number[] => [
  f.kind | (f.col << 8) | (f.bits << 20),
  f.kind === Ammo ? f.width : Math.min(f.max, 0x7fffffff),
];

/**
 * BitReader `readVarUint(chunk)` at `pos` for values below 2^24: value << 6 | bits used, or -1
 * (an overlong form the general reader refuses, or a value too large for this path).
 */
function varUintAt(bytes: Uint8Array, pos: number, chunk: number): number {
  let v = 0;
  let shift = 0;
  let at = pos;
  for (;;) {
    // A group and its continue bit.
    const g = windowAt(bytes, at) >>> (31 - chunk);
    at += chunk + 1;
    v |= (g >>> 1) << shift;
    if ((g & 1) === 0) return shift > 0 && g === 0 ? -1 : (v << 6) | (at - pos);
    shift += chunk;
    if (shift + chunk > 24) return -1;
  }
}

/** Undoes zigzag (values below 2^24). */
const unzig = (z: number): number => (z >>> 1) ^ -(z & 1);

/** The new value of a varint-coded rare field (sequence, counter, score) from `z` (`varUintAt`'s), or NaN. */
function stepped(kind: number, base: number, z: number): number {
  if (kind === Sequence) {
    // The step is at most 255; one wrap from a sequence in range (`% 256` otherwise: general).
    const v = base + (z >>> 6);
    return z >>> 6 > 255 || v >= 512 ? NaN : v >= 256 ? v - 256 : v;
  }
  const v = base + unzig(z >>> 6);
  return (kind === Counter ? v < 0 : v > SCORE_LIMIT || v < -SCORE_LIMIT) ? NaN : v;
}

/** The ammo items in full into row `o + c`: their bits, or -1 when none changed (refused). */
function ammo(
  bytes: Uint8Array,
  pos: number,
  n: number,
  d: Float64Array,
  o: number,
  b: Float64Array,
  bo: number,
  c: number,
): number {
  let same = true;
  for (let k = 0; k < n; k++) {
    const item = windowAt(bytes, pos + 8 * k) >>> 24;
    same = same && item === b[bo + c + k];
    d[o + c + k] = item;
  }
  return same ? -1 : 8 * n;
}

/**
 * One rare field's delta at `pos` (plan words `meta`, `arg`) into row `o` of `d` against row
 * `bo` of `b`; `tick` is the snapshot's (timers). Returns the bits it took, or -1.
 */
function rareField(
  bytes: Uint8Array,
  pos: number,
  meta: number,
  arg: number,
  d: Float64Array,
  o: number,
  b: Float64Array,
  bo: number,
  tick: number,
): number {
  const kind = meta & 0xff;
  const c = (meta >>> 8) & 0xfff;
  const base = b[bo + c]!;
  if (kind === Ammo) return ammo(bytes, pos, arg, d, o, b, bo, c);
  let value = 0;
  let used = 0;
  if (kind === Bool) value = base === 1 ? 0 : 1;
  else if (kind === Uint || kind === Weapon) {
    used = meta >>> 20;
    value = windowAt(bytes, pos) >>> (32 - used);
    if (value > arg) return -1;
  } else if (kind === Timer) {
    used = 1;
    // [set: 1] and the tick's offset from the snapshot's (0: no timer).
    if (windowAt(bytes, pos) < 0) {
      const z = varUintAt(bytes, pos + 1, 5);
      value = z < 0 ? NaN : tick + unzig(z >>> 6);
      used += z & 63;
      if (!(value >= 1 && value <= 0xffffffff)) return -1;
    }
  } else {
    const z = varUintAt(bytes, pos, 2);
    value = z < 0 ? NaN : stepped(kind, base, z);
    used = z & 63;
  }
  // Strict: a field marked changed is refused when it did not change.
  if (!(value === value) || value === base) return -1;
  d[o + c] = value;
  return used;
}

/**
 * The rare fields `mask` names (its top bit the first; `rareFast`: the fields this path reads)
 * from plan `plan`; returns the position after them, or -1 for the general reader.
 */
export function rareFields(
  bytes: Uint8Array,
  pos: number,
  plan: Int32Array,
  rareFast: number,
  mask: number,
  d: Float64Array,
  o: number,
  b: Float64Array,
  bo: number,
  tick: number,
): number {
  if ((mask & ~rareFast) !== 0) return -1;
  const n = plan.length >> 1;
  let at = pos;
  for (let m = mask; m !== 0;) {
    const top = 31 - Math.clz32(m);
    m ^= 1 << top;
    const q = (n - 1 - top) << 1;
    const used = rareField(bytes, at, plan[q]!, plan[q + 1]!, d, o, b, bo, tick);
    if (used < 0) return -1;
    at += used;
  }
  return at;
}
