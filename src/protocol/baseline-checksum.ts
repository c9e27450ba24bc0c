/**
 * Baseline checksum: 16 bits every delta snapshot carries about the snapshot it was coded against,
 * so a client whose copy of that baseline differs from the host's (a bug, a restarted decoder, a
 * hostile relay) finds out instead of silently decoding wrong state (docs/PROTOCOL.md).
 *
 * Input: a snapshot as either end holds it (quantized: every value on its wire grid).
 * Output: FNV-1a (32-bit) over self, then every player, then every projectile, field by field in
 * table order, folded to 16 bits. Both ends compute it from the values, never from bytes, so it
 * needs no agreement on encoding; events and header timings are not part of a baseline.
 */
import { PLAYER_CODEC, PROJECTILE_CODEC, PUBLIC_PLAYER_CODEC, type TableCodec } from './fields';
import type { Snapshot } from './messages';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function mixWord(h: number, word: number): number {
  h = Math.imul(h ^ (word & 0xff), FNV_PRIME);
  return Math.imul(h ^ ((word >>> 8) & 0xff), FNV_PRIME);
}

/** A wire value as integers: positions and velocities are on a 1/16 grid, so × 16 is exact. */
function mixNumber(h: number, v: number): number {
  const n = Math.round(v * 16);
  const low = ((n % 65536) + 65536) % 65536;
  const high = ((Math.floor(n / 65536) % 65536) + 65536) % 65536;
  return mixWord(mixWord(h, low), high);
}

function mixValue(h: number, v: unknown): number {
  if (typeof v === 'number') return mixNumber(h, v);
  if (typeof v === 'boolean') return mixWord(h, v ? 1 : 0);
  if (Array.isArray(v)) {
    let out = mixWord(h, v.length);
    for (const item of v) out = mixValue(out, item);
    return out;
  }
  return mixWord(h, 0xffff);
}

function mixEntity<T extends object>(h: number, codec: TableCodec<T>, entity: T): number {
  const bag = entity as Record<string, unknown>;
  let out = h;
  for (const f of codec.all) out = mixValue(out, bag[f.key]);
  return out;
}

export function snapshotChecksum(s: Snapshot): number {
  let h = mixEntity(FNV_OFFSET, PLAYER_CODEC, s.self);
  h = mixWord(h, s.players.length);
  for (const p of s.players) h = mixEntity(h, PUBLIC_PLAYER_CODEC, p);
  h = mixWord(h, s.projectiles.length);
  for (const p of s.projectiles) h = mixEntity(h, PROJECTILE_CODEC, p);
  return ((h >>> 16) ^ h) & 0xffff;
}
