/**
 * Writing the command fields a client sends (docs/PROTOCOL.md "Field tables", "Delta of one
 * entity"): a field in full, and a command-like entity as a delta against the previous command.
 * The reader side is fields.ts; only the field kinds of the command table are written.
 */
import type { BitWriter } from './bits';
import { zigzag } from './bits';
import { groupOf, maskOf, type FieldDef, type Table } from './tables';

function writeTimerLike(w: BitWriter, v: number, contextTick: number): void {
  w.bool(v !== 0);
  if (v !== 0) w.varint(v - contextTick, 5);
}

export function writeFull(w: BitWriter, f: FieldDef, v: number, tick: number): void {
  switch (f.kind) {
    case 'move':
      return w.s(v, 8);
    case 'aim':
      return w.u(v, 16);
    case 'buttons':
      return w.u(v, 4);
    case 'weaponSelect':
    case 'u8':
      return w.u(v, 8);
    case 'viewTick':
      return writeTimerLike(w, v, tick);
    default:
      throw new Error(`the reference client does not write ${f.kind} fields`);
  }
}

function writeChanged(w: BitWriter, f: FieldDef, v: number, base: number, tick: number): void {
  if (f.kind === 'aim') {
    // Shortest signed turn in [-32768, 32767], then classed(10, 12, 14, 16).
    const turn = ((((v - base) % 65536) + 65536 + 32768) % 65536) - 32768;
    const z = zigzag(turn);
    const cls = [10, 12, 14, 16].findIndex((bits) => z < 2 ** bits);
    w.u(cls, 2);
    return w.u(z, [10, 12, 14, 16][cls]!);
  }
  if (f.kind === 'viewTick') {
    w.bool(v !== 0);
    if (v !== 0) w.varint(v - base, 3);
    return;
  }
  writeFull(w, f, v, tick);
}

function writeMask(w: BitWriter, patterns: number[], mask: number, width: number): void {
  const code = patterns.indexOf(mask);
  for (let i = 0; i < (code < 0 ? patterns.length : code); i++) w.u(1, 1);
  if (code >= 0) w.u(0, 1);
  else w.u(mask, width);
}

/** A command-like entity (all fields hot or rare, no key) as a delta against `base`. */
export function writeEntityDelta(
  w: BitWriter,
  t: Table,
  v: Record<string, number>,
  base: Record<string, number>,
  tick: number,
): void {
  const groups = [groupOf(t, 'hot'), groupOf(t, 'rare')];
  const masks = groups.map((fields) =>
    maskOf(
      fields,
      fields.filter((f) => v[f.name] !== base[f.name]).map((f) => f.name),
    ),
  );
  writeMask(
    w,
    t.hotPatterns.map((p) => maskOf(groups[0]!, p)),
    masks[0]!,
    groups[0]!.length,
  );
  writeMask(
    w,
    t.rarePatterns.map((p) => maskOf(groups[1]!, p)),
    masks[1]!,
    groups[1]!.length,
  );
  for (const fields of groups)
    for (const f of fields) if (v[f.name] !== base[f.name]) writeChanged(w, f, v[f.name]!, base[f.name]!, tick);
}
