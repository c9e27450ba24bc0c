/**
 * The host's baseline checksums (baseline-checksum.ts) of one frame, for every client whose
 * snapshot is coded against it: each client's `snapshotChecksum` of its own view of the frame
 * (its row as `self`, then every list less that row, then the rules block).
 *
 * Inputs: the frame and a receiver id. Output: the same 16 bits `viewChecksum` gives for that
 * view. How: every row's checksum bytes are emitted once per capture. FNV-1a is one dependent
 * multiply per byte, so four receivers' views are hashed at once, four independent chains in one
 * loop (fnv-lanes.ts; their views differ only between the lowest and highest of their own rows):
 * the receivers the caller names as due, else adjacent rows. Kept until the next capture.
 * ~70 % of the bytes are zero (high halves of small numbers, false flags), and FNV-1a of a zero
 * byte is a multiply by the prime: so shared rows are stored as *steps*, a byte and the prime to
 * the power 1 + (zero bytes after it in the row), `h = imul(h ^ byte, prime^(1+zeros))`, exact
 * because multiplying mod 2^32 is associative (~18 steps for a player's ~61 bytes).
 * Invariant: nothing computed for one capture is returned for another; the bytes hashed are exactly
 * `viewChecksum`'s (emitted by the same `emitRow`; a property test compares the two).
 */
import { FNV_PRIME, emitRow, fold, rowBytes } from './baseline-checksum';
import { FnvLanes, LANES } from './fnv-lanes';
import type { SnapshotWire } from './snapshot-schema';
import type { SnapshotFrame } from './snapshot-view';
import type { TableCodec } from './table-codec';

const NO_COMPANIONS: readonly number[] = [];
/** The most bytes any one row of `wire` emits: the scratch a row is emitted into before it becomes steps. */
const maxRowBytes = (wire: SnapshotWire): number =>
  Math.max(
    rowBytes(wire.self as TableCodec<unknown>),
    ...wire.sections.map((sec) => rowBytes(sec.codec as TableCodec<unknown>)),
  );
/** powers[z] = FNV_PRIME^(1 + z) mod 2^32: a step's multiplier for its byte and z zero bytes after it. */
function primePowers(n: number): Int32Array {
  const powers = new Int32Array(n);
  for (let z = 0, p = FNV_PRIME; z < n; z++, p = Math.imul(p, FNV_PRIME)) powers[z] = p;
  return powers;
}

export class FrameChecksums {
  private readonly receiverSection: number;
  private readonly maxRowBytes: number;
  /** Never written after the constructor. */
  private readonly primePowers: Int32Array;
  private capture = -1;
  private frame: SnapshotFrame | null = null;
  /** The match block's bytes, before they become steps. */
  private matchScratch = new Uint8Array(0);
  /** One row's bytes, before they become steps. */
  private readonly rowScratch: Uint8Array;
  /** The steps (file comment): step k is `h = imul(h ^ stepByte[k], stepMul[k])`. */
  private stepByte = new Int32Array(0);
  private stepMul = new Int32Array(0);
  /** Per section: the step where each row starts, and [count] the end. */
  private starts: Int32Array[];
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
  /** The four lanes' hash chains, receiver rows and the row each mixes next (reused: nothing is allocated per checksum). */
  private readonly lanes = new FnvLanes();
  /** Groups of four views hashed (benchmarks and tests: how much hashing the answers took). */
  readonly counters = { groups: 0 };
  /** The companions of the current asks, and the first of them that may still be unhashed. */
  private companions: readonly number[] = NO_COMPANIONS;
  private companionAt = 0;
  private readonly rows = new Int32Array(LANES);

  constructor(private readonly wire: SnapshotWire) {
    this.receiverSection = wire.receiverSection;
    this.maxRowBytes = maxRowBytes(wire);
    this.primePowers = primePowers(this.maxRowBytes);
    this.rowScratch = new Uint8Array(this.maxRowBytes);
    this.starts = wire.sections.map(() => new Int32Array(1));
  }
  private readonly laneRows = new Int32Array(LANES);

  /**
   * `snapshotChecksum` of client `receiverId`'s view of `frame` (the receiver must be in it).
   * `companions`: the other clients about to ask for this frame (the due clients on this
   * baseline): they fill this one's group of lanes, so no lane hashes a view nobody asks for.
   * Without them a group is four adjacent rows, and when only every other client is due (30
   * snapshots/s at a 60 Hz tick, spread over the ticks by id) half of every group's work was thrown away.
   */
  checksum(frame: SnapshotFrame, receiverId: number, companions: readonly number[] = NO_COMPANIONS): number {
    const self = frame.lists[this.receiverSection]!.indexOfId(receiverId);
    if (self < 0) throw new RangeError(`player ${receiverId} is not in the frame`);
    return this.checksumOfRow(frame, self, companions);
  }

  /** `checksum` of the receiver in row `self` of the frame's receiver list (a caller that has the row). */
  checksumOfRow(frame: SnapshotFrame, self: number, companions: readonly number[] = NO_COMPANIONS): number {
    if (this.frame !== frame || this.capture !== frame.captures) this.build(frame);
    if (this.companions !== companions) {
      this.companions = companions;
      this.companionAt = 0;
    }
    if (this.known[self] === 0) this.computeGroup(frame, this.pickLanes(frame.lists[this.receiverSection]!, self));
    return this.sums[self]!;
  }

  /**
   * Fills `rows` with `self` and up to three other rows not yet known (companions first, then
   * the rows next to `self`), sorted, the last repeated into unused lanes; returns how many are real.
   */
  private pickLanes(list: SnapshotFrame['lists'][number], self: number): number {
    const rows = this.rows;
    const companions = this.companions;
    let n = 0;
    rows[n++] = self;
    // Companions ask in order: a cursor skips those already hashed instead of looking each up again.
    for (; this.companionAt < companions.length; this.companionAt++) {
      const row = list.indexOfId(companions[this.companionAt]!);
      if (row >= 0 && this.known[row] === 0) break;
    }
    for (let k = this.companionAt; k < companions.length && n < LANES; k++)
      n = this.takeLane(list.indexOfId(companions[k]!), list.count, n);
    const first = self - (self % LANES);
    for (let row = first; row < first + LANES && n < LANES; row++) n = this.takeLane(row, list.count, n);
    // Insertion sort of at most four (no subarray view to sort: nothing allocated per group).
    for (let i = 1; i < n; i++) {
      const row = rows[i]!;
      let j = i - 1;
      for (; j >= 0 && rows[j]! > row; j--) rows[j + 1] = rows[j]!;
      rows[j + 1] = row;
    }
    for (let j = n; j < LANES; j++) rows[j] = rows[n - 1]!;
    return n;
  }

  /** Adds `row` as lane `n` unless it is out of the list, known or already a lane; returns the lane count. */
  private takeLane(row: number, count: number, n: number): number {
    if (row < 0 || row >= count || this.known[row] !== 0) return n;
    for (let j = 0; j < n; j++) if (this.rows[j] === row) return n;
    this.rows[n] = row;
    return n + 1;
  }

  /**
   * The checksums of the first `real` of the sorted receiver rows in `this.rows`, four chains at
   * once. Lane j's list is every row but rows[j]: at list position p it holds row p before its own
   * row and row p + 1 after it, so before the lowest lane row and after the highest all lanes hold
   * the same rows, and only the positions between them differ.
   */
  private computeGroup(frame: SnapshotFrame, real: number): void {
    this.counters.groups++;
    const rs = this.receiverSection;
    const rows = this.rows;
    const lo = rows[0]!;
    const hi = rows[LANES - 1]!;
    this.lanes.reset();
    const laneRows = this.laneRows;
    this.lanes.mixSelfRows(this.selfBytes, this.selfBytesPerRow, rows);
    for (let i = 0; i < this.starts.length; i++) {
      const st = this.starts[i]!;
      const count = frame.lists[i]!.count;
      if (i !== rs) {
        this.lanes.mixWordAll(count);
        this.lanes.mixSame(this.stepByte, this.stepMul, st[0]!, st[count]!);
        continue;
      }
      this.lanes.mixWordAll(count - 1);
      this.lanes.mixSame(this.stepByte, this.stepMul, st[0]!, st[lo]!);
      for (let p = lo; p < hi; p++) {
        for (let j = 0; j < LANES; j++) laneRows[j] = p < rows[j]! ? p : p + 1;
        this.lanes.mixLanes(this.stepByte, this.stepMul, laneRows, st);
      }
      this.lanes.mixSame(this.stepByte, this.stepMul, st[hi + 1]!, st[count]!);
    }
    this.lanes.mixSame(this.stepByte, this.stepMul, this.matchFrom, this.matchTo);
    for (let j = 0; j < real; j++) {
      this.sums[rows[j]!] = fold(this.lanes.h[j]!);
      this.known[rows[j]!] = 1;
    }
  }

  /**
   * Appends `bytes[from, to)` (at most `maxRowBytes`) as steps from step `at`; returns the new end.
   * The first byte always opens a step, even a zero one, so a row's steps never borrow from the row
   * before it (lanes skip different rows).
   */
  private appendSteps(bytes: Uint8Array, from: number, to: number, at: number): number {
    if (to <= from) return at;
    const xs = this.stepByte;
    const ms = this.stepMul;
    const powers = this.primePowers;
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
      ms[k] = powers[zeros]!;
      k += open;
      x = b | (x & keep);
      zeros = (zeros & keep) + 1 - open;
    }
    xs[k] = x;
    ms[k] = powers[zeros]!;
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
    const selfFields = this.wire.self.all;
    const len = emitRow(this.rowScratch, 0, selfFields, selfRows.data, 0);
    if (this.selfBytes.length < selfRows.count * len) this.selfBytes = new Uint8Array(selfRows.count * len * 2);
    let end = 0;
    for (let k = 0; k < selfRows.count; k++)
      end = emitRow(this.selfBytes, end, selfFields, selfRows.data, k * selfRows.stride);
    // Rows of one table emit as many bytes each (4 per number, 2 per flag and array length).
    if (end !== selfRows.count * len) throw new Error('self rows of unequal length');
    this.selfBytesPerRow = len;
  }

  private build(frame: SnapshotFrame): void {
    const sections = this.wire.sections;
    const matchBound = this.wire.rules.emitBound(frame.match);
    if (this.matchScratch.length < matchBound) this.matchScratch = new Uint8Array(matchBound * 2);
    const match = this.matchScratch;
    const matchLength = this.wire.rules.emit(match, 0, frame.match);
    let bound = matchLength;
    for (let i = 0; i < sections.length; i++)
      bound += frame.lists[i]!.count * rowBytes(sections[i]!.codec as TableCodec<unknown>);
    const selfRows = frame.lists[this.receiverSection]!;
    this.reserveSteps(bound);
    if (this.sums.length < selfRows.count) {
      this.sums = new Int32Array(selfRows.count * 2);
      this.known = new Uint8Array(selfRows.count * 2);
    }
    this.known.fill(0);
    this.companionAt = 0;
    // First: the public rows' bytes may be read from these (`publicLeadsSelf`).
    this.emitSelfRows(selfRows);
    const scratch = this.rowScratch;
    let end = 0;
    for (let i = 0; i < sections.length; i++) {
      const rows = frame.lists[i]!;
      if (this.starts[i]!.length < rows.count + 1) this.starts[i] = new Int32Array((rows.count + 1) * 2);
      const st = this.starts[i]!;
      const fields = sections[i]!.codec.all;
      if (i === this.receiverSection && this.wire.publicLeadsSelf) {
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
    // In chunks: a zero run within one never outgrows `primePowers` (any cut between steps is exact).
    const chunk = this.maxRowBytes;
    for (let from = 0; from < matchLength; from += chunk)
      end = this.appendSteps(match, from, Math.min(from + chunk, matchLength), end);
    this.matchTo = end;
    this.frame = frame;
    this.capture = frame.captures;
  }
}
