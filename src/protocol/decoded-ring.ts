/**
 * DecodedRing: the snapshot decoder's memory of the snapshots it returned. Per snapshot, the rows
 * it was decoded into (entity-rows.ts: wire integers) and, once it was first a baseline, its
 * baseline checksum, in a ring of RING_SLOTS slots whose buffers are reused, so once they are
 * large enough decoding allocates no rows. A later delta whose baseline is one of these reads its
 * rows here instead of packing the baseline's objects, and hashes it only the first time.
 *
 * Trust: a snapshot is found by identity only, it and each of its parts (self, the entity lists,
 * the match block) the very objects the decoder returned. Its checksum is computed over those
 * objects as they are when it is first a baseline, so a copy gone wrong by then is refused like
 * any other; one whose part was replaced is not found, and is packed and hashed as it is.
 * Invariant: a slot being decoded into holds no snapshot until the message was accepted.
 */
import { EntityRows } from './entity-rows';
import type { AnyEntity, SnapshotWire } from './snapshot-schema';
import { listOf, type AnySnapshot } from './snapshot-types';

/**
 * Snapshots remembered. The host codes against the client's newest ack, about a round trip old:
 * 16 snapshots are over half a second at 30 a second. An older baseline still decodes (packed).
 */
export const RING_SLOTS = 16;

/** Room a slot's lists start with: a few projectiles appearing then grow no array. */
const MIN_ROWS = 4;

/** How many rows `rows` has room for. */
const rowsOf = (rows: EntityRows<AnyEntity>): number => rows.data.length / rows.stride;

export class DecodedSlot {
  /** The snapshot made from these rows (null: none yet, or the message was refused). */
  private snapshot: AnySnapshot | null = null;
  /**
   * Its parts as returned: found only while each is still the same object (fields and one array
   * made once, not an array per snapshot).
   */
  private tick = 0;
  private self: unknown = null;
  private match: unknown = null;
  /** Each section's list as returned, in the wire's order. */
  private readonly held: unknown[];
  /** Its baseline checksum (`snapshotChecksum`), -1 until it is first a baseline. */
  checksum = -1;
  /** `self` (row 0, the self table's columns) and each section's entities. */
  readonly selfRow: EntityRows<AnyEntity>;
  /**
   * Grown on demand (a one-off decoder allocates little); a slot made after another starts as
   * large as that one's lists, so the ring's slots are allocated once each, not once and grown.
   */
  readonly lists: EntityRows<AnyEntity>[];

  constructor(
    private readonly wire: SnapshotWire,
    like?: DecodedSlot,
  ) {
    this.selfRow = new EntityRows<AnyEntity>(wire.self, 1);
    this.lists = wire.sections.map(
      (sec, i) => new EntityRows<AnyEntity>(sec.codec, Math.max(MIN_ROWS, like ? rowsOf(like.lists[i]!) : 0)),
    );
    this.held = wire.sections.map(() => null);
  }

  /** Records `s` as made from these rows (its checksum not computed yet). */
  hold(s: AnySnapshot): void {
    this.snapshot = s;
    this.tick = s.serverTick;
    this.self = s.self;
    this.match = s.match;
    const sections = this.wire.sections;
    for (let i = 0; i < sections.length; i++) this.held[i] = listOf(s, sections[i]!.name);
    this.checksum = -1;
  }

  /** Whether `s` is the snapshot held, every part still the object it was returned with. */
  holds(s: AnySnapshot): boolean {
    if (s !== this.snapshot || s.serverTick !== this.tick || s.self !== this.self || s.match !== this.match)
      return false;
    const sections = this.wire.sections;
    for (let i = 0; i < sections.length; i++) if (listOf(s, sections[i]!.name) !== this.held[i]) return false;
    return true;
  }

  forget(): void {
    this.snapshot = null;
    this.self = this.match = null;
    this.held.fill(null);
  }
}

export class DecodedRing {
  /** Created as they are first claimed. */
  private readonly slots: DecodedSlot[] = [];
  private next = 0;

  constructor(private readonly wire: SnapshotWire) {}

  /** The slot holding `s`, or null. Newest first: a baseline is a few snapshots old. */
  find(s: AnySnapshot): DecodedSlot | null {
    const slots = this.slots;
    for (let k = 1; k <= slots.length; k++) {
      const slot = slots[(this.next - k + RING_SLOTS) % RING_SLOTS];
      if (slot?.holds(s)) return slot;
    }
    return null;
  }

  /** The slot to decode the next snapshot into: the oldest, never `keep` (the baseline being read). */
  claim(keep: DecodedSlot | null): DecodedSlot {
    let slot = this.take();
    if (slot === keep) slot = this.take();
    slot.forget();
    return slot;
  }

  private take(): DecodedSlot {
    const at = this.next;
    this.next = (at + 1) % RING_SLOTS;
    if (at === this.slots.length) this.slots.push(new DecodedSlot(this.wire, this.slots[at - 1]));
    return this.slots[at]!;
  }
}
