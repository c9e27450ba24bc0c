/**
 * The field codec contract, and codecs for the discrete fields: small unsigned ints, counters,
 * sequence numbers, booleans, weapon ids, per-weapon ammo, absolute ticks written relative to the
 * snapshot's (or command's) tick, and the command's move axes and weapon select. Position,
 * velocity and aim live in motion-codecs.ts.
 *
 * Every codec offers a full form and a delta form against a baseline value of the same field.
 * `read*` never throws: out-of-range values call `r.fail(...)`. Encoding a value that is not on
 * its grid is a caller bug and throws (the sim quantizes its state every tick).
 */
import { MOVE_MAX } from '../sim/quantize';
import { WEAPON_COUNT, WEAPON_KEEP, type Tick, type WeaponId } from '../sim/types';
import { bitLength, type BitReader, type BitWriter } from './bits';

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
