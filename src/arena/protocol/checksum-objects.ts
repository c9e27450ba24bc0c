/**
 * The arena's baseline-checksum mixers over its objects (snapshot-checksum.ts is the netcode's
 * walk over a snapshot; baseline-checksum.ts the encoder's side, over packed rows, and the
 * document). The decoder checksums every baseline it decodes against, so each table's entity is
 * mixed with named loads and each field by its table's bound (fnv.ts `mixNumber1` … `mixNumber4`:
 * the same bytes as `mixNumber`, without a branch on every number's size). Each equals the
 * table-driven `mixEntity` (a unit test holds them together).
 */
import { EMPTY_MATCH, resultsWords } from './match-value';
import type { PublicMatchPlayer, PublicMatchState } from '../../sim/match-types';
import type { PlayerState, ProjectileState, PublicPlayerState } from '../../sim/types';
import {
  FNV_OFFSET,
  FNV_PRIME,
  P2,
  P3,
  P4,
  fold,
  mixBool,
  mixNumber,
  mixNumber1,
  mixNumber2,
  mixNumber3,
  mixNumber4,
  mixWord,
} from '../../protocol/fnv';

/**
 * `mixEntity` of the public player fields, in PUBLIC_PLAYER_FIELDS' order, written out: named loads
 * instead of a keyed walk with a type test per field (that walk was a third of a decode's time).
 * A unit test holds `snapshotChecksum` to `viewChecksum`, which walks the tables.
 */
export function mixPublicPlayer(h: number, p: PublicPlayerState): number {
  const id = Math.round(p.id * 16);
  const vx = Math.round(p.vx * 16);
  const vy = Math.round(p.vy * 16);
  const x = Math.round(p.x * 16);
  const y = Math.round(p.y * 16);
  const aim = Math.round(p.aim * 16);
  const health = Math.round(p.health * 16);
  const weapon = Math.round(p.weapon * 16);
  const seq = Math.round(p.teleportSeq * 16);
  const kills = Math.round(p.kills * 16);
  const deaths = Math.round(p.deaths * 16);
  // The straight line below assumes each table bound (id, health, teleportSeq u8; x, y grid
  // integers below 2^16; aim u16; weapon 0 or 1; kills and deaths below 4096; velocities int32):
  // one guard, true for every quantized player; anything else goes field by field.
  if (
    !(id >= 0 && id < 65536 && x >= 0 && x < 65536 && y >= 0 && y < 65536 && aim >= 0 && aim < 16777216) ||
    !(health >= 0 && health < 65536 && weapon >= 0 && weapon < 256 && seq >= 0 && seq < 65536) ||
    !(kills >= 0 && kills < 65536 && deaths >= 0 && deaths < 65536 && vx === (vx | 0) && vy === (vy | 0))
  )
    return mixPublicPlayerByField(h, p);
  // Written out, no call per field: the per-field mixers were not all inlined (V8's budget), and
  // a call per number was a third of the checksum. Each line is `mixNumber`'s bytes (fnv.ts).
  h = Math.imul(Math.imul(h ^ (id & 0xff), FNV_PRIME) ^ (id >>> 8), P3);
  h = Math.imul(Math.imul(h ^ (vx & 0xff), FNV_PRIME) ^ ((vx >>> 8) & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ ((vx >>> 16) & 0xff), FNV_PRIME) ^ (vx >>> 24), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ (vy & 0xff), FNV_PRIME) ^ ((vy >>> 8) & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ ((vy >>> 16) & 0xff), FNV_PRIME) ^ (vy >>> 24), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ (x & 0xff), FNV_PRIME) ^ (x >>> 8), P3);
  h = Math.imul(Math.imul(h ^ (y & 0xff), FNV_PRIME) ^ (y >>> 8), P3);
  h = Math.imul(Math.imul(Math.imul(h ^ (aim & 0xff), FNV_PRIME) ^ ((aim >>> 8) & 0xff), FNV_PRIME) ^ (aim >>> 16), P2);
  h = Math.imul(Math.imul(h ^ (health & 0xff), FNV_PRIME) ^ (health >>> 8), P3);
  h = Math.imul(Math.imul(h ^ (p.alive ? 1 : 0), P2) ^ (p.crouch ? 1 : 0), P2);
  h = Math.imul(Math.imul(h ^ weapon, P4) ^ (seq & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ (seq >>> 8), P3) ^ (kills & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ (kills >>> 8), P3) ^ (deaths & 0xff), FNV_PRIME);
  return Math.imul(h ^ (deaths >>> 8), P3);
}

/** `mixPublicPlayer` a field at a time, each through its bound's mixer (any value). */
function mixPublicPlayerByField(h: number, p: PublicPlayerState): number {
  h = mixNumber2(mixNumber4(mixNumber4(mixNumber2(h, p.id), p.vx), p.vy), p.x);
  h = mixBool(mixNumber2(mixNumber3(mixNumber2(h, p.y), p.aim), p.health), p.alive);
  h = mixNumber2(mixNumber1(mixBool(h, p.crouch), p.weapon), p.teleportSeq);
  return mixNumber2(mixNumber2(h, p.kills), p.deaths);
}

/** `mixEntity` of PLAYER_FIELDS: the public fields, then ammo and the timers. */
export function mixPlayer(h: number, p: PlayerState): number {
  h = mixWord(mixPublicPlayer(h, p), p.ammo.length);
  for (let i = 0; i < p.ammo.length; i++) h = mixNumber2(h, p.ammo[i]!);
  return mixNumber4(
    mixNumber4(mixNumber4(mixNumber4(h, p.nextFireTick), p.reloadEndTick), p.deployEndTick),
    p.respawnTick,
  );
}

/** `mixEntity` of PROJECTILE_FIELDS. */
export function mixProjectile(h: number, j: ProjectileState): number {
  // Bounds: id u16, owner u8, x and y grid integers below 2^16.
  h = mixNumber4(mixNumber4(mixNumber2(mixNumber3(h, j.id), j.owner), j.vx), j.vy);
  return mixNumber4(mixNumber2(mixNumber2(h, j.x), j.y), j.explodeTick);
}

/**
 * `mixNumber` of every word of `matchWords(m)`, in its order, straight from the block: the bytes
 * `emitMatch` writes (the host's walk, which needs them as bytes), without a buffer per snapshot
 * or a loop over its ~70 % zero bytes; the decoder hashes one block per snapshot. The unit tests
 * hold `snapshotChecksum` (this) to `viewChecksum` (`emitMatch`) on random blocks.
 */
export function mixMatch(h: number, m: PublicMatchState | undefined): number {
  const src = m ?? EMPTY_MATCH;
  let out = mixMatchHead(h, src);
  for (const p of src.players) out = mixMatchPlayer(out, p);
  return mixMatchTail(out, src);
}

/** `mixMatch`'s words up to and including the player count. */
function mixMatchHead(h: number, src: PublicMatchState): number {
  const mode = Math.round(src.mode * 16);
  const mapId = Math.round(src.mapId * 16);
  const phase = Math.round(src.phase * 16);
  const end = Math.round(src.phaseEndTick * 16);
  const frag = Math.round(src.fragLimit * 16);
  const limit = Math.round(src.timeLimitS * 16);
  const seq = Math.round(src.seq * 16);
  const red = Math.round((src.teamScores[0] ?? 0) * 16);
  const blue = Math.round((src.teamScores[1] ?? 0) * 16);
  const count = src.players.length * 16;
  // Bounds: mode, phase below 16; mapId, fragLimit, seq u8; timeLimitS u16; phaseEndTick int32;
  // scores below 4096 (else field by field); at most 256 players. Written out as mixPublicPlayer.
  if (
    !(mode >= 0 && mode < 256 && mapId >= 0 && mapId < 65536 && phase >= 0 && phase < 256) ||
    !(end === (end | 0) && frag >= 0 && frag < 65536 && limit >= 0 && limit < 16777216) ||
    !(seq >= 0 && seq < 65536 && red >= 0 && red < 65536 && blue >= 0 && blue < 65536 && count < 65536)
  )
    return mixMatchHeadByField(h, src);
  h = Math.imul(Math.imul(Math.imul(h ^ mode, P4) ^ (mapId & 0xff), FNV_PRIME) ^ (mapId >>> 8), P3);
  h = Math.imul(Math.imul(h ^ phase, P4) ^ (end & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ ((end >>> 8) & 0xff), FNV_PRIME) ^ ((end >>> 16) & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ (end >>> 24), FNV_PRIME) ^ (frag & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ (frag >>> 8), P3) ^ (limit & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ ((limit >>> 8) & 0xff), FNV_PRIME) ^ (limit >>> 16), P2);
  h = Math.imul(Math.imul(h ^ (src.friendlyFire ? 16 : 0), P4) ^ (seq & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ (seq >>> 8), P3) ^ (red & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ (red >>> 8), P3) ^ (blue & 0xff), FNV_PRIME);
  h = Math.imul(Math.imul(h ^ (blue >>> 8), P3) ^ (count & 0xff), FNV_PRIME);
  return Math.imul(h ^ (count >>> 8), P3);
}

/** `mixMatchHead` a field at a time (any value). */
function mixMatchHeadByField(h: number, src: PublicMatchState): number {
  h = mixNumber4(mixNumber1(mixNumber2(mixNumber1(h, src.mode), src.mapId), src.phase), src.phaseEndTick);
  h = mixNumber1(mixNumber3(mixNumber2(h, src.fragLimit), src.timeLimitS), src.friendlyFire ? 1 : 0);
  h = mixNumber2(mixNumber2(mixNumber2(h, src.seq), src.teamScores[0] ?? 0), src.teamScores[1] ?? 0);
  return mixNumber2(h, src.players.length);
}

/** `mixMatch`'s words of one match player. */
function mixMatchPlayer(h: number, p: PublicMatchPlayer): number {
  const id = Math.round(p.id * 16);
  const team = Math.round(p.team * 16);
  const score = Math.round(p.score * 16);
  // Bounds: id u8, team below 16, a score below 4096 (else field by field); written out as
  // mixPublicPlayer is (a call per number cost more than the multiplies).
  if (!(id >= 0 && id < 65536 && team >= 0 && team < 256 && score >= 0 && score < 65536))
    return mixNumber1(mixNumber2(mixNumber1(mixNumber2(h, p.id), p.team), p.score), p.bot ? 1 : 0);
  h = Math.imul(Math.imul(h ^ (id & 0xff), FNV_PRIME) ^ (id >>> 8), P3);
  h = Math.imul(Math.imul(h ^ team, P4) ^ (score & 0xff), FNV_PRIME);
  return Math.imul(Math.imul(h ^ (score >>> 8), P3) ^ (p.bot ? 16 : 0), P4);
}

/** `mixMatch`'s words after the players: the pickups and the results. */
function mixMatchTail(h: number, src: PublicMatchState): number {
  h = mixNumber2(h, src.pickups.length);
  for (let i = 0; i < src.pickups.length; i++) h = mixNumber4(h, src.pickups[i]!);
  if (!src.results) return mixNumber(h, 0);
  for (const v of resultsWords(src.results)) h = mixNumber(h, v);
  return h;
}
