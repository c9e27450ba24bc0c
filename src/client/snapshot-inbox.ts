/**
 * SnapshotInbox: the receiving end of the snapshot stream (DESIGN §4): decodes against the
 * baselines this client holds, merges split parts, remembers recent complete snapshots (they are
 * the baselines the server deltas against) and tells whether each one is the newest so far.
 *
 * Inputs: raw bytes from the unreliable channel (any order, duplicated, truncated, hostile).
 * Outputs: 'malformed' (undecodable or unknown baseline: dropped), 'implausible' (a tick the host
 * cannot have reached yet, host-plausibility.ts: dropped before it is stored), 'partial' (a part of a split
 * snapshot still waiting for the others), or the complete snapshot and whether it is the newest.
 * Invariants: never throws; the baseline store is a power-of-two ring indexed by tick & mask, and a
 * slot answers only for the exact tick stored in it; event ids are reported first-time once.
 * `rebind()` (host migration): everything keyed to the old server's ticks is forgotten (baselines,
 * split parts, the newest snapshot, the ack, the plausibility anchor); the event ids seen are kept,
 * since the new server carries the old one's events on under ids that jump past them.
 */
import { SnapshotDecoder } from '../protocol/snapshot';
import { SnapshotAssembler } from '../protocol/snapshot-assembler';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import type { SnapshotOf, WireTypes } from '../protocol/snapshot-types';
import type { Tick } from '../protocol/ids';
import { EventDeduper } from './event-dedupe';
import { HostPlausibility } from './host-plausibility';

export interface ReceivedSnapshot<T extends WireTypes> {
  snapshot: SnapshotOf<T>;
  /** Newer than every complete snapshot before it (older ones only fill histories). */
  newest: boolean;
  /** Tick of the newest complete snapshot before this one (null for the first). */
  previousTick: Tick | null;
}

/**
 * Baselines kept, indexed by tick: 512 slots are 4 s at the highest tickrate (128), as long as the
 * server remembers what it sent (SENT_RING), so a delta against an old ack still decodes on a slow link.
 */
const BASELINE_SLOTS = 512;

export class SnapshotInbox<T extends WireTypes> {
  private readonly baselines: (SnapshotOf<T> | undefined)[] = new Array<SnapshotOf<T> | undefined>(BASELINE_SLOTS).fill(
    undefined,
  );
  private assembler: SnapshotAssembler<T>;
  /** One per stream: it finds the rows of the snapshots it decoded when they come back as baselines. */
  private readonly decoder: SnapshotDecoder<T>;
  private readonly dedupe = new EventDeduper();
  private newestSnapshot: SnapshotOf<T> | null = null;
  /** Newest tick held in the ring and not found wrong (what the ack names), null when none. */
  private trustedNewest: Tick | null = null;
  private mismatches = 0;
  /** Null: no plausibility check (tests of the ring alone). */
  readonly plausibility: HostPlausibility | null;

  /** @param wire the game's snapshot schema, compiled (ClientGame.wire) */
  constructor(
    private readonly wire: SnapshotWire<T>,
    tickrate: number | null = null,
  ) {
    this.plausibility = tickrate === null ? null : new HostPlausibility(tickrate);
    this.assembler = new SnapshotAssembler<T>(wire);
    this.decoder = new SnapshotDecoder<T>(wire);
  }

  /** Tick of the newest complete snapshot (0 before any): the ack sent with each command packet. */
  get newestTick(): Tick {
    return this.newestSnapshot ? this.newestSnapshot.serverTick : 0;
  }

  /**
   * The ack for the next command packet: the newest complete snapshot received and still held, or
   * null when none is (the host then sends a full snapshot). Never a tick that did not arrive.
   */
  get ackTick(): Tick | null {
    return this.trustedNewest;
  }

  /** Delta snapshots dropped because our copy of their baseline did not match the host's checksum. */
  get baselineMismatches(): number {
    return this.mismatches;
  }

  get newest(): SnapshotOf<T> | null {
    return this.newestSnapshot;
  }

  add(bytes: Uint8Array, nowMs = 0): ReceivedSnapshot<T> | 'malformed' | 'implausible' | 'partial' {
    let decoded;
    try {
      decoded = this.decoder.decode(bytes, (tick) => this.baseline(tick));
    } catch {
      // The codec promises not to throw; this guard keeps that promise at our boundary too.
      return 'malformed';
    }
    if (!decoded.ok) {
      // A baseline the host disagrees with is never acked again, so the host stops coding against it.
      if (decoded.baselineMismatch !== undefined) this.distrustBaselines();
      return 'malformed';
    }
    const part = decoded.value;
    // Before anything is stored: an impossible tick must never become a baseline or the ack.
    if (this.plausibility && !this.plausibility.check(part.serverTick, nowMs)) return 'implausible';
    const full = this.assembler.add(part);
    if (!full) return 'partial';
    this.baselines[full.serverTick & (BASELINE_SLOTS - 1)] = full;
    if (this.trustedNewest === null || full.serverTick > this.trustedNewest) this.trustedNewest = full.serverTick;
    const previousTick = this.newestSnapshot ? this.newestSnapshot.serverTick : null;
    const newest = full.serverTick > this.newestTick;
    if (newest) this.newestSnapshot = full;
    return { snapshot: full, newest, previousTick };
  }

  /**
   * Our copy of a baseline differs from the host's: that should never happen, so none of the copies
   * is trusted any more. Acking nothing makes the host send a full snapshot at once, instead of one
   * round trip per older copy tried.
   */
  private distrustBaselines(): void {
    this.mismatches++;
    this.baselines.fill(undefined);
    this.trustedNewest = null;
  }

  /**
   * The stream now comes from another server running the same match (host migration): its ticks
   * may be lower or higher than ours, and none of its snapshots is a delta against ours (its first
   * one is full, since we ack nothing now). Event de-duplication carries on.
   */
  rebind(): void {
    this.baselines.fill(undefined);
    this.assembler = new SnapshotAssembler<T>(this.wire);
    this.newestSnapshot = null;
    this.trustedNewest = null;
    this.plausibility?.rebind();
  }

  firstTimeEvent(id: number): boolean {
    return this.dedupe.firstTime(id);
  }

  private baseline(tick: Tick): SnapshotOf<T> | undefined {
    const slot = this.baselines[tick & (BASELINE_SLOTS - 1)];
    return slot && slot.serverTick === tick ? slot : undefined;
  }
}
