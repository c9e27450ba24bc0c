/**
 * The field codecs: what each kind of field looks like on the wire, as plain descriptors (a kind
 * and its parameters) rather than objects with methods, so the table coder runs one `switch` per
 * field with no closure calls on the hot path (field-write.ts writes, field-read.ts reads).
 *
 * Every kind has a full form and a delta form against the same field of a baseline (docs/PROTOCOL.md
 * "Field tables"). On the encoder side a field's value lives in a packed row (entity-rows.ts) as its
 * "wire integer": positions and velocities on their 1/16 grid (value × 16), booleans as 0/1, the
 * ammo array as one column per weapon, everything else as the number itself.
 * Discrete kinds: small unsigned ints, counters, sequence numbers, booleans, weapon ids, per-weapon
 * ammo, absolute ticks written relative to the snapshot's (or command's) tick, the command's move
 * axes and weapon select. Moving kinds: position (plain or predicted from velocities), velocity, aim.
 */
import { bitLength } from './bits';
import type { Tick } from './ticks';

/** What a field may be written relative to (timers are small offsets from the snapshot's tick). */
export interface FieldContext {
  serverTick: Tick;
  /**
   * Snapshot deltas only: grid displacement per unit of (base velocity + target velocity), in
   * 1/65536. Positions are then sent as the error of that prediction. 0 or absent: no prediction.
   */
  motionScale?: number;
}

export const FieldKind = {
  /** Unsigned integer in [0, max], `bits` wide, full and delta. */
  Uint: 0,
  /** Unbounded counter: full `varuint(4)`, delta the `varint(2)` difference. */
  Counter: 1,
  /** Wrapping u8 counter: full u8, delta the step mod 256 as `varuint(2)`. */
  Sequence: 2,
  /** 1 bit full; a delta writes nothing (the change bit says it flipped). */
  Bool: 3,
  Weapon: 4,
  /** One u8 per weapon, full and delta. */
  Ammo: 5,
  /** A tick where 0 = none: [set:1] then `varint(5)` of (tick − context tick), full and delta. */
  Timer: 6,
  /** int8 in [-127, 127]. */
  Move: 7,
  /** A weapon id (below the codec's weapon count) or SELECT_KEEP (255), u8. */
  WeaponSelect: 8,
  /** Full like a timer; delta [set:1] then `varint(3)` step from the base. */
  ViewTick: 9,
  /** u16 on the 1/16 grid; delta `classed(6,9,12,17)`. */
  Pos: 10,
  /** u16 on the 1/16 grid; delta: error of a velocity prediction, `classed+abs(2,5,9; u16)`. */
  PredictedPos: 11,
  /** s16 on the 1/16 grid (|grid value| ≤ VEL_GRID_MAX); delta `classed+abs(6,9,12; s16)`. */
  Vel: 12,
  /** u16 turn; delta the shortest signed turn, `classed(10,12,14,16)`. */
  Angle: 13,
  /** Signed score (protocol 3): full `varint(4)`, delta the `varint(2)` change; |v| ≤ SCORE_LIMIT. */
  Score: 14,
} as const;
export type FieldKind = (typeof FieldKind)[keyof typeof FieldKind];

export interface FieldCodec<V> {
  readonly kind: FieldKind;
  /** Fixed width of the full form where there is one (Uint, Weapon, …). */
  readonly bits: number;
  /** Largest legal value (Uint), checked by the decoder. */
  readonly max: number;
  /** Columns of a packed row the value takes: 1, or the item count of an array. */
  readonly width: number;
  /** PredictedPos: the velocity field its prediction uses (coded before it, same group). */
  readonly velKey: string | null;
  /** Type only: the JS value this codec carries (never set). */
  readonly valueType?: V;
}

function codec<V>(
  kind: FieldKind,
  bits: number,
  max = 2 ** bits - 1,
  width = 1,
  velKey: string | null = null,
): FieldCodec<V> {
  return Object.freeze({ kind, bits, max, width, velKey });
}

/** Unsigned integer in [0, max], fixed width. */
export function uintCodec(max: number): FieldCodec<number> {
  return codec<number>(FieldKind.Uint, bitLength(max), max);
}

/** Unsigned counter of any size (kills, deaths): nibble varint; deltas are usually +1. */
export const counterCodec = codec<number>(FieldKind.Counter, 0, 2 ** 36 - 1);
/** Largest |score| the wire carries (suicides make scores negative). */
export const SCORE_LIMIT = 2 ** 31;
/** A player's or team's score: a change is almost always ±1. */
export const scoreCodec = codec<number>(FieldKind.Score, 0, SCORE_LIMIT);
/** A wrapping u8 counter (teleportSeq): a change is almost always +1, so the delta is the step. */
export const sequenceCodec = codec<number>(FieldKind.Sequence, 8);
export const boolCodec = codec<boolean>(FieldKind.Bool, 1);
/** A weapon id in [0, weaponCount): the fewest bits that hold the largest (at least one). */
export function weaponCodecFor<W extends number>(weaponCount: number): FieldCodec<W> {
  return codec<W>(FieldKind.Weapon, Math.max(1, bitLength(weaponCount - 1)), weaponCount - 1);
}
/** Rounds per weapon, one byte each; the array always has `weaponCount` entries. */
export function ammoCodecFor(weaponCount: number): FieldCodec<number[]> {
  return codec<number[]>(FieldKind.Ammo, 8, 255, weaponCount);
}
/** An absolute tick where 0 means "none" (timers), as an offset from the context's tick. */
export const timerCodec = codec<Tick>(FieldKind.Timer, 0, 0xffffffff);
/** Move axis: int8 in [-127, 127] (-128 is refused). */
export const moveCodec = codec<number>(FieldKind.Move, 8);
/** A weapon id in [0, weaponCount) or SELECT_KEEP (wire-grid.ts), u8; `max` is the largest id. */
export function weaponSelectCodecFor(weaponCount: number): FieldCodec<number> {
  return codec<number>(FieldKind.WeaponSelect, 8, weaponCount - 1);
}
/**
 * A command's view tick: in full like a timer against the command's own tick; as a delta, the
 * step from the previous command's view tick (normally +1, a few bits).
 */
export const viewTickCodec = codec<Tick>(FieldKind.ViewTick, 0, 0xffffffff);
/** Position: u16 on the 1/16 grid, i.e. [0, 4096). */
export const posCodec = codec<number>(FieldKind.Pos, 16);
/** Velocity: int16 on the 1/16 grid, -32768 excluded (|grid value| ≤ VEL_GRID_MAX). */
export const velCodec = codec<number>(FieldKind.Vel, 16);
/** Angle: u16; the delta is the shortest way round, so sweeping past 0 stays small. */
export const angleCodec = codec<number>(FieldKind.Angle, 16);

/** A position whose delta is the error of a velocity-based prediction (`velKey` is coded first). */
export function predictedPosCodec(velKey: string): FieldCodec<number> {
  return codec<number>(FieldKind.PredictedPos, 16, 65535, 1, velKey);
}

/** Kinds whose row value is the grid integer (value × 16) rather than the value itself. */
export function isGridKind(kind: FieldKind): boolean {
  return kind === FieldKind.Pos || kind === FieldKind.PredictedPos || kind === FieldKind.Vel;
}
