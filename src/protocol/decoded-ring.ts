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
import { PLAYER_CODEC, type TableCodec } from './fields';
import type { Snapshot } from './game-messages';
import { SECTIONS, type AnyEntity } from './snapshot-view';

/**
 * Snapshots remembered. The host codes against the client's newest ack, about a round trip old:
 * 16 snapshots are over half a second at 30 a second. An older baseline still decodes (packed).
 */
export const RING_SLOTS = 16;

export class DecodedSlot {
  /** The snapshot made from these rows (null: none yet, or the message was refused). */
  private snapshot: Snapshot | null = null;
  /** Its parts as returned: found only while each is still the same object. */
  private parts: readonly unknown[] = [];
  /** Its baseline checksum (`snapshotChecksum`), -1 until it is first a baseline. */
  checksum = -1;
  /** `self` (row 0, PLAYER_CODEC columns) and each section's entities. */
  readonly selfRow = new EntityRows<AnyEntity>(PLAYER_CODEC as unknown as TableCodec<AnyEntity>, 1);
  /** Grown on demand (a one-off decoder allocates little). */
  readonly lists = SECTIONS.map((sec) => new EntityRows<AnyEntity>(sec.codec, 1));

  /** Records `s` as made from these rows (its checksum not computed yet). */
  hold(s: Snapshot): void {
    this.snapshot = s;
    this.parts = [s.serverTick, s.self, s.players, s.projectiles, s.match];
    this.checksum = -1;
  }

  /** Whether `s` is the snapshot held, every part still the object it was returned with. */
  holds(s: Snapshot): boolean {
    const p = this.parts;
    return (
      s === this.snapshot &&
      s.serverTick === p[0] &&
      s.self === p[1] &&
      s.players === p[2] &&
      s.projectiles === p[3] &&
      s.match === p[4]
    );
  }

  forget(): void {
    this.snapshot = null;
    this.parts = [];
  }
}

export class DecodedRing {
  /** Created as they are first claimed. */
  private readonly slots: DecodedSlot[] = [];
  private next = 0;

  /** The slot holding `s`, or null. */
  find(s: Snapshot): DecodedSlot | null {
    for (const slot of this.slots) if (slot.holds(s)) return slot;
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
    if (at === this.slots.length) this.slots.push(new DecodedSlot());
    return this.slots[at]!;
  }
}
