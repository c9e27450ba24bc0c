/**
 * The baseline checksum of docs/PROTOCOL.md: FNV-1a (32-bit) over a snapshot's values, folded to
 * 16 bits. Every delta snapshot carries it for its baseline; a client whose copy differs must not
 * decode against it (it drops its baselines and acks "none held").
 */
import { PLAYER, PROJECTILE, SELF, type Table } from './tables';
import type { Entity, Value } from './fields';
import { matchNumbers, type Match } from './match';

export interface Baseline {
  self: Entity;
  players: Entity[];
  projectiles: Entity[];
  match: Match;
}

/** One 16-bit word, as two bytes, low first. */
function word(h: number, w: number): number {
  h = Math.imul(h ^ (w & 0xff), 0x01000193);
  return Math.imul(h ^ ((w >>> 8) & 0xff), 0x01000193);
}

function value(h: number, v: Value): number {
  if (typeof v === 'boolean') return word(h, v ? 1 : 0);
  if (Array.isArray(v)) return v.reduce((acc, item) => value(acc, item), word(h, v.length));
  // Every number as n = round(v × 16), low 16 bits then the next 16, both taken mod 65536.
  const n = Math.round(v * 16);
  const low = ((n % 65536) + 65536) % 65536;
  const high = ((Math.floor(n / 65536) % 65536) + 65536) % 65536;
  return word(word(h, low), high);
}

const entity = (h: number, t: Table, e: Entity): number => t.fields.reduce((acc, f) => value(acc, e[f.name]!), h);

export function baselineChecksum(s: Baseline): number {
  let h = entity(0x811c9dc5, SELF, s.self);
  h = word(h, s.players.length);
  for (const p of s.players) h = entity(h, PLAYER, p);
  h = word(h, s.projectiles.length);
  for (const p of s.projectiles) h = entity(h, PROJECTILE, p);
  // Protocol 3: the match block, every item (counts and booleans too) as a number.
  for (const n of matchNumbers(s.match)) h = value(h, n);
  return ((h >>> 16) ^ h) & 0xffff;
}
