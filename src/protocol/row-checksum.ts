/**
 * The baseline checksum (baseline-checksum.ts) of rows the snapshot decoder read: the same bytes
 * `snapshotChecksum` mixes for the objects made from them, taken from the wire integers (a
 * position's grid integer is its value × 16 already). The decoder mixes each row while it makes
 * the row's object (snapshot-decoder.ts), so a snapshot's checksum is ready when a later delta
 * names it as its baseline, without a second walk over its objects.
 *
 * `compileHashPlan` turns a table into one mode per field, in table order; `mixRow` mixes one row.
 * A unit test holds the result to `snapshotChecksum` of the decoded objects.
 */
import { P2, mixInt, mixInt32, mixWord } from './baseline-checksum';
import { FieldKind } from './field-codecs';
import type { TableCodec } from './table-codec';

const FLAG = 0;
const ARRAY = 1;
const GRID = 2;
const NUMBER = 3;

/** Per field in table order: how it is mixed (FLAG, ARRAY, GRID, NUMBER), its column and width. */
export interface HashPlan {
  readonly mode: Uint8Array;
  readonly col: Int32Array;
  readonly width: Uint8Array;
}

export function compileHashPlan(tc: TableCodec<unknown>): HashPlan {
  const modeOf = (kind: FieldKind): number => {
    if (kind === FieldKind.Bool) return FLAG;
    if (kind === FieldKind.Ammo) return ARRAY;
    return kind === FieldKind.Pos || kind === FieldKind.PredictedPos || kind === FieldKind.Vel ? GRID : NUMBER;
  };
  return Object.freeze({
    mode: Uint8Array.from(tc.all, (f) => modeOf(f.kind)),
    col: Int32Array.from(tc.all, (f) => f.col),
    width: Uint8Array.from(tc.all, (f) => f.width),
  });
}

/** `mixNumber` of an integer already × 16 (int32 nearly always). */
const mixScaled = (h: number, n: number): number => (n === (n | 0) ? mixInt32(h, n) : mixInt(h, n));

/** The row at `off` of `d`, every field in table order, as `snapshotChecksum` mixes its object. */
export function mixRow(h: number, plan: HashPlan, d: Float64Array, off: number): number {
  const n = plan.mode.length;
  for (let i = 0; i < n; i++) {
    const at = off + plan.col[i]!;
    switch (plan.mode[i]) {
      case FLAG:
        // The word 0 or 1: a byte and a zero byte.
        h = Math.imul(h ^ d[at]!, P2);
        break;
      case ARRAY: {
        const w = plan.width[i]!;
        h = mixWord(h, w);
        for (let k = 0; k < w; k++) h = mixScaled(h, d[at + k]! * 16);
        break;
      }
      case GRID:
        h = mixScaled(h, d[at]!);
        break;
      default:
        h = mixScaled(h, d[at]! * 16);
    }
  }
  return h;
}
