/**
 * EntityRows: one list of entities (players, projectiles, …) packed into a Float64Array, one row of
 * `codec.stride` wire integers per entity (table-codec.ts gives each field its columns), sorted by
 * id. This is what the snapshot encoder reads: numbers at fixed offsets instead of object fields.
 *
 * Inputs: `pack(list)` with the entities in id order (the sim keeps them so; `sortedEntities`
 * sorts a snapshot that is not). Outputs: `count`, `data`, `id(i)`, `indexOfId(id)`, `unpack(i)`.
 * Invariants: the buffer only grows, so a reused EntityRows allocates nothing once it is large
 * enough; rows past `count` are garbage. Packing throws (RangeError) on a value the wire cannot
 * carry exactly, like the encoder it feeds.
 */
import { packRow, type TableCodec } from './table-codec';

export class EntityRows<T extends { id: number }> {
  count = 0;
  data: Float64Array;

  constructor(
    readonly codec: TableCodec<T>,
    capacity = 8,
  ) {
    this.data = new Float64Array(Math.max(1, capacity) * codec.stride);
  }

  get stride(): number {
    return this.codec.stride;
  }

  /** Room for `n` rows, keeping the first `count`. */
  reserve(n: number): void {
    if (n * this.codec.stride <= this.data.length) return;
    const grown = new Float64Array(Math.max(n, (this.data.length / this.codec.stride) * 2) * this.codec.stride);
    grown.set(this.data.subarray(0, this.count * this.codec.stride));
    this.data = grown;
  }

  /** Replaces the rows with `list` (sorted by id). */
  pack(list: readonly T[]): this {
    this.reserve(list.length);
    const stride = this.codec.stride;
    for (let i = 0; i < list.length; i++) packRow(this.codec, list[i]!, this.data, i * stride);
    this.count = list.length;
    return this;
  }

  id(i: number): number {
    return this.data[i * this.codec.stride + this.codec.keyCol]!;
  }

  /** Row index of `id`, or -1 (binary search: rows are sorted). */
  indexOfId(id: number): number {
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.id(mid);
      if (at === id) return mid;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** First row whose id is >= `id` (count when none). */
  lowerBound(id: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.id(mid) < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Row `i` as the object it was packed from (the table's fields, in its object order). */
  unpack(i: number): T {
    return this.codec.unpackRow(this.data, i * this.codec.stride);
  }
}
