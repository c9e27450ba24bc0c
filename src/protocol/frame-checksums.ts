/**
 * The host's baseline checksums (baseline-checksum.ts) of one frame, for every client whose
 * snapshot is coded against it: each client's `snapshotChecksum` of its own view of the frame
 * (its row as `self`, then every list less that row, then the match block).
 *
 * Inputs: the frame and a receiver id. Output: the same 16 bits `viewChecksum` gives for that
 * view. How: every row's checksum bytes are emitted once per capture. FNV-1a is one dependent
 * multiply per byte, so four receivers' views (adjacent rows) are hashed at once, four independent
 * chains in one loop (their views differ only around their own rows), kept until the next capture.
 * ~70 % of the bytes are zero (high halves of small numbers, false flags), and FNV-1a of a zero
 * byte is a multiply by the prime: so shared rows are stored as *steps*, a byte and the prime to
 * the power 1 + (zero bytes after it in the row), `h = imul(h ^ byte, prime^(1+zeros))`, exact
 * because multiplying mod 2^32 is associative (~18 steps for a player's ~61 bytes).
 * Invariant: nothing computed for one capture is returned for another; the bytes hashed are exactly
 * `viewChecksum`'s (emitted by the same `emitRow`; a property test compares the two).
 */
import { FNV_OFFSET, FNV_PRIME, emitMatch, emitRow, fold, matchBytesBound, mixWord, rowBytes } from './baseline-checksum';
import { PLAYER_CODEC, type TableCodec } from './fields';
import { SECTIONS, type SnapshotFrame } from './snapshot-view';

const RECEIVER_SECTION = SECTIONS.findIndex((sec) => sec.selfCodec !== null);
/** Whether the receiver section's public fields lead its self table (same keys, kinds, columns): then a row's public bytes are read from its self bytes. */
const PUBLIC_LEADS_SELF = SECTIONS[RECEIVER_SECTION]!.codec.all.every((f, i) => {
  const g = PLAYER_CODEC.all[i];
  return g !== undefined && g.key === f.key && g.kind === f.kind && g.col === f.col && g.width === f.width;
});
const LANES = 4;
/** The most bytes any one row emits: the scratch a row is emitted into before it becomes steps. */
const MAX_ROW_BYTES = Math.max(rowBytes(PLAYER_CODEC as TableCodec<unknown>), ...SECTIONS.map((sec) => rowBytes(sec.codec as TableCodec<unknown>)));
/** PRIME_POWERS[z] = FNV_PRIME^(1 + z) mod 2^32: a step's multiplier for its byte and z zero bytes after it. Never written after this. */
const PRIME_POWERS = new Int32Array(MAX_ROW_BYTES);
for (let z = 0, p = FNV_PRIME; z < MAX_ROW_BYTES; z++, p = Math.imul(p, FNV_PRIME)) PRIME_POWERS[z] = p;

export class FrameChecksums {
  private capture = -1;
  private frame: SnapshotFrame | null = null;
  /** The match block's bytes, before they become steps. */
  private matchScratch = new Uint8Array(0);
  /** One row's bytes, before they become steps. */
  private readonly rowScratch = new Uint8Array(MAX_ROW_BYTES);
  /** The steps (file comment): step k is `h = imul(h ^ stepByte[k], stepMul[k])`. */
  private stepByte = new Int32Array(0);
  private stepMul = new Int32Array(0);
  /** Per section: the step where each row starts, and [count] the end. */
  private starts: Int32Array[] = SECTIONS.map(() => new Int32Array(1));
  /**
   * Receiver's section: each row as `self` (the full table), kept as bytes: each is hashed by one
   * lane only, so making it steps would cost more than it saves. Row k is [k * selfBytesPerRow, +selfBytesPerRow).
   */
  private selfBytes = new Uint8Array(0);
  private selfBytesPerRow = 0;
  /** The frame's match block as steps [matchFrom, matchTo): the same for every receiver, mixed last. */
  private matchFrom = 0;
  private matchTo = 0;
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
    this.mixSelfRows(rows);
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
        this.mixLanes(laneRows, st);
      }
      this.mixSame(st[last + 1]!, st[count]!);
    }
    this.mixSame(this.matchFrom, this.matchTo);
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

  /** The same steps into every lane: four independent multiply chains in one loop. */
  private mixSame(from: number, to: number): void {
    const h = this.h;
    const xs = this.stepByte;
    const ms = this.stepMul;
    let h0 = h[0]!;
    let h1 = h[1]!;
    let h2 = h[2]!;
    let h3 = h[3]!;
    for (let i = from; i < to; i++) {
      const x = xs[i]!;
      const m = ms[i]!;
      h0 = Math.imul(h0 ^ x, m);
      h1 = Math.imul(h1 ^ x, m);
      h2 = Math.imul(h2 ^ x, m);
      h3 = Math.imul(h3 ^ x, m);
    }
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
    h[3] = h3;
  }

  /** Lane j mixes the self row `rows[j]`: four chains in one loop over bytes (every self row has as many). */
  private mixSelfRows(rows: Int32Array): void {
    const h = this.h;
    const b = this.selfBytes;
    const len = this.selfBytesPerRow;
    const a0 = rows[0]! * len;
    const a1 = rows[1]! * len;
    const a2 = rows[2]! * len;
    const a3 = rows[3]! * len;
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

  /** One lane's chain over steps [from, to). */
  private mixOne(h: number, from: number, to: number): number {
    const xs = this.stepByte;
    const ms = this.stepMul;
    let out = h;
    for (let i = from; i < to; i++) out = Math.imul(out ^ xs[i]!, ms[i]!);
    return out;
  }

  /**
   * Lane j mixes row `laneRows[j]` of a list whose rows start at `starts` (a row ends where the next
   * begins): four chains in one loop when the rows have as many steps (zero runs differ from row
   * to row), else each lane alone.
   */
  private mixLanes(laneRows: Int32Array, starts: Int32Array): void {
    const h = this.h;
    const a0 = starts[laneRows[0]!]!;
    const a1 = starts[laneRows[1]!]!;
    const a2 = starts[laneRows[2]!]!;
    const a3 = starts[laneRows[3]!]!;
    const len = starts[laneRows[0]! + 1]! - a0;
    if (starts[laneRows[1]! + 1]! - a1 !== len || starts[laneRows[2]! + 1]! - a2 !== len || starts[laneRows[3]! + 1]! - a3 !== len) {
      for (let j = 0; j < LANES; j++) h[j] = this.mixOne(h[j]!, starts[laneRows[j]!]!, starts[laneRows[j]! + 1]!);
      return;
    }
    const xs = this.stepByte;
    const ms = this.stepMul;
    let h0 = h[0]!;
    let h1 = h[1]!;
    let h2 = h[2]!;
    let h3 = h[3]!;
    for (let i = 0; i < len; i++) {
      h0 = Math.imul(h0 ^ xs[a0 + i]!, ms[a0 + i]!);
      h1 = Math.imul(h1 ^ xs[a1 + i]!, ms[a1 + i]!);
      h2 = Math.imul(h2 ^ xs[a2 + i]!, ms[a2 + i]!);
      h3 = Math.imul(h3 ^ xs[a3 + i]!, ms[a3 + i]!);
    }
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
    h[3] = h3;
  }

  /**
   * Appends `bytes[from, to)` (at most MAX_ROW_BYTES) as steps from step `at`; returns the new end.
   * The first byte always opens a step, even a zero one, so a row's steps never borrow from the row
   * before it (lanes skip different rows).
   */
  private appendSteps(bytes: Uint8Array, from: number, to: number, at: number): number {
    if (to <= from) return at;
    const xs = this.stepByte;
    const ms = this.stepMul;
    let k = at;
    let x = bytes[from]!;
    let zeros = 0;
    // Branch-free: zero and non-zero bytes come in no pattern a predictor learns, and a
    // mispredicted branch per byte costs more than the hashing the steps save; the multiplier
    // comes from a table (a multiply per byte would chain every byte to the one before). Every
    // byte stores the open step; a non-zero byte (`open` = 1) then opens the next one.
    for (let i = from + 1; i < to; i++) {
      const b = bytes[i]!;
      const open = b === 0 ? 0 : 1;
      const keep = open - 1; // all ones while the step goes on, 0 when a new one opens
      xs[k] = x;
      ms[k] = PRIME_POWERS[zeros]!;
      k += open;
      x = b | (x & keep);
      zeros = (zeros & keep) + 1 - open;
    }
    xs[k] = x;
    ms[k] = PRIME_POWERS[zeros]!;
    return k + 1;
  }

  /** Room for `steps` steps (a row emits at most one per byte). */
  private reserveSteps(steps: number): void {
    if (this.stepByte.length >= steps) return;
    this.stepByte = new Int32Array(steps * 2);
    this.stepMul = new Int32Array(steps * 2);
  }

  /** Every row of the receiver's section as `self`, as bytes (see `selfBytes`). */
  private emitSelfRows(selfRows: SnapshotFrame['lists'][number]): void {
    const len = emitRow(this.rowScratch, 0, PLAYER_CODEC.all, selfRows.data, 0);
    if (this.selfBytes.length < selfRows.count * len) this.selfBytes = new Uint8Array(selfRows.count * len * 2);
    let end = 0;
    for (let k = 0; k < selfRows.count; k++) end = emitRow(this.selfBytes, end, PLAYER_CODEC.all, selfRows.data, k * selfRows.stride);
    // Rows of one table emit as many bytes each (4 per number, 2 per flag and array length).
    if (end !== selfRows.count * len) throw new Error('self rows of unequal length');
    this.selfBytesPerRow = len;
  }

  private build(frame: SnapshotFrame): void {
    const matchBound = matchBytesBound(frame.match);
    if (this.matchScratch.length < matchBound) this.matchScratch = new Uint8Array(matchBound * 2);
    const match = this.matchScratch;
    const matchLength = emitMatch(match, 0, frame.match);
    let bound = matchLength;
    for (let i = 0; i < SECTIONS.length; i++) bound += frame.lists[i]!.count * rowBytes(SECTIONS[i]!.codec as TableCodec<unknown>);
    const selfRows = frame.lists[RECEIVER_SECTION]!;
    this.reserveSteps(bound);
    if (this.sums.length < selfRows.count) {
      this.sums = new Int32Array(selfRows.count * 2);
      this.known = new Uint8Array(selfRows.count * 2);
    }
    this.known.fill(0);
    // First: the public rows' bytes may be read from these (PUBLIC_LEADS_SELF).
    this.emitSelfRows(selfRows);
    const scratch = this.rowScratch;
    let end = 0;
    for (let i = 0; i < SECTIONS.length; i++) {
      const rows = frame.lists[i]!;
      if (this.starts[i]!.length < rows.count + 1) this.starts[i] = new Int32Array((rows.count + 1) * 2);
      const st = this.starts[i]!;
      const fields = SECTIONS[i]!.codec.all;
      if (i === RECEIVER_SECTION && PUBLIC_LEADS_SELF) {
        const len = this.selfBytesPerRow;
        const publicLen = emitRow(scratch, 0, fields, rows.data, 0);
        for (let k = 0; k < rows.count; k++) {
          st[k] = end;
          end = this.appendSteps(this.selfBytes, k * len, k * len + publicLen, end);
        }
      } else {
        for (let k = 0; k < rows.count; k++) {
          st[k] = end;
          end = this.appendSteps(scratch, 0, emitRow(scratch, 0, fields, rows.data, k * rows.stride), end);
        }
      }
      st[rows.count] = end;
    }
    this.matchFrom = end;
    // In chunks: a zero run within one never outgrows PRIME_POWERS (any cut between steps is exact).
    for (let from = 0; from < matchLength; from += MAX_ROW_BYTES) end = this.appendSteps(match, from, Math.min(from + MAX_ROW_BYTES, matchLength), end);
    this.matchTo = end;
    this.frame = frame;
    this.capture = frame.captures;
  }
}
