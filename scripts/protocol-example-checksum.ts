/**
 * The baseline checksum part of docs/PROTOCOL.md's worked example: the bytes FNV-1a is fed for the
 * example's full snapshot, written out from the doc's rules by this file alone (units, booleans,
 * the ammo array's length, the weapon, counts), hashed, and checked against the game's own
 * `snapshotChecksum` of the same snapshot, which is what the example's delta carries.
 *
 * Input: the full snapshot as the reference client decoded it, and the game's checksum of it.
 * Output: Markdown (a table for `self`, a summary of the rest); throws when the two disagree.
 */
import type { Value } from '../tools/reference-client/fields';
import { matchNumbers } from '../tools/reference-client/match';
import type { SnapshotPart } from '../tools/reference-client/snapshot';
import { PLAYER, PROJECTILE, SELF, type Table } from '../tools/reference-client/tables';

const word = (w: number): number[] => [w & 0xff, (w >>> 8) & 0xff];

/** A number: n = round(v × 16), low 16 bits then the next 16, each as two bytes low first. */
function number(v: number): number[] {
  const n = Math.round(v * 16);
  const low = ((n % 65536) + 65536) % 65536;
  const high = ((Math.floor(n / 65536) % 65536) + 65536) % 65536;
  return [...word(low), ...word(high)];
}

function value(v: Value): number[] {
  if (typeof v === 'boolean') return word(v ? 1 : 0);
  if (Array.isArray(v)) return [...word(v.length), ...v.flatMap(number)];
  return number(v);
}

const entity = (t: Table, e: Record<string, Value>): number[] => t.fields.flatMap((f) => value(e[f.name]!));

function fnv(bytes: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193);
  return h >>> 0;
}

const hex = (bytes: readonly number[]): string => bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');

export function renderChecksum(full: SnapshotPart, gameChecksum: number): string {
  const self = entity(SELF, full.self);
  const rest = [
    ...word(full.players.length),
    ...full.players.flatMap((p) => entity(PLAYER, p)),
    ...word(full.projectiles.length),
    ...full.projectiles.flatMap((p) => entity(PROJECTILE, p)),
  ];
  const match = matchNumbers(full.match).flatMap(number);
  const h = fnv([...self, ...rest, ...match]);
  const folded = ((h >>> 16) ^ h) & 0xffff;
  if (folded !== gameChecksum)
    throw new Error(`the example checksum ${folded} differs from the game's ${gameChecksum}`);
  const rows = SELF.fields.map((f) => {
    const v = full.self[f.name]!;
    const how =
      typeof v === 'boolean'
        ? `the word ${v ? 1 : 0}`
        : Array.isArray(v)
          ? `length ${v.length} as a word, then each item × 16: ${v.map((x) => x * 16).join(', ')}`
          : `n = ${v} × 16 = ${Math.round(v * 16)}`;
    return `| ${f.name} | ${JSON.stringify(v)} | ${how} | \`${hex(value(v))}\` |`;
  });
  return [
    `#### baseline checksum of the full snapshot (0x${folded.toString(16).padStart(4, '0')})`,
    '',
    "What a client hashes when the delta below names tick 1000 as its baseline, byte by byte for `self` (its fields in the self table's wire order, values in the units the state holds: positions and velocities in map units, so × 16 gives their grid integer; every other number, ids, the weapon, health, ticks, counters, is multiplied by 16 too):",
    '',
    '| field | value | fed as | bytes |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    `Then the player count as one word (\`${hex(word(full.players.length))}\`, not × 16), players ${full.players.map((p) => p.id).join(' and ')} field by field in the player table's order, the projectile count (\`${hex(word(full.projectiles.length))}\`), rocket ${full.projectiles.map((p) => p.id).join(', ')}, and the match block's ${matchNumbers(full.match).length} numbers (\`matchWords\`: its counts and booleans are numbers here, so × 16: the player count 3 is \`30 00 00 00\`). ${self.length + rest.length + match.length} bytes in all; FNV-1a gives 0x${h.toString(16).padStart(8, '0')}, folded \`(h >>> 16 ^ h) & 0xffff\` = 0x${folded.toString(16).padStart(4, '0')} = ${folded}, the delta's \`baseline checksum\`.`,
  ].join('\n');
}
