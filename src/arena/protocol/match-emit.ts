/**
 * The arena's match block as checksum bytes (the host's walk, baseline-checksum.ts `viewChecksum`
 * through the rules block's `emit`): `emitMatch` writes the words `mixMatch` (checksum-objects.ts)
 * hashes, and `matchBytesBound` says how many bytes that takes at most.
 */
import { emitNumber } from '../../protocol/baseline-checksum';
import type { PublicMatchState } from '../../sim/match-types';
import { resultsWords } from './match-value';

/** How many numbers `matchWords(m)` holds, without building it. */
function matchWordCount(m: PublicMatchState): number {
  const r = m.results;
  return 12 + 4 * m.players.length + m.pickups.length + (r ? 4 + 5 * r.standings.length + 3 * r.awards.length : 1);
}

/** The most bytes `emitMatch` writes for `m`. */
export const matchBytesBound = (m: PublicMatchState): number => matchWordCount(m) * 4;

/**
 * The bytes `mixNumber` mixes for every word of `matchWords(m)`, written at `at` of `out` (room
 * for `matchBytesBound(m)`), without building the array: the host emits one per baseline frame per
 * tick. Returns the new end.
 * `mixMatch` hashes what it writes; a property test holds the two (and the host's checksums) together.
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
