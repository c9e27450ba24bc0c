/**
 * SnapshotSender: every due client's snapshot of one tick (DESIGN §4, issue 10's "encode once,
 * send many"). The world is packed once into the frame ring (the targets now, the baselines of
 * later ticks), each event is encoded once, and what clients on the same baseline share is
 * encoded once (protocol/snapshot-broadcast.ts); each session plans its own header, baseline and
 * unacked events and is told what left.
 *
 * Inputs: per tick, the sessions, the world, its entity lists and rules block (asked for only
 * when a snapshot is due), the tick's tagged events and the time. Outputs: the datagrams, in session order.
 * A spectator's session (issue 24) has no player: it gets a spectator frame of the same packed
 * world (spectator-sender.ts) instead of a snapshot.
 * Invariants: a kicked session gets nothing; a state the codec cannot carry skips that client's
 * snapshot (counted by its session) and never stops the tick; every live session queues the
 * tick's events whether or not a snapshot is due, so a later snapshot still carries them.
 */
import { DatagramArena } from '../protocol/datagram-arena';
import type { EncodedEvent } from '../protocol/event-codec';
import type { SnapshotFrame } from '../protocol/snapshot-view';
import { SnapshotBroadcast, type BroadcastPiece } from '../protocol/snapshot-broadcast';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import type { TaggedEvent } from '../protocol/snapshot-types';
import type { PlayerId, Tick } from '../protocol/ids';
import type { AnyEntity } from '../protocol/snapshot-schema';
import { SENT_RING, type ServerSideClient, type SnapshotPlan } from './server-side-client';
import { SnapshotFrames, type EntityListsOf } from './snapshot-frames';
import { SpectatorSender } from './spectator-sender';

export interface SnapshotPacket {
  clientId: PlayerId;
  bytes: Uint8Array;
}

/** Whether `list` holds entity `id` (a loop: a closure per due client per tick was garbage). */
function hasId(list: readonly AnyEntity[], id: number): boolean {
  for (let i = 0; i < list.length; i++) if (list[i]!.id === id) return true;
  return false;
}

export class SnapshotSender {
  /** The world of every recent tick a snapshot left at: targets now, baselines later. */
  private readonly frames: SnapshotFrames;
  private readonly broadcast: SnapshotBroadcast;
  /** This tick's due sessions, their plans, ids and baseline ticks (-1: none), for the broadcast (reused). */
  private readonly due: ServerSideClient[] = [];
  private readonly plans: SnapshotPlan[] = [];
  private readonly dueIds: number[] = [];
  private readonly dueBaselines: number[] = [];
  /** The spectators' frames (issue 24), delayed by sv_spectator_delay when it is set. */
  private readonly spectators: SpectatorSender;

  /** The last `send`'s events and each of them encoded once (the replay recorder takes them as they are). */
  private lastEvents: readonly TaggedEvent<unknown>[] = [];
  private lastEncoded: readonly EncodedEvent[] = [];

  /** @param spectatorDelayTicks sv_spectator_delay in ticks (0: spectators see the match live) */
  constructor(
    private readonly wire: SnapshotWire,
    spectatorDelayTicks = 0,
    tickrate = 60,
  ) {
    this.frames = new SnapshotFrames(SENT_RING, wire);
    this.broadcast = new SnapshotBroadcast(wire);
    this.spectators = new SpectatorSender(wire, spectatorDelayTicks, tickrate);
  }

  /** The world of `tick` as packed for the snapshots sent at it, or null when none was (the recorder reuses it). */
  frameAt(tick: Tick): SnapshotFrame | null {
    return this.frames.get(tick);
  }

  /** The shared piece this tick's snapshots wrote against frame `base` of `baseTick`, or null (replay-recorder.ts splices it). */
  pieceAgainst(tick: Tick, base: SnapshotFrame, baseTick: Tick): BroadcastPiece | null {
    return this.broadcast.pieceAgainst(tick, base, baseTick);
  }

  /** `events` encoded, when they are the last `send`'s (the same array), else null. */
  encodedFor(events: readonly TaggedEvent<unknown>[]): readonly EncodedEvent[] | null {
    return events === this.lastEvents ? this.lastEncoded : null;
  }

  /** Groups of four baseline checksums the encoder hashed so far (tests: due clients fill them). */
  checksumGroups(): number {
    return this.broadcast.checksumGroups();
  }

  /**
   * From now on a tick's datagrams are views of one buffer reused every tick (datagram-arena.ts):
   * valid until the next `send`, so the caller sends or copies them first. Saves an ArrayBuffer per datagram.
   */
  reuseBuffers(): void {
    this.broadcast.arena ??= new DatagramArena();
  }

  send(
    sessions: Iterable<ServerSideClient<{ tick: Tick }>>,
    tick: Tick,
    lists: () => EntityListsOf,
    match: () => unknown,
    events: readonly TaggedEvent<unknown>[],
    nowMs: number,
  ): SnapshotPacket[] {
    this.broadcast.arena?.reset();
    const encoded = events.map((e) => this.wire.events.encode(e));
    this.lastEvents = events;
    this.lastEncoded = encoded;
    // The world's lists once: the receivers' section says whose player is still in the world.
    const world = lists();
    const receivers = world[this.wire.receiverSection] ?? [];
    // First who is due (each session's plan is its own object, valid until its next plan), so the
    // broadcast knows them all before the first encode (each baseline's checksums hash its due clients together).
    const due = this.due;
    const plans = this.plans;
    const dueIds = this.dueIds;
    const dueBaselines = this.dueBaselines;
    due.length = 0;
    plans.length = 0;
    dueIds.length = 0;
    dueBaselines.length = 0;
    this.spectators.begin(tick, encoded);
    for (const s of sessions) {
      if (s.abuse.kicked) continue;
      // A spectator (issue 24) sees the world whoever is in it: spectator-sender.ts plans its frame.
      if (s.spectator) {
        this.spectators.plan(s, tick, encoded, nowMs);
        continue;
      }
      if (encoded.length) s.outbox.add(encoded);
      const plan = s.planSnapshot(tick, hasId(receivers, s.id), nowMs);
      if (!plan) continue;
      due.push(s);
      plans.push(plan);
      dueIds.push(s.id);
      dueBaselines.push(plan.baselineTick ?? -1);
    }
    const packets: SnapshotPacket[] = [];
    const live = due.length > 0 || this.spectators.wantsLiveFrame;
    const frame = live ? this.frames.capture(tick, world, match()) : null;
    // No spectator (the usual tick): not even the argument object is made.
    if (this.spectators.watching)
      this.spectators.send(frame, { tick, lists: world, match, frames: this.frames }, nowMs, packets);
    if (!frame || due.length === 0) return packets;
    this.broadcast.begin(frame, dueIds, dueBaselines);
    for (let k = 0; k < due.length; k++) {
      const s = due[k]!;
      const plan = plans[k]!;
      const baseline = plan.baselineTick === null ? null : this.frames.get(plan.baselineTick);
      let parts: Uint8Array[] = [];
      try {
        parts = this.broadcast.encode({ receiverId: s.id, header: plan.header, baseline, events: plan.events });
      } catch {
        // A state the codec cannot carry must not stop the match: skip this client's snapshot (counted).
      }
      s.recordSent(tick, parts, baseline !== null, nowMs);
      for (const bytes of parts) packets.push({ clientId: s.id, bytes });
    }
    return packets;
  }
}
