/**
 * SpectatorSender: the spectators' part of a tick's sending (issue 24). A spectator has no player,
 * so a snapshot (whose `self` is the receiver's player) cannot carry its view; a due spectator gets
 * a spectator frame instead (protocol/spectator-frame.ts): the world as an observer frame, coded
 * against the frame it acked, with its unacked events. With `sv_spectator_delay` (SpectatorDelay)
 * that world, its baselines and its events are the delayed ones; without, the world is the tick's
 * frame SnapshotSender already packed for every client, and the events the tick's.
 *
 * Inputs, per tick: `plan` for each spectator session (SnapshotSender's loop), then `send` with the
 * tick's packed frame (null when none was packed) and the world. Outputs: datagrams (own buffers:
 * spectators are few, so no arena). Invariants: a delayed spectator's session lives in frame ticks
 * (it plans, acks and records the delayed tick), so its acks name frames this sender holds; a
 * baseline the ring no longer holds, or too far back for a delta's step, gives a key frame.
 */
import { BitWriter } from '../protocol/bits';
import type { EncodedEvent } from '../protocol/event-codec';
import { MAX_FRAME_STEP, ObserverFrameWriter } from '../protocol/observer-frame';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import type { SnapshotFrame } from '../protocol/snapshot-view';
import { writeSpectatorFrame } from '../protocol/spectator-frame';
import type { PlayerId, Tick } from '../protocol/ids';
import type { ServerSideClient, SnapshotPlan } from './server-side-client';
import { SpectatorDelay } from './spectator-delay';
import type { EntityListsOf, SnapshotFrames } from './snapshot-frames';

export class SpectatorSender {
  private readonly writer: ObserverFrameWriter;
  private readonly out = new BitWriter(1024);
  /** Present when sv_spectator_delay is above 0. */
  readonly delay: SpectatorDelay | null;
  /** This tick's spectators, and the due ones with their plans and frame ticks (reused). */
  private watchers = 0;
  private readonly due: ServerSideClient[] = [];
  private readonly plans: SnapshotPlan[] = [];
  private readonly frameTicks: Tick[] = [];
  /** The events released to delayed spectators this tick. */
  private released: readonly EncodedEvent[] = [];

  constructor(wire: SnapshotWire, delayTicks = 0, tickrate = 60) {
    this.writer = new ObserverFrameWriter(wire);
    this.delay = delayTicks > 0 ? new SpectatorDelay(wire, delayTicks, tickrate) : null;
  }

  /** A new tick: its events (held for later when delayed). */
  begin(tick: Tick, events: readonly EncodedEvent[]): void {
    this.watchers = 0;
    this.due.length = 0;
    this.plans.length = 0;
    this.frameTicks.length = 0;
    if (!this.delay) return;
    this.delay.hold(events);
    const t = tick - this.delay.delayTicks;
    this.released = t < 0 ? [] : this.delay.release(t - (t % this.delay.step));
  }

  /** Spectator `s` this tick: its events queued, and its frame planned when one is due. */
  plan(s: ServerSideClient, tick: Tick, events: readonly EncodedEvent[], nowMs: number): void {
    this.watchers++;
    const mine = this.delay ? this.released : events;
    if (mine.length) s.outbox.add(mine);
    const frameTick = this.delay ? this.delay.targetTick(tick) : tick;
    if (frameTick === null) return;
    // Its plan's header is never sent (a frame has none); its tick is the frame's.
    const plan = s.planSnapshot(frameTick, true, nowMs);
    if (!plan) return;
    this.due.push(s);
    this.plans.push(plan);
    this.frameTicks.push(frameTick);
  }

  /** Whether any spectator is in this tick (nothing else to do when none is). */
  get watching(): boolean {
    return this.watchers > 0;
  }

  /** Whether this tick's live frame is needed (undelayed spectators are due). */
  get wantsLiveFrame(): boolean {
    return this.delay === null && this.due.length > 0;
  }

  /** Each due spectator's datagram; the delayed history takes the tick's world while anyone watches. */
  send(
    live: SnapshotFrame | null,
    world: { tick: Tick; lists: EntityListsOf; match: () => unknown; frames: SnapshotFrames },
    nowMs: number,
    packets: Array<{ clientId: PlayerId; bytes: Uint8Array }>,
  ): void {
    if (this.delay && this.watchers > 0) this.delay.capture(world.tick, world.lists, world.match());
    for (let k = 0; k < this.due.length; k++) {
      const s = this.due[k]!;
      const plan = this.plans[k]!;
      const ring = this.delay ?? world.frames;
      const target = this.delay ? this.delay.get(this.frameTicks[k]!) : live;
      const baseline = plan.baselineTick === null ? null : ring.get(plan.baselineTick);
      let bytes: Uint8Array | null = null;
      try {
        if (target) bytes = this.encode(target, baseline, plan.events);
      } catch {
        // As for a snapshot: a state the codec cannot carry skips this frame (counted), never the tick.
      }
      s.recordSent(this.frameTicks[k]!, bytes ? [bytes] : [], baseline !== null, nowMs);
      if (bytes) packets.push({ clientId: s.id, bytes });
    }
  }

  /** The spectator frame of `target` against `baseline` (null or unusable: a key frame). */
  private encode(target: SnapshotFrame, baseline: SnapshotFrame | null, events: readonly EncodedEvent[]): Uint8Array {
    const step = baseline ? target.serverTick - baseline.serverTick : 0;
    const base = baseline && step >= 1 && step <= MAX_FRAME_STEP ? baseline : null;
    this.out.reset();
    writeSpectatorFrame(this.out, this.writer, target, base, events);
    return this.out.finish();
  }
}
