/**
 * Splitting a snapshot that does not fit one datagram (many players, or a first full snapshot),
 * and merging the parts back. No SCTP fragmentation on an unreliable channel: a lost fragment
 * would lose the whole message, whereas a lost part loses only its entities for one snapshot.
 *
 * Each part carries the header, `self`, and a contiguous slice of [events, players, projectiles]
 * with explicit id ranges. The ranges of all parts partition the id space, so a decoder infers
 * "removed" only for baseline entities inside the part's own range.
 * Output: one element when the snapshot fits `maxBytes`, else parts each <= maxBytes.
 */
import { MAX_DATAGRAM_BYTES, type Snapshot } from './messages';
import { type IdRange } from './entity-list';
import { snapshotChecksum } from './baseline-checksum';
import { ALL_PLAYERS, ALL_PROJECTILES, MAX_PARTS, encodeSnapshotPart, sortedEntities, usableBaseline, type PartSpec } from './snapshot';

const EMPTY: IdRange = { lo: 1, hi: 0 };

/** Range of the id-sorted `list[from, to)` such that consecutive slices partition [0, max]. */
function sliceRange(list: readonly { id: number }[], from: number, to: number, all: IdRange, isFirstPart: boolean): IdRange {
  if (list.length === 0) return isFirstPart ? all : EMPTY;
  if (from === to) return EMPTY;
  return {
    lo: from === 0 ? all.lo : list[from - 1]!.id + 1,
    hi: to === list.length ? all.hi : list[to - 1]!.id,
  };
}

function clampSlice(from: number, to: number, offset: number, length: number): [number, number] {
  const c = (v: number): number => Math.min(Math.max(v - offset, 0), length);
  return [c(from), c(to)];
}

/** The part that carries items [from, to) of the sequence events ++ players ++ projectiles. */
function specFor(s: Snapshot, from: number, to: number, part: number, partCount: number): PartSpec {
  const e = s.events.length;
  const p = s.players.length;
  const [ef, et] = clampSlice(from, to, 0, e);
  const [pf, pt] = clampSlice(from, to, e, p);
  const [jf, jt] = clampSlice(from, to, e + p, s.projectiles.length);
  return {
    part,
    partCount,
    events: s.events.slice(ef, et),
    players: sliceRange(s.players, pf, pt, ALL_PLAYERS, part === 0),
    projectiles: sliceRange(s.projectiles, jf, jt, ALL_PROJECTILES, part === 0),
  };
}

/** Largest end such that items [from, end) fit; the header is sized for MAX_PARTS (worst case). */
function largestFit(s: Snapshot, baseline: Snapshot | null, sum: number | undefined, from: number, part: number, maxBytes: number): number {
  const total = s.events.length + s.players.length + s.projectiles.length;
  const fits = (end: number): boolean => encodeSnapshotPart(s, baseline, specFor(s, from, end, part, MAX_PARTS), sum).length <= maxBytes;
  if (!fits(Math.min(from + 1, total))) throw new RangeError(`snapshot item ${from} alone exceeds ${maxBytes} bytes`);
  let lo = Math.min(from + 1, total);
  let hi = total;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function encodeSnapshotParts(unsorted: Snapshot, baseline: Snapshot | null, maxBytes: number = MAX_DATAGRAM_BYTES): Uint8Array[] {
  // Slices are taken in id order, the order every part's id range assumes.
  const target = sortedEntities(unsorted);
  // The baseline's checksum once for every part and every trial encode (the encoder sorts it the same way).
  const usable = usableBaseline(baseline && sortedEntities(baseline));
  const sum = usable ? snapshotChecksum(usable) : undefined;
  const single = encodeSnapshotPart(target, baseline, { part: 0, partCount: 1, players: ALL_PLAYERS, projectiles: ALL_PROJECTILES, events: target.events }, sum);
  if (single.length <= maxBytes) return [single];
  const total = target.events.length + target.players.length + target.projectiles.length;
  const cuts: Array<[number, number]> = [];
  for (let from = 0; from < total || cuts.length === 0; ) {
    const end = largestFit(target, baseline, sum, from, cuts.length, maxBytes);
    cuts.push([from, end]);
    if (cuts.length > MAX_PARTS) throw new RangeError(`snapshot needs more than ${MAX_PARTS} parts`);
    from = end;
  }
  // The real header (fewer parts) is never larger than the worst case the cuts were sized with.
  return cuts.map(([from, to], i) => encodeSnapshotPart(target, baseline, specFor(target, from, to, i, cuts.length), sum));
}
