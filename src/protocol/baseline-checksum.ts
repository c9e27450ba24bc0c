/**
 * Baseline checksum: 16 bits every delta snapshot carries about the snapshot it was coded against,
 * so a client whose copy of that baseline differs from the host's (a bug, a restarted decoder, a
 * hostile relay) finds out instead of silently decoding wrong state (docs/PROTOCOL.md).
 *
 * Input: a snapshot as either end holds it (quantized: every value on its wire grid), as the
 * client's Snapshot object (`snapshotChecksum`, the decoder) or as packed rows (`viewChecksum`,
 * the encoder: the same numbers, so the same hash; a unit test holds them together).
 * Output: FNV-1a (32-bit) over self, then every entity list (count, then each entity), field by
 * field in table order, then the match block's numbers (`matchWords`, protocol 3), folded to 16
 * bits. Both ends compute it from the values, never from bytes, so it needs no agreement on
 * encoding; events and header timings are not part of a baseline.
 */
import { FieldKind } from './field-codecs';
import { PLAYER_CODEC, PROJECTILE_CODEC, PUBLIC_PLAYER_CODEC, type Field, type TableCodec } from './fields';
import type { Snapshot } from './game-messages';
import { EMPTY_MATCH, matchWords, resultsWords } from './match-value';
import type { PublicMatchState } from '../sim/match-types';
import type { PlayerState, ProjectileState, PublicPlayerState } from '../sim/types';
import { SECTIONS, omits, type SnapshotView } from './snapshot-view';

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

export function mixWord(h: number, word: number): number {
  h = Math.imul(h ^ (word & 0xff), FNV_PRIME);
  return Math.imul(h ^ ((word >>> 8) & 0xff), FNV_PRIME);
}

/** An integer `n` (a value × 16) as two 16-bit words, low first, both taken modulo 65536. */
export function mixInt(h: number, n: number): number {
  if (n === (n | 0)) return mixWord(mixWord(h, n & 0xffff), (n >> 16) & 0xffff);
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

function mixEntity(h: number, codec: TableCodec<unknown>, entity: unknown): number {
  const bag = entity as Record<string, unknown>;
  let out = h;
  for (const f of codec.all) out = mixValue(out, bag[f.key]);
  return out;
}

// FNV-1a of a zero byte is a multiply by the prime, so a byte followed by z zero bytes is one
// multiply by the prime to the power 1 + z (exact: multiplying mod 2^32 is associative), as the
// host's frame checksums do (frame-checksums.ts). Most numbers hashed are small: their high bytes are 0.
export const P2 = Math.imul(FNV_PRIME, FNV_PRIME);
const P3 = Math.imul(P2, FNV_PRIME);
const P4 = Math.imul(P3, FNV_PRIME);

/**
 * `mixInt` of an int32 as its four bytes, low first: the same bytes `mixWord` takes from its two
 * 16-bit halves, in one straight line (the decoder checksums every baseline it decodes against),
 * the zero bytes above the highest non-zero one as one multiply.
 */
export function mixInt32(h: number, n: number): number {
  if (n >>> 8 === 0) return Math.imul(h ^ n, P4);
  h = Math.imul(h ^ (n & 0xff), FNV_PRIME);
  if (n >>> 16 === 0) return Math.imul(h ^ (n >>> 8), P3);
  h = Math.imul(h ^ ((n >>> 8) & 0xff), FNV_PRIME);
  if (n >>> 24 === 0) return Math.imul(h ^ (n >>> 16), P2);
  h = Math.imul(h ^ ((n >>> 16) & 0xff), FNV_PRIME);
  return Math.imul(h ^ (n >>> 24), FNV_PRIME);
}

/**
 * A wire value as integers: positions and velocities are on a 1/16 grid, so × 16 is exact.
 * The int32 case (nearly every value) in one straight line, the rest through `mixInt`.
 */
function mixNumber(h: number, v: number): number {
  const n = Math.round(v * 16);
  return n === (n | 0) ? mixInt32(h, n) : mixInt(h, n);
}

/** `mixValue` of a boolean: the word 1 or 0 (a byte and a zero byte: one multiply by the prime squared). */
const mixBool = (h: number, b: boolean): number => Math.imul(h ^ (b ? 1 : 0), P2);

/**
 * `mixEntity` of the public player fields, in PUBLIC_PLAYER_FIELDS' order, written out: named loads
 * instead of a keyed walk with a type test per field (that walk was a third of a decode's time).
 * A unit test holds `snapshotChecksum` to `viewChecksum`, which walks the tables.
 */
function mixPublicPlayer(h: number, p: PublicPlayerState): number {
  h = mixNumber(mixNumber(mixNumber(mixNumber(mixNumber(h, p.id), p.vx), p.vy), p.x), p.y);
  h = mixBool(mixBool(mixNumber(mixNumber(h, p.aim), p.health), p.alive), p.crouch);
  return mixNumber(mixNumber(mixNumber(mixNumber(h, p.weapon), p.teleportSeq), p.kills), p.deaths);
}

/** `mixEntity` of PLAYER_FIELDS: the public fields, then ammo and the timers. */
function mixPlayer(h: number, p: PlayerState): number {
  h = mixWord(mixPublicPlayer(h, p), p.ammo.length);
  for (let i = 0; i < p.ammo.length; i++) h = mixNumber(h, p.ammo[i]!);
  return mixNumber(mixNumber(mixNumber(mixNumber(h, p.nextFireTick), p.reloadEndTick), p.deployEndTick), p.respawnTick);
}

/** `mixEntity` of PROJECTILE_FIELDS. */
function mixProjectile(h: number, j: ProjectileState): number {
  h = mixNumber(mixNumber(mixNumber(mixNumber(h, j.id), j.owner), j.vx), j.vy);
  return mixNumber(mixNumber(mixNumber(h, j.x), j.y), j.explodeTick);
}

/**
 * `mixNumber` of every word of `matchWords(m)`, in its order, straight from the block: the bytes
 * `emitMatch` writes (the host's walk, which needs them as bytes), without a buffer per snapshot
 * or a loop over its ~70 % zero bytes; the decoder hashes one block per snapshot. The unit tests
 * hold `snapshotChecksum` (this) to `viewChecksum` (matchBytes of matchWords) on random blocks.
 */
export function mixMatch(h: number, m: PublicMatchState | undefined): number {
  const src = m ?? EMPTY_MATCH;
  h = mixNumber(
    mixNumber(mixNumber(mixNumber(mixNumber(h, src.mode), src.mapId), src.phase), src.phaseEndTick),
    src.fragLimit,
  );
  h = mixNumber(mixNumber(mixNumber(h, src.timeLimitS), src.friendlyFire ? 1 : 0), src.seq);
  h = mixNumber(mixNumber(mixNumber(h, src.teamScores[0] ?? 0), src.teamScores[1] ?? 0), src.players.length);
  for (const p of src.players) h = mixNumber(mixNumber(mixNumber(mixNumber(h, p.id), p.team), p.score), p.bot ? 1 : 0);
  h = mixNumber(h, src.pickups.length);
  for (const t of src.pickups) h = mixNumber(h, t);
  if (!src.results) return mixNumber(h, 0);
  for (const v of resultsWords(src.results)) h = mixNumber(h, v);
  return h;
}

export function snapshotChecksum(s: Snapshot): number {
  let h = mixPlayer(FNV_OFFSET, s.self);
  for (const sec of SECTIONS) {
    const list = s[sec.name];
    h = mixWord(h, list.length);
    if (sec.codec === PUBLIC_PLAYER_CODEC)
      for (const e of list as readonly PublicPlayerState[]) h = mixPublicPlayer(h, e);
    else if (sec.codec === PROJECTILE_CODEC)
      for (const e of list as readonly ProjectileState[]) h = mixProjectile(h, e);
    else for (const e of list) h = mixEntity(h, sec.codec, e);
  }
  // Protocol 3: the match block is delta-coded against the baseline's too.
  return fold(mixMatch(h, s.match));
}

/** Appends the two bytes `mixWord` mixes for `word`; returns the new end. */
function emitWord(out: Uint8Array, at: number, word: number): number {
  out[at] = word & 0xff;
  out[at + 1] = (word >>> 8) & 0xff;
  return at + 2;
}

/** The bytes `mixInt` mixes for `n`. */
function emitInt(out: Uint8Array, at: number, n: number): number {
  if (n === (n | 0)) return emitWord(out, emitWord(out, at, n & 0xffff), (n >> 16) & 0xffff);
  const low = ((n % 65536) + 65536) % 65536;
  const high = ((Math.floor(n / 65536) % 65536) + 65536) % 65536;
  return emitWord(out, emitWord(out, at, low), high);
}

/** Most bytes one row of `codec` can emit (4 per number, 2 more per array). */
export const rowBytes = (codec: TableCodec<unknown>): number => (codec.stride + codec.all.length) * 4;

/** The bytes `mixEntity` mixes for the object a packed row came from, appended at `at`; returns the new end. */
export function emitRow(out: Uint8Array, at: number, fields: readonly Field[], d: Float64Array, off: number): number {
  let end = at;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    const col = off + f.col;
    switch (f.kind) {
      case FieldKind.Bool:
        end = emitWord(out, end, d[col]!);
        break;
      case FieldKind.Ammo:
        end = emitWord(out, end, f.width);
        for (let k = 0; k < f.width; k++) end = emitInt(out, end, Math.round(d[col + k]! * 16));
        break;
      case FieldKind.Pos:
      case FieldKind.PredictedPos:
      case FieldKind.Vel:
        // Already the grid integer (value × 16).
        end = emitInt(out, end, Math.round(d[col]!));
        break;
      default:
        end = emitInt(out, end, Math.round(d[col]! * 16));
    }
  }
  return end;
}

export function mixBytes(h: number, bytes: Uint8Array, from: number, to: number): number {
  let out = h;
  for (let i = from; i < to; i++) out = Math.imul(out ^ bytes[i]!, FNV_PRIME);
  return out;
}

export const fold = (h: number): number => ((h >>> 16) ^ h) & 0xffff;

/** The bytes `mixNumber` mixes for every word of the match block (`matchWords`), as one array. */
export function matchBytes(words: readonly number[]): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  let end = 0;
  for (let i = 0; i < words.length; i++) end = emitInt(out, end, Math.round(words[i]! * 16));
  return out;
}

/** How many numbers `matchWords(m)` holds, without building it. */
function matchWordCount(m: PublicMatchState): number {
  const r = m.results;
  return 12 + 4 * m.players.length + m.pickups.length + (r ? 4 + 5 * r.standings.length + 3 * r.awards.length : 1);
}

/** The most bytes `emitMatch` writes for `m`. */
export const matchBytesBound = (m: PublicMatchState): number => matchWordCount(m) * 4;

const emitNumber = (out: Uint8Array, at: number, v: number): number => emitInt(out, at, Math.round(v * 16));

/**
 * `matchBytes(matchWords(m))` written at `at` of `out` (room for `matchBytesBound(m)`), without
 * building either array: the host emits one per baseline frame per tick. Returns the new end.
 * `mixMatch` hashes what it writes; a property test holds the host's checksums (this) to `viewChecksum` (matchBytes).
 */
export function emitMatch(out: Uint8Array, at: number, m: PublicMatchState): number {
  let e = emitNumber(out, at, m.mode);
  e = emitNumber(out, e, m.mapId);
  e = emitNumber(out, e, m.phase);
  e = emitNumber(out, e, m.phaseEndTick);
  e = emitNumber(out, e, m.fragLimit);
  e = emitNumber(out, e, m.timeLimitS);
  e = emitNumber(out, e, m.friendlyFire ? 1 : 0);
  e = emitNumber(out, e, m.seq);
  e = emitNumber(out, e, m.teamScores[0] ?? 0);
  e = emitNumber(out, e, m.teamScores[1] ?? 0);
  e = emitNumber(out, e, m.players.length);
  for (const p of m.players) {
    e = emitNumber(out, e, p.id);
    e = emitNumber(out, e, p.team);
    e = emitNumber(out, e, p.score);
    e = emitNumber(out, e, p.bot ? 1 : 0);
  }
  e = emitNumber(out, e, m.pickups.length);
  for (const t of m.pickups) e = emitNumber(out, e, t);
  if (!m.results) return emitNumber(out, e, 0);
  for (const v of resultsWords(m.results)) e = emitNumber(out, e, v);
  return e;
}

/** `snapshotChecksum` of the snapshot a view describes (self, then its lists less any left-out id). */
export function viewChecksum(v: SnapshotView): number {
  let bound = rowBytes(PLAYER_CODEC as TableCodec<unknown>) + 4 * SECTIONS.length;
  for (let i = 0; i < SECTIONS.length; i++)
    bound += v.lists[i]!.count * rowBytes(SECTIONS[i]!.codec as TableCodec<unknown>);
  const bytes = new Uint8Array(bound);
  let end = emitRow(bytes, 0, PLAYER_CODEC.all, v.selfRows.data, v.selfIndex * v.selfRows.stride);
  for (let i = 0; i < SECTIONS.length; i++) {
    const rows = v.lists[i]!;
    const fields = SECTIONS[i]!.codec.all;
    let count = rows.count;
    for (let k = 0; k < rows.count; k++) if (omits(v, i, rows.id(k))) count--;
    end = emitWord(bytes, end, count);
    for (let k = 0; k < rows.count; k++)
      if (!omits(v, i, rows.id(k))) end = emitRow(bytes, end, fields, rows.data, k * rows.stride);
  }
  const match = matchBytes(matchWords(v.match));
  return fold(mixBytes(mixBytes(FNV_OFFSET, bytes, 0, end), match, 0, match.length));
}
