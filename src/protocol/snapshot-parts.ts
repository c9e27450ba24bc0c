/**
 * Splitting a snapshot that does not fit one datagram (many players, or a first full snapshot),
 * and merging the parts back. No SCTP fragmentation on an unreliable channel: a lost fragment
 * would lose the whole message, whereas a lost part loses only its entities for one snapshot.
 *
 * Each part carries the header, `self`, and a contiguous slice of [events, entity lists…] with
 * explicit id ranges. The ranges of all parts partition the id space, so a decoder infers
 * "removed" only for baseline entities inside the part's own range.
 * Output: one element when the snapshot fits `maxBytes`, else parts each <= maxBytes.
 */
import { BitWriter } from './bits';
import { MAX_DATAGRAM_BYTES } from './wire';
import type { SnapshotWire } from './snapshot-schema';
import type { AnySnapshot } from './snapshot-types';
import { MAX_PARTS, encodePrepared, prepareSnapshot, type PartSpec, type PreparedSnapshot } from './snapshot';
import { omits, type IdRange, type SnapshotView } from './snapshot-view';

const EMPTY: IdRange = { lo: 1, hi: 0 };

/** The ids of a view's list `s` that the receiver sees, in order. */
function visibleIds(v: SnapshotView, s: number): number[] {
  const rows = v.lists[s]!;
  const ids: number[] = [];
  for (let i = 0; i < rows.count; i++) if (!omits(v, s, rows.id(i))) ids.push(rows.id(i));
  return ids;
}

/** Range of the id-sorted `ids[from, to)` such that consecutive slices partition [0, max]. */
function sliceRange(ids: readonly number[], from: number, to: number, all: IdRange, isFirstPart: boolean): IdRange {
  if (ids.length === 0) return isFirstPart ? all : EMPTY;
  if (from === to) return EMPTY;
  return {
    lo: from === 0 ? all.lo : ids[from - 1]! + 1,
    hi: to === ids.length ? all.hi : ids[to - 1]!,
  };
}

function clampSlice(from: number, to: number, offset: number, length: number): [number, number] {
  const c = (v: number): number => Math.min(Math.max(v - offset, 0), length);
  return [c(from), c(to)];
}

/** The part that carries items [from, to) of the sequence events ++ each entity list. */
function specFor(
  p: PreparedSnapshot,
  lists: readonly number[][],
  from: number,
  to: number,
  part: number,
  partCount: number,
): PartSpec {
  const [ef, et] = clampSlice(from, to, 0, p.events.length);
  let offset = p.events.length;
  const ranges = lists.map((ids, s) => {
    const [lf, lt] = clampSlice(from, to, offset, ids.length);
    offset += ids.length;
    return sliceRange(ids, lf, lt, p.wire.sections[s]!.all, part === 0);
  });
  return { part, partCount, events: p.events.slice(ef, et), ranges };
}

/** Largest end such that items [from, end) fit; the header is sized for MAX_PARTS (worst case). */
function largestFit(
  p: PreparedSnapshot,
  lists: readonly number[][],
  total: number,
  w: BitWriter,
  from: number,
  part: number,
  maxBytes: number,
): number {
  const fits = (end: number): boolean =>
    encodePrepared(p, specFor(p, lists, from, end, part, MAX_PARTS), w).length <= maxBytes;
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

/** The datagrams of a prepared snapshot: one when it fits, else parts that each decode alone. */
export function encodePreparedParts(
  p: PreparedSnapshot,
  maxBytes: number = MAX_DATAGRAM_BYTES,
  w = new BitWriter(1024),
): Uint8Array[] {
  const single = encodePrepared(p, { part: 0, partCount: 1, ranges: p.wire.allRanges, events: p.events }, w);
  if (single.length <= maxBytes) return [single];
  // Slices are taken in id order, the order every part's id range assumes.
  const lists = p.wire.sections.map((_s, i) => visibleIds(p.target, i));
  const total = lists.reduce((n, ids) => n + ids.length, p.events.length);
  const cuts: Array<[number, number]> = [];
  for (let from = 0; from < total || cuts.length === 0;) {
    const end = largestFit(p, lists, total, w, from, cuts.length, maxBytes);
    cuts.push([from, end]);
    if (cuts.length > MAX_PARTS) throw new RangeError(`snapshot needs more than ${MAX_PARTS} parts`);
    from = end;
  }
  // The real header (fewer parts) is never larger than the worst case the cuts were sized with.
  return cuts.map(([from, to], i) => encodePrepared(p, specFor(p, lists, from, to, i, cuts.length), w));
}

export function encodeSnapshotParts(
  wire: SnapshotWire,
  target: AnySnapshot,
  baseline: AnySnapshot | null,
  maxBytes: number = MAX_DATAGRAM_BYTES,
): Uint8Array[] {
  return encodePreparedParts(prepareSnapshot(wire, target, baseline), maxBytes);
}
