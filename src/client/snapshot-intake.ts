/**
 * SnapshotIntake: what one unreliable message from the host changes in a NetClient. Bytes go
 * through the SnapshotInbox (baselines, split parts, plausibility); a complete snapshot feeds the
 * remotes' history and the confirmed events (each shown once; our own predicted ones not again);
 * the newest one also feeds the clock, the interpolation delay, the rules block and reconciliation of
 * the own entity, and, as a new server's first, the resend of the commands it has not seen.
 * Invariants: never throws on bytes (malformed or implausible packets are dropped and counted);
 * a correction of the own player is handed to LocalSmoothing (melted, never drawn as a jump).
 */
import type { AnyEntity } from '../protocol/snapshot-schema';
import { listOf, type SnapshotOf, type TaggedEvent } from '../protocol/snapshot-types';
import type { Tick } from '../protocol/ticks';
import type { ClientGameTypes, GameEvent, OwnState, RulesOf } from './client-game';
import type { ClientParts } from './client-parts';
import type { NetClientTotals } from './net-client-stats';
import type { ReceivedSnapshot } from './snapshot-inbox';

export class SnapshotIntake<T extends ClientGameTypes> {
  /** The newest prediction error: which server tick, how far off (null before any). */
  lastError: NetClientTotals['lastPredictionError'] = null;

  /** Each snapshot's entity lists in the wire's section order (reused). */
  private readonly lists: (readonly AnyEntity[])[] = [];

  constructor(private readonly p: ClientParts<T>) {}

  receive(bytes: Uint8Array, nowMs: number): void {
    this.p.tracker.packetIn(nowMs, bytes.byteLength);
    const received = this.p.inbox.add(bytes, nowMs);
    if (received === 'malformed' || received === 'implausible') this.p.tracker.malformedPacket();
    if (received === 'malformed' || received === 'implausible' || received === 'partial') return;
    this.accept(received, nowMs);
  }

  private accept(r: ReceivedSnapshot<T['wire']>, nowMs: number): void {
    const p = this.p;
    const snap = r.snapshot;
    const firstOfServer = p.change.firstOfNewServer();
    if (firstOfServer) {
      // From its first tick on the new server writes the history again (its world at that tick is
      // the old one's at the successor's newest snapshot): what the old server said for those ticks goes.
      p.remotes.dropFrom(snap.serverTick);
    }
    const sections = p.game.wire.sections;
    this.lists.length = sections.length;
    for (let i = 0; i < sections.length; i++) this.lists[i] = listOf(snap, sections[i]!.name);
    p.remotes.push(snap.serverTick, this.lists);
    this.collectServerEvents(snap.events);
    if (!r.newest) return;
    p.change.newestSnapshot(snap, nowMs);
    p.tracker.snapshot(nowMs, snap.serverTick, snap.lastCmdTick < snap.serverTick);
    // How far the stream had run past the previous newest snapshot: the wait this gap cost.
    if (p.clock.isSynced && r.previousTick !== null) {
      p.clock.advance(nowMs);
      p.interp.arrival(nowMs, Math.max(0, p.clock.streamTick - r.previousTick));
    }
    p.clock.onSnapshot(snap, nowMs);
    this.acceptMatch(snap.match ?? null);
    this.reconcile(snap, nowMs, firstOfServer);
    if (firstOfServer) this.resendUnseen(snap.serverTick, nowMs);
  }

  /**
   * The commands issued before the rebind for ticks the new server has not run yet never reached it
   * (it starts from the old server's world at an earlier tick, or they went to a dead link): sent
   * again, unchanged (never a new command for an issued tick), so it runs our input for them instead
   * of repeating an old one.
   */
  private resendUnseen(serverTick: Tick, nowMs: number): void {
    const { after, upTo } = this.p.change.unseenTicks(serverTick, this.p.tickrate);
    this.p.outbox.resend(after, upTo, nowMs, this.p.inbox.ackTick);
  }

  private acceptMatch(match: RulesOf<T> | null): void {
    this.p.match = match;
  }

  /** `migrated`: the first snapshot of a new server, whose correction may exceed the snap distance (melted, never snapped). */
  private reconcile(snap: SnapshotOf<T['wire']>, nowMs: number, migrated: boolean): void {
    const p = this.p;
    const serverTick = snap.serverTick;
    const before = p.predictor.state;
    const context = p.prediction.contextOf(snap);
    const outcome = p.predictor.reconcile(snap.self, serverTick, p.cvars.cl_reconcile === 1, context);
    if (outcome.predictionError) {
      p.tracker.predictionError(nowMs);
      this.lastError = { tick: serverTick, distance: outcome.errorDistance };
    }
    const after = p.predictor.state;
    if (before && after) p.local.corrected(before, after, nowMs, p.cvars, migrated);
  }

  private collectServerEvents(netEvents: readonly TaggedEvent<GameEvent<T>>[]): void {
    for (const e of netEvents) {
      if (!this.p.inbox.firstTimeEvent(e.id)) continue;
      // Our own shots, reloads and switches were already shown when first predicted.
      if (this.p.cvars.cl_predict === 1 && this.p.game.ownPredictedEvent(e.event, this.p.clientId)) continue;
      this.p.events.push({ predicted: false, tick: e.tick, event: e.event });
    }
  }
}
