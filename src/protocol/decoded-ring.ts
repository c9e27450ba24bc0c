/**
 * DecodedRing: the snapshot decoder's memory of the snapshots it returned. Per snapshot, the rows
 * it was decoded into (entity-rows.ts: wire integers) and its baseline checksum, in a ring of
 * RING_SLOTS slots whose buffers are reused, so once they are large enough decoding allocates no
 * rows. A later delta whose baseline is one of these finds its rows and its checksum here, instead
 * of packing the baseline's objects and hashing them again.
 *
 * Trust: a snapshot is found by identity only, it and each of its parts (self, the entity lists,
 * the match block) the very objects the decoder returned. Decoded snapshots are the client's
 * baselines and never changed in place; one whose part was replaced is not found, and is then
 * packed and hashed like any other baseline (so a copy that went wrong is still caught by the
 * checksum). Invariant: a slot being decoded into holds no snapshot until the message was accepted.
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
  /** Its baseline checksum (`snapshotChecksum`), computed from the rows as it was made. */
  checksum = 0;
  /** `self` (row 0, PLAYER_CODEC columns) and each section's entities. */
  readonly selfRow = new EntityRows<AnyEntity>(PLAYER_CODEC as unknown as TableCodec<AnyEntity>, 1);
  /** Grown on demand (a one-off decoder allocates little). */
  readonly lists = SECTIONS.map((sec) => new EntityRows<AnyEntity>(sec.codec, 1));

  /** Records `s` as made from these rows, with its checksum. */
  hold(s: Snapshot, checksum: number): void {
    this.snapshot = s;
    this.parts = [s.serverTick, s.self, s.players, s.projectiles, s.match];
    this.checksum = checksum;
  }

  /** Whether `s` is the snapshot held, every part still the object it was returned with. */
  holds(s: Snapshot): boolean {
    const p = this.parts;
    return s === this.snapshot && s.serverTick === p[0] && s.self === p[1] && s.players === p[2] && s.projectiles === p[3] && s.match === p[4];
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
