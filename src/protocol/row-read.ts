/**
 * The snapshot decoder's field reads, compiled once per table (`compileRowCodec`, at module load):
 * the table's fields as typed-array descriptors (kind, column, bits, max, velocity column), and
 * readers that put wire integers straight into a packed row (entity-rows.ts: positions and
 * velocities on their 1/16 grid, flags 0/1, one column per ammo item), a delta against a baseline
 * row. No objects, no keyed property access, no closures per field: one `switch` on a small
 * integer per field read, over rows the caller reuses from snapshot to snapshot. A delta row goes
 * through the fast path first (row-fast-read.ts, its plan compiled here with the rest); these
 * readers take the rows it leaves, and every full row.
 *
 * Contract: exactly the bits, the checks and the refusals (same `r.fail` messages) of the object
 * readers (field-read.ts, table-read.ts `readFull`/`readDelta`), on the same integers; a property
 * test holds the two decoders equal on valid and mutated snapshots. Never throws.
 */
import type { BitReader } from './bits';
import { FieldKind, type FieldContext } from './field-codecs';
import { checkScore, readTimer } from './field-read';
import { compileFastPlan, readRowsFast, type FastPlan } from './row-fast-read';
import { checkVel, isMotion, motionDelta, readMotionChanged } from './row-motion-read';
import type { TableCodec } from './table-codec';
import { MOVE_LIMIT, SELECT_KEEP } from './wire-grid';

/** A table as flat descriptors, indexed by field (wire order); `hot`/`rare` list field indices. */
export interface RowCodec {
  readonly stride: number;
  readonly keyCol: number;
  readonly kind: Uint8Array;
  readonly col: Int32Array;
  readonly bits: Uint8Array;
  readonly max: Float64Array;
  readonly width: Uint8Array;
  readonly velCol: Int32Array;
  readonly isKey: Uint8Array;
  readonly hot: Int32Array;
  readonly rare: Int32Array;
  readonly hotPatterns: readonly number[];
  readonly rarePatterns: readonly number[];
  /** Every hot field is a moving one (the entity tables'): read by `readMotionChanged`. */
  readonly hotMotion: boolean;
  /** The fast path's plan of this table (row-fast-read.ts), null when it reads none of its rows. */
  readonly plan: FastPlan | null;
  /** Field names, for the refusal messages only. */
  readonly keys: readonly string[];
}

export function compileRowCodec(tc: TableCodec<unknown>): RowCodec {
  const all = tc.all;
  const index = (f: (typeof all)[number]): number => all.indexOf(f);
  return Object.freeze({
    stride: tc.stride,
    keyCol: tc.keyCol,
    kind: Uint8Array.from(all, (f) => f.kind),
    col: Int32Array.from(all, (f) => f.col),
    bits: Uint8Array.from(all, (f) => f.bits),
    max: Float64Array.from(all, (f) => f.max),
    width: Uint8Array.from(all, (f) => f.width),
    velCol: Int32Array.from(all, (f) => f.velCol),
    isKey: Uint8Array.from(all, (f) => (f.group === 'key' ? 1 : 0)),
    hot: Int32Array.from(tc.hot, index),
    rare: Int32Array.from(tc.rare, index),
    hotPatterns: tc.hotPatterns,
    rarePatterns: tc.rarePatterns,
    hotMotion: tc.hot.length > 0 && tc.hot.every((f) => isMotion(f.kind)),
    plan: compileFastPlan(tc),
    keys: all.map((f) => f.key),
  });
}

/** Field `i`'s full form into `d[at]` (and the columns after it, for the ammo array). */
function readFieldFull(r: BitReader, rc: RowCodec, i: number, d: Float64Array, at: number, ctx: FieldContext): void {
  switch (rc.kind[i]) {
    case FieldKind.Uint: {
      const v = r.readBits(rc.bits[i]!);
      if (v > rc.max[i]!) r.fail(`value ${v} above ${rc.max[i]}`);
      d[at] = v;
      return;
    }
    case FieldKind.Counter:
      d[at] = r.readVarUint(4);
      return;
    case FieldKind.Score:
      d[at] = checkScore(r, r.readVarInt(4));
      return;
    case FieldKind.Bool:
      d[at] = r.readBits(1);
      return;
    case FieldKind.Weapon: {
      const v = r.readBits(rc.bits[i]!);
      if (v > rc.max[i]!) r.fail(`weapon ${v} unknown`);
      d[at] = v;
      return;
    }
    case FieldKind.Ammo:
      for (let k = 0; k < rc.width[i]!; k++) d[at + k] = r.readBits(8);
      return;
    case FieldKind.Timer:
    case FieldKind.ViewTick:
      d[at] = readTimer(r, ctx);
      return;
    case FieldKind.Move: {
      const v = r.readSigned(8);
      if (v < -MOVE_LIMIT) r.fail('move axis out of range');
      d[at] = v;
      return;
    }
    case FieldKind.WeaponSelect: {
      const v = r.readBits(8);
      if (v > rc.max[i]! && v !== SELECT_KEEP) r.fail(`weapon select ${v} unknown`);
      d[at] = v;
      return;
    }
    case FieldKind.Sequence:
      d[at] = r.readBits(8);
      return;
    case FieldKind.Vel:
      d[at] = checkVel(r, r.readSigned(16));
      return;
    default:
      // Pos, PredictedPos (the grid integer), Angle.
      d[at] = r.readBits(16);
  }
}

/**
 * Field `i`'s delta against the baseline row `b` at `boff`, into the row `d` at `off` (which holds
 * the fields decoded so far: a predicted position needs its velocity, coded before it).
 */
function readFieldDelta(
  r: BitReader,
  rc: RowCodec,
  i: number,
  d: Float64Array,
  off: number,
  b: Float64Array,
  boff: number,
  ctx: FieldContext,
): void {
  const c = rc.col[i]!;
  const base = b[boff + c]!;
  switch (rc.kind[i]) {
    case FieldKind.Bool:
      d[off + c] = base === 1 ? 0 : 1;
      return;
    case FieldKind.Counter: {
      const v = base + r.readVarInt(2);
      if (v < 0) r.fail('negative counter');
      d[off + c] = v;
      return;
    }
    case FieldKind.Score:
      d[off + c] = checkScore(r, base + r.readVarInt(2));
      return;
    case FieldKind.Sequence: {
      const step = r.readVarUint(2);
      if (step > 255) r.fail('sequence step out of range');
      const v = base + step;
      // `%` of a double is a library call: only when it wraps.
      d[off + c] = v < 256 ? v : v % 256;
      return;
    }
    case FieldKind.ViewTick: {
      if (!r.readBool()) {
        d[off + c] = 0;
        return;
      }
      const v = base + r.readVarInt(3);
      if (v < 1 || v > 0xffffffff) r.fail('view tick out of range');
      d[off + c] = v;
      return;
    }
    default:
      // Uint, Weapon, WeaponSelect, Move, Ammo, Timer: the delta is the full form (the moving
      // kinds never come here: readChanged reads them).
      readFieldFull(r, rc, i, d, off + c, ctx);
  }
}

/** Every field in full into the row at `off`; the key field is skipped (the caller set it) when `skipKey`. */
export function readFullRow(
  r: BitReader,
  rc: RowCodec,
  d: Float64Array,
  off: number,
  ctx: FieldContext,
  skipKey: boolean,
): void {
  const n = rc.kind.length;
  for (let i = 0; i < n; i++) {
    if (skipKey && rc.isKey[i] === 1) continue;
    readFieldFull(r, rc, i, d, off + rc.col[i]!, ctx);
  }
}

/**
 * A change mask: the unary index of one of `patterns` (its ones counted in one window), or after
 * all ones the raw mask. Same bits and refusals as table-read.ts `readMask`.
 */
function readMask(r: BitReader, patterns: readonly number[], width: number): number {
  const n = patterns.length;
  // Leading ones of the window (a zero past the message's end stops them; skip then refuses).
  const ones = Math.clz32(~r.peek());
  if (ones < n) {
    r.skip(ones + 1);
    return patterns[ones]!;
  }
  r.skip(n);
  const raw = r.readBits(width);
  // Strict: a mask that has a pattern code is never sent raw.
  if (patterns.includes(raw)) r.fail('raw mask equals a pattern');
  return raw;
}

/** Whether field `i` of the two rows holds the same value (every column of an array). */
function sameField(rc: RowCodec, i: number, d: Float64Array, off: number, b: Float64Array, boff: number): boolean {
  const c = rc.col[i]!;
  if (rc.width[i] === 1) return d[off + c] === b[boff + c];
  for (let k = 0; k < rc.width[i]!; k++) if (d[off + c + k] !== b[boff + c + k]) return false;
  return true;
}

function readChanged(
  r: BitReader,
  rc: RowCodec,
  group: Int32Array,
  mask: number,
  d: Float64Array,
  off: number,
  b: Float64Array,
  boff: number,
  ctx: FieldContext,
): void {
  const n = group.length;
  const scale = ctx.motionScale ?? 0;
  // Only the set bits (the first field is the mask's top bit): `m` loses its highest each time.
  for (let m = mask; m !== 0; m &= ~(1 << (31 - Math.clz32(m)))) {
    const i = group[n - 1 - (31 - Math.clz32(m))]!;
    const kind = rc.kind[i]!;
    // Strict: the change mask names only fields that changed.
    if (isMotion(kind)) {
      // The moving fields (most of every delta) without the general switch.
      const c = rc.col[i]!;
      const v = rc.velCol[i]!;
      const base = b[boff + c]!;
      const value = motionDelta(r, kind, base, v >= 0 ? b[boff + v]! + d[off + v]! : 0, scale);
      d[off + c] = value;
      if (r.ok && value === base) r.fail(`${rc.keys[i]} marked changed but unchanged`);
    } else {
      readFieldDelta(r, rc, i, d, off, b, boff, ctx);
      if (r.ok && sameField(rc, i, d, off, b, boff)) r.fail(`${rc.keys[i]} marked changed but unchanged`);
    }
  }
}

/**
 * The delta of one entity: the row at `off` of `d` must already hold the baseline row's values
 * (the caller copied them); the fields the masks name are overwritten. Returns whether any field
 * changed (strict decoding refuses a field marked changed that did not). The fast path first; a
 * row it leaves is read by the general reader from its start.
 */
export function readDeltaRow(
  r: BitReader,
  rc: RowCodec,
  d: Float64Array,
  off: number,
  b: Float64Array,
  boff: number,
  ctx: FieldContext,
): boolean {
  if (rc.plan && readRowsFast(r, rc.plan, d, off, b, boff, 1, ONE, 0, ctx.motionScale ?? 0, ctx.serverTick) === 1)
    return ONE[0] === 1;
  return readDeltaGeneral(r, rc, d, off, b, boff, ctx);
}

/** The changed flag of a row the fast path read for `readDeltaRow`. */
const ONE = new Uint8Array(1);

/** `readDeltaRow` without the fast path: the masks and every field through the general readers. */
export function readDeltaGeneral(
  r: BitReader,
  rc: RowCodec,
  d: Float64Array,
  off: number,
  b: Float64Array,
  boff: number,
  ctx: FieldContext,
): boolean {
  const hot = readMask(r, rc.hotPatterns, rc.hot.length);
  const rare = readMask(r, rc.rarePatterns, rc.rare.length);
  // The moving fields through a loop without the other kinds' switch (small enough to inline).
  if (hot !== 0 && rc.hotMotion) readMotionChanged(r, rc, hot, d, off, b, boff, ctx.motionScale ?? 0);
  else if (hot !== 0) readChanged(r, rc, rc.hot, hot, d, off, b, boff, ctx);
  if (rare !== 0) readChanged(r, rc, rc.rare, rare, d, off, b, boff, ctx);
  return (hot | rare) !== 0;
}
