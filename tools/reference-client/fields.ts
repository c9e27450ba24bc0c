/**
 * Reading one entity in full or as a delta (docs/PROTOCOL.md "Field tables", "Position
 * prediction", "Delta of one entity"); writing the command fields a client sends is command-fields.ts.
 *
 * Values are kept as the game shows them: positions and velocities in units (grid / 16), angles
 * in 1/65536 turn, booleans, the ammo array. Any value outside what the spec allows fails the
 * reader (the whole message is then refused).
 */
import type { BitReader } from './bits';
import { unzigzag, zigzag } from './bits';
import { groupOf, maskOf, type FieldDef, type Table } from './tables';

export type Value = number | boolean | number[];
export type Entity = Record<string, Value>;

const GRID = 16;
const WEAPON_COUNT = 2;
const num = (e: Entity, k: string): number => e[k] as number;

/** round() as the spec defines it: halves go up (floor(x + 0.5)), the same on every engine. */
const round = (x: number): number => Math.floor(x + 0.5);

/** The encoder always takes the narrowest class that fits: anything else is refused. */
function checkClass(r: BitReader, z: number, cls: number, widths: number[]): void {
  if (cls > 0 && z < 2 ** widths[cls - 1]!) r.fail('non-canonical class');
}

/** `classed(widths)`: a 2-bit class, then the zigzagged value in that class's width. */
function classed(r: BitReader, widths: number[]): number {
  const cls = r.u(2);
  const z = r.u(widths[cls]!);
  checkClass(r, z, cls, widths);
  return unzigzag(z);
}

/** `classed+abs`: classes 0-2 are a difference from `base`, class 3 is the new value itself. */
function classedOrAbs(r: BitReader, base: number, widths: number[], signed: boolean): number {
  const cls = r.u(2);
  if (cls < 3) {
    const z = r.u(widths[cls]!);
    checkClass(r, z, cls, widths);
    return base + unzigzag(z);
  }
  const abs = signed ? r.s(16) : r.u(16);
  if (zigzag(abs - base) < 2 ** widths[2]!) r.fail('non-canonical class');
  return abs;
}

function timer(r: BitReader, contextTick: number): number {
  if (!r.bool()) return 0;
  const t = contextTick + r.varint(5);
  if (t < 1 || t > 0xffffffff) r.fail('timer out of range');
  return t;
}

/** Scores are signed and at most 2^31 either way. */
function score(r: BitReader, v: number): number {
  if (Math.abs(v) > 2 ** 31) r.fail('score out of range');
  return v;
}

export function team(r: BitReader): number {
  const v = r.u(2);
  if (v > 2) r.fail(`team ${v} unknown`);
  return v;
}

function velocity(r: BitReader, grid: number): number {
  if (grid < -32767 || grid > 32767) r.fail('velocity out of range');
  return grid / GRID;
}

function position(r: BitReader, grid: number): number {
  if (grid < 0 || grid > 65535) r.fail('position out of range');
  return grid / GRID;
}

export function readFull(r: BitReader, f: FieldDef, tick: number): Value {
  switch (f.kind) {
    case 'u8':
      return r.u(8);
    case 'u16':
    case 'aim':
      return r.u(16);
    case 'bool':
      return r.bool();
    case 'weapon':
      return r.u(1);
    case 'seq':
      return r.u(8);
    case 'counter':
      return r.varuint(4);
    case 'score':
      return score(r, r.varint(4));
    case 'mode':
      return r.u(1);
    case 'phase':
      return r.u(2);
    case 'team':
      return team(r);
    case 'ammo':
      return Array.from({ length: WEAPON_COUNT }, () => r.u(8));
    case 'timer':
    case 'viewTick':
      return timer(r, tick);
    case 'vel':
      return velocity(r, r.s(16));
    case 'pos':
      return r.u(16) / GRID;
    case 'move': {
      const v = r.s(8);
      if (v === -128) r.fail('move -128');
      return v;
    }
    case 'buttons':
      return r.u(4);
    case 'weaponSelect': {
      const v = r.u(8);
      if (v >= WEAPON_COUNT && v !== 255) r.fail('unknown weapon select');
      return v;
    }
  }
}

/**
 * One changed field. `out` holds the fields decoded so far (a position needs its target velocity,
 * decoded before it), `base` the baseline entity, `k` the snapshot's motion scale.
 */
function readChanged(r: BitReader, f: FieldDef, base: Entity, out: Entity, tick: number, k: number): Value {
  const b = base[f.name]!;
  switch (f.kind) {
    case 'bool':
      return !b;
    case 'counter': {
      const v = (b as number) + r.varint(2);
      if (v < 0) r.fail('negative counter');
      return v;
    }
    case 'score':
      return score(r, (b as number) + r.varint(2));
    case 'seq': {
      const step = r.varuint(2);
      if (step > 255) r.fail('sequence step out of range');
      return ((b as number) + step) % 256;
    }
    case 'vel':
      return velocity(r, classedOrAbs(r, (b as number) * GRID, [6, 9, 12], true));
    case 'pos': {
      const baseGrid = (b as number) * GRID;
      const velSum = (num(base, f.vel!) + num(out, f.vel!)) * GRID;
      // Predicted position: the baseline moved by the mean velocity over the gap (k in 1/65536).
      const predicted = k === 0 ? baseGrid : Math.min(Math.max(baseGrid + round((velSum * k) / 65536), 0), 65535);
      return position(r, classedOrAbs(r, predicted, [2, 5, 9], false));
    }
    case 'aim':
      return ((((b as number) + classed(r, [10, 12, 14, 16])) % 65536) + 65536) % 65536;
    case 'viewTick': {
      if (!r.bool()) return 0;
      return (b as number) + r.varint(3);
    }
    default:
      // u8, u16, weapon, ammo, timer, mode, phase, team, move, buttons, weaponSelect: the delta is the full form.
      return readFull(r, f, tick);
  }
}

/** A mask: the index of a common pattern in unary (0, 10, 110 …), or all ones and the raw mask. */
function readMask(r: BitReader, patterns: number[], width: number): { mask: number; code: number } {
  let code = 0;
  while (code < patterns.length && r.u(1) === 1) code++;
  if (code < patterns.length) return { mask: patterns[code]!, code };
  const mask = r.u(width);
  if (patterns.includes(mask)) r.fail('raw mask equals a pattern');
  return { mask, code };
}

/** Reads one field under the name `label.field` (for traced readers) and notes its value. */
function named(r: BitReader, label: string, f: FieldDef, read: () => Value): Value {
  r.at(`${label}.${f.name}`);
  const v = read();
  r.note(v);
  return v;
}

/**
 * Every field of `t` in wire order; `id` given = the key is not on the wire (an added entity).
 * `label` names the entity in a trace.
 */
export function readEntityFull(r: BitReader, t: Table, tick: number, id?: number, label = 'entity'): Entity {
  const out: Entity = {};
  for (const f of t.fields)
    out[f.name] = f.group === 'key' && id !== undefined ? id : named(r, label, f, () => readFull(r, f, tick));
  return out;
}

/** `[hot mask][rare mask][hot deltas][rare deltas]` against `base` (same entity). */
export function readEntityDelta(
  r: BitReader,
  t: Table,
  base: Entity,
  tick: number,
  k: number,
  label = 'entity',
): Entity {
  const out: Entity = { ...base };
  const groups = [groupOf(t, 'hot'), groupOf(t, 'rare')] as const;
  const changed = (fields: FieldDef[], mask: number): FieldDef[] =>
    fields.filter((_, i) => Math.floor(mask / 2 ** (fields.length - 1 - i)) % 2 === 1);
  const masks = groups.map((fields, g) => {
    const patterns = (g === 0 ? t.hotPatterns : t.rarePatterns).map((p) => maskOf(fields, p));
    const { mask, code } = readMask(r.at(`${label} ${g === 0 ? 'hot' : 'rare'} mask`), patterns, fields.length);
    r.note(
      `${code < patterns.length ? `pattern ${code}` : 'raw mask'}: ${
        changed(fields, mask)
          .map((f) => f.name)
          .join(' ') || 'none'
      }`,
    );
    return mask;
  });
  groups.forEach((fields, g) => {
    for (const f of changed(fields, masks[g]!)) {
      out[f.name] = named(r, label, f, () => readChanged(r, f, base, out, tick, k));
      // A field in the change mask must have changed (catches, e.g., a viewTick delta without its set bit).
      if (JSON.stringify(out[f.name]) === JSON.stringify(base[f.name]))
        r.fail(`${f.name} marked changed but unchanged`);
    }
  });
  return out;
}
