/**
 * Codecs for one value each, on the sim's wire grids (src/sim/quantize.ts): position u16 in 1/16,
 * velocity int16 in 1/16 (|v| < VEL_MAX), angle u16, small unsigned ints, booleans, weapon ids,
 * per-weapon ammo, and absolute ticks written relative to the snapshot's server tick.
 *
 * Every codec offers a full form and a delta form against a baseline value of the same field.
 * `read*` never throws: out-of-range values call `r.fail(...)`. Encoding a value that is not on
 * its grid is a caller bug and throws (the sim quantizes its state every tick).
 */
import { MOVE_MAX, POS_SCALE, VEL_MAX } from '../sim/quantize';
import { WEAPON_COUNT, WEAPON_KEEP, type Tick, type WeaponId } from '../sim/types';
import { bitLength, unzigzag, zigzag, type BitReader, type BitWriter } from './bits';

/** What a field may be written relative to (timers are small offsets from the snapshot's tick). */
export interface FieldContext {
  serverTick: Tick;
  /**
   * Snapshot deltas only: grid displacement per unit of (base velocity + target velocity), in
   * 1/65536. Positions are then sent as the error of that prediction. 0 or absent: no prediction.
   */
  motionScale?: number;
}

/** The whole target (fields decoded so far, on read) and base rows of the entity being coded. */
export interface DeltaRows {
  value: Readonly<Record<string, unknown>>;
  base: Readonly<Record<string, unknown>>;
}

export interface FieldCodec<V> {
  write(w: BitWriter, v: V, ctx: FieldContext): void;
  read(r: BitReader, ctx: FieldContext): V;
  equal(a: V, b: V): boolean;
  /** Written only when `!equal(v, base)`. */
  writeDelta(w: BitWriter, v: V, base: V, ctx: FieldContext, rows?: DeltaRows): void;
  readDelta(r: BitReader, base: V, ctx: FieldContext, rows?: DeltaRows): V;
}

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

/** Unsigned integer in [0, max], fixed width. */
export function uintCodec(max: number): FieldCodec<number> {
  const bits = bitLength(max);
  const read = (r: BitReader): number => {
    const v = r.readBits(bits);
    if (v > max) r.fail(`value ${v} above ${max}`);
    return v;
  };
  return { write: (w, v) => w.writeBits(v, bits), read, equal: same, writeDelta: (w, v) => w.writeBits(v, bits), readDelta: read };
}

/** Unsigned counter of any size (kills, deaths): nibble varint; deltas are usually +1. */
export const counterCodec: FieldCodec<number> = {
  write: (w, v) => w.writeVarUint(v, 4),
  read: (r) => r.readVarUint(4),
  equal: same,
  writeDelta: (w, v, base) => w.writeVarInt(v - base, 2),
  readDelta: (r, base) => {
    const v = base + r.readVarInt(2);
    if (v < 0) r.fail('negative counter');
    return r.ok ? v : 0;
  },
};

/** A wrapping u8 counter (teleportSeq): a change is almost always +1, so the delta is the step. */
export const sequenceCodec: FieldCodec<number> = {
  write: (w, v) => w.writeBits(v, 8),
  read: (r) => r.readBits(8),
  equal: same,
  writeDelta: (w, v, base) => w.writeVarUint((v - base + 256) % 256, 2),
  readDelta: (r, base) => {
    const step = r.readVarUint(2);
    if (step > 255) r.fail('sequence step out of range');
    return (base + step) % 256;
  },
};

export const boolCodec: FieldCodec<boolean> = {
  write: (w, v) => w.writeBool(v),
  read: (r) => r.readBool(),
  equal: (a, b) => a === b,
  // A changed boolean is the other value: the mask bit already says everything.
  writeDelta: () => undefined,
  readDelta: (_r, base) => !base,
};

const WEAPON_BITS = Math.max(1, bitLength(WEAPON_COUNT - 1));

function readWeapon(r: BitReader): WeaponId {
  const v = r.readBits(WEAPON_BITS);
  if (v >= WEAPON_COUNT) r.fail(`weapon ${v} unknown`);
  return (r.ok ? v : 0) as WeaponId;
}

export const weaponCodec: FieldCodec<WeaponId> = {
  write: (w, v) => w.writeBits(v, WEAPON_BITS),
  read: readWeapon,
  equal: (a, b) => a === b,
  writeDelta: (w, v) => w.writeBits(v, WEAPON_BITS),
  readDelta: readWeapon,
};

function readAmmo(r: BitReader): number[] {
  const out: number[] = [];
  for (let i = 0; i < WEAPON_COUNT; i++) out.push(r.readBits(8));
  return out;
}

/** Rounds per weapon, one byte each; the array always has WEAPON_COUNT entries. */
export const ammoCodec: FieldCodec<number[]> = {
  write: (w, v) => {
    if (v.length !== WEAPON_COUNT) throw new RangeError(`ammo has ${v.length} entries`);
    for (const n of v) w.writeBits(n, 8);
  },
  read: readAmmo,
  equal: (a, b) => a.length === b.length && a.every((n, i) => n === b[i]),
  writeDelta: (w, v) => ammoCodec.write(w, v, { serverTick: 0 }),
  readDelta: readAmmo,
};

/**
 * An absolute tick where 0 means "none" (timers): one bit for "none", else the offset from the
 * snapshot's own tick, which is small whether the timer lies ahead or a little behind.
 */
export const timerCodec: FieldCodec<Tick> = {
  write: (w, v, ctx) => {
    w.writeBool(v !== 0);
    if (v !== 0) w.writeVarInt(v - ctx.serverTick, 5);
  },
  read: (r, ctx) => {
    if (!r.readBool()) return 0;
    const v = ctx.serverTick + r.readVarInt(5);
    if (v < 1 || v > 0xffffffff) r.fail('timer tick out of range');
    return r.ok ? v : 0;
  },
  equal: same,
  writeDelta: (w, v, _base, ctx) => timerCodec.write(w, v, ctx),
  readDelta: (r, _base, ctx) => timerCodec.read(r, ctx),
};

function readMove(r: BitReader): number {
  const v = r.readSigned(8);
  if (v < -MOVE_MAX) r.fail('move axis out of range');
  return r.ok ? v : 0;
}

/** Move axis: int8 in [-127, 127] (-128 is refused). */
export const moveCodec: FieldCodec<number> = {
  write: (w, v) => w.writeSigned(v, 8),
  read: readMove,
  equal: same,
  writeDelta: (w, v) => w.writeSigned(v, 8),
  readDelta: readMove,
};

function readWeaponSelect(r: BitReader): number {
  const v = r.readBits(8);
  if (v >= WEAPON_COUNT && v !== WEAPON_KEEP) r.fail(`weapon select ${v} unknown`);
  return r.ok ? v : WEAPON_KEEP;
}

/** A weapon id or WEAPON_KEEP. */
export const weaponSelectCodec: FieldCodec<number> = {
  write: (w, v) => w.writeBits(v, 8),
  read: readWeaponSelect,
  equal: same,
  writeDelta: (w, v) => w.writeBits(v, 8),
  readDelta: readWeaponSelect,
};

/**
 * A command's view tick: in full like a timer against the command's own tick; as a delta, the
 * step from the previous command's view tick (normally +1, a few bits).
 */
export const viewTickCodec: FieldCodec<Tick> = {
  write: timerCodec.write,
  read: timerCodec.read,
  equal: same,
  writeDelta: (w, v, base) => {
    w.writeBool(v !== 0);
    if (v !== 0) w.writeVarInt(v - base, 3);
  },
  readDelta: (r, base) => {
    if (!r.readBool()) return 0;
    const v = base + r.readVarInt(3);
    if (v < 1 || v > 0xffffffff) r.fail('view tick out of range');
    return r.ok ? v : 0;
  },
};
