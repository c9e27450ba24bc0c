/**
 * The host's baseline checksums (baseline-checksum.ts) of one frame, for every client whose
 * snapshot is coded against it: each client's `snapshotChecksum` of its own view of the frame
 * (its row as `self`, then every list less that row, then the match block).
 *
 * Inputs: the frame and a receiver id. Output: the same 16 bits `viewChecksum` gives for that
 * view. How: every row's checksum bytes are emitted once per capture, so a view is a walk over
 * contiguous byte ranges. FNV-1a is one dependent multiply per byte, so a single checksum waits
 * on the multiplier's latency; the views of four receivers (adjacent rows) are hashed at once,
 * four independent chains in one loop, and kept until the frame is captured again. Every view
 * differs from its neighbours' only in its own row and the rows next to it, so the lanes share
 * one loop over nearly every byte. Invariant: nothing computed for one capture is returned for
 * another; the bytes hashed are exactly `viewChecksum`'s.
 */
import { FNV_OFFSET, FNV_PRIME, emitRow, fold, matchBytes, mixBytes, mixWord, rowBytes } from './baseline-checksum';
import { PLAYER_CODEC, type TableCodec } from './fields';
import { matchWords } from './match-block';
import { SECTIONS, type SnapshotFrame } from './snapshot-view';

const RECEIVER_SECTION = SECTIONS.findIndex((sec) => sec.selfCodec !== null);
const LANES = 4;

export class FrameChecksums {
  private capture = -1;
  private frame: SnapshotFrame | null = null;
  private bytes = new Uint8Array(0);
  /** Per section: where each row's public bytes start, and [count] the end. */
  private starts: Int32Array[] = SECTIONS.map(() => new Int32Array(1));
  /** Receiver's section: where each row's bytes as `self` (the full table) start and end. */
  private selfStarts = new Int32Array(1);
  private selfEnds = new Int32Array(1);
  /** The frame's match block as checksum bytes: the same for every receiver, mixed last. */
  private match: Uint8Array = new Uint8Array(0);
  /** Per receiver row: its checksum, once `known` says it was computed for this capture. */
  private sums = new Int32Array(1);
  private known = new Uint8Array(1);
  /** The four lanes' hash states, receiver rows and the row each mixes next (reused: nothing is allocated per checksum). */
  private readonly h = new Int32Array(LANES);
  private readonly rows = new Int32Array(LANES);
  private readonly laneRows = new Int32Array(LANES);

  /** `snapshotChecksum` of client `receiverId`'s view of `frame` (the receiver must be in it). */
  checksum(frame: SnapshotFrame, receiverId: number): number {
    if (this.frame !== frame || this.capture !== frame.captures) this.build(frame);
    const self = frame.lists[RECEIVER_SECTION]!.indexOfId(receiverId);
    if (self < 0) throw new RangeError(`player ${receiverId} is not in the frame`);
    if (this.known[self] === 0) this.computeGroup(frame, self - (self % LANES));
    return this.sums[self]!;
  }

  /** The checksums of receiver rows [first, first + LANES) (those that exist), four chains at once. */
  private computeGroup(frame: SnapshotFrame, first: number): void {
    const rs = RECEIVER_SECTION;
    const n = frame.lists[rs]!.count;
    const last = Math.min(first + LANES, n) - 1;
    const rows = this.rows;
    // Lanes past the last receiver repeat it (their results are dropped).
    for (let j = 0; j < LANES; j++) rows[j] = Math.min(first + j, last);
    this.h.fill(FNV_OFFSET);
    const laneRows = this.laneRows;
    this.mixLanes(rows, this.selfStarts, this.selfEnds, 0);
    for (let i = 0; i < SECTIONS.length; i++) {
      const st = this.starts[i]!;
      const count = frame.lists[i]!.count;
      if (i !== rs) {
        this.mixWordAll(count);
        this.mixSame(st[0]!, st[count]!);
        continue;
      }
      // Receiver j's list is every row but rows[j]: at list position p it holds row p before its
      // own, row p + 1 after it. Before `first` and after `last` all lanes hold the same rows.
      this.mixWordAll(count - 1);
      this.mixSame(st[0]!, st[first]!);
      for (let p = first; p < last; p++) {
        for (let j = 0; j < LANES; j++) laneRows[j] = p < rows[j]! ? p : p + 1;
        this.mixLanes(laneRows, st, st, 1);
      }
      this.mixSame(st[last + 1]!, st[count]!);
    }
    this.mixSameBytes(this.match, 0, this.match.length);
    for (let j = 0; j < LANES; j++) {
      const row = first + j;
      if (row > last) break;
      this.sums[row] = fold(this.h[j]!);
      this.known[row] = 1;
    }
  }

  private mixWordAll(word: number): void {
    for (let j = 0; j < LANES; j++) this.h[j] = mixWord(this.h[j]!, word);
  }

  private mixSame(from: number, to: number): void {
    this.mixSameBytes(this.bytes, from, to);
  }

  /** The same bytes into every lane: four independent multiply chains in one loop. */
  private mixSameBytes(bytes: Uint8Array, from: number, to: number): void {
    const h = this.h;
    let h0 = h[0]!;
    let h1 = h[1]!;
    let h2 = h[2]!;
    let h3 = h[3]!;
    for (let i = from; i < to; i++) {
      const b = bytes[i]!;
      h0 = Math.imul(h0 ^ b, FNV_PRIME);
      h1 = Math.imul(h1 ^ b, FNV_PRIME);
      h2 = Math.imul(h2 ^ b, FNV_PRIME);
      h3 = Math.imul(h3 ^ b, FNV_PRIME);
    }
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
    h[3] = h3;
  }

  /**
   * Lane j mixes row `laneRows[j]`: bytes [starts[row], ends[row + next]) (`next` 1 when `ends` is
   * `starts`: a row ends where the next begins), four chains in one loop. Rows
   * of one table emit the same number of bytes; if some lane's row did not, each lane is mixed
   * alone, so the result never rests on that.
   */
  private mixLanes(laneRows: Int32Array, starts: Int32Array, ends: Int32Array, next: 0 | 1): void {
    const h = this.h;
    const b = this.bytes;
    const a0 = starts[laneRows[0]!]!;
    const a1 = starts[laneRows[1]!]!;
    const a2 = starts[laneRows[2]!]!;
    const a3 = starts[laneRows[3]!]!;
    const len = ends[laneRows[0]! + next]! - a0;
    if (ends[laneRows[1]! + next]! - a1 !== len || ends[laneRows[2]! + next]! - a2 !== len || ends[laneRows[3]! + next]! - a3 !== len) {
      for (let j = 0; j < LANES; j++) h[j] = mixBytes(h[j]!, b, starts[laneRows[j]!]!, ends[laneRows[j]! + next]!);
      return;
    }
    let h0 = h[0]!;
    let h1 = h[1]!;
    let h2 = h[2]!;
    let h3 = h[3]!;
    for (let i = 0; i < len; i++) {
      h0 = Math.imul(h0 ^ b[a0 + i]!, FNV_PRIME);
      h1 = Math.imul(h1 ^ b[a1 + i]!, FNV_PRIME);
      h2 = Math.imul(h2 ^ b[a2 + i]!, FNV_PRIME);
      h3 = Math.imul(h3 ^ b[a3 + i]!, FNV_PRIME);
    }
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
    h[3] = h3;
  }

  private build(frame: SnapshotFrame): void {
    let bound = 0;
    for (let i = 0; i < SECTIONS.length; i++) bound += frame.lists[i]!.count * rowBytes(SECTIONS[i]!.codec as TableCodec<unknown>);
    const selfRows = frame.lists[RECEIVER_SECTION]!;
    bound += selfRows.count * rowBytes(PLAYER_CODEC as TableCodec<unknown>);
    if (this.bytes.length < bound) this.bytes = new Uint8Array(bound * 2);
    let end = 0;
    for (let i = 0; i < SECTIONS.length; i++) {
      const rows = frame.lists[i]!;
      if (this.starts[i]!.length < rows.count + 1) this.starts[i] = new Int32Array((rows.count + 1) * 2);
      const st = this.starts[i]!;
      for (let k = 0; k < rows.count; k++) {
        st[k] = end;
        end = emitRow(this.bytes, end, SECTIONS[i]!.codec.all, rows.data, k * rows.stride);
      }
      st[rows.count] = end;
    }
    if (this.selfStarts.length < selfRows.count) {
      this.selfStarts = new Int32Array(selfRows.count * 2);
      this.selfEnds = new Int32Array(selfRows.count * 2);
      this.sums = new Int32Array(selfRows.count * 2);
      this.known = new Uint8Array(selfRows.count * 2);
    }
    this.known.fill(0);
    for (let k = 0; k < selfRows.count; k++) {
      this.selfStarts[k] = end;
      end = emitRow(this.bytes, end, PLAYER_CODEC.all, selfRows.data, k * selfRows.stride);
      this.selfEnds[k] = end;
    }
    this.match = matchBytes(matchWords(frame.match));
    this.frame = frame;
    this.capture = frame.captures;
  }
}
