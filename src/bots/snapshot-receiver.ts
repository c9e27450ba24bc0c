/**
 * SnapshotReceiver: a bot's minimal client-side snapshot handling (the real one is src/client).
 *
 * Inputs: datagrams from the server with their arrival time.
 * Outputs: complete snapshots in arrival order (callback), the tick to ack, deduplicated events,
 * a per-player position history for interpolation, and counters (decode failures, full vs delta).
 * Invariants: deltas decode against snapshots this receiver itself decoded earlier (kept by tick);
 * an event id is delivered once (ids wrap at 65536; a window of recent ids is remembered).
 */
import type { ArenaWireTypes } from '../arena/protocol/arena-messages';
import type { NetEvent, Snapshot } from '../arena/protocol/arena-messages';
import { SnapshotDecoder } from '../protocol/snapshot';
import { SnapshotAssembler } from '../protocol/snapshot-assembler';
import { ARENA_WIRE } from '../arena/protocol/arena-wire';
import type { PlayerId, PlayerState, PublicPlayerState, Tick } from '../sim/types';

export interface HistoryPoint {
  tick: Tick;
  state: PublicPlayerState;
}

const KEEP_SNAPSHOTS = 128;
const KEEP_HISTORY = 64;
const EVENT_WINDOW = 4096;

export class SnapshotReceiver {
  private readonly byTick = new Map<Tick, Snapshot>();
  private readonly assembler = new SnapshotAssembler<ArenaWireTypes>(ARENA_WIRE, 8);
  private readonly decoder = new SnapshotDecoder<ArenaWireTypes>(ARENA_WIRE);
  private readonly seenIds = new Set<number>();
  private readonly seenOrder: number[] = [];
  readonly history = new Map<PlayerId, HistoryPoint[]>();
  readonly events: NetEvent[] = [];
  newestTick: Tick = 0;
  newest: Snapshot | null = null;
  /** max over snapshots of (serverTick - arrival in ticks): the offset of the stream's clock. */
  private streamOffset = -Infinity;
  readonly counters = {
    datagrams: 0,
    decodeFailures: 0,
    snapshots: 0,
    full: 0,
    delta: 0,
    fullAfterDelta: 0,
    outOfOrder: 0,
  };
  lastError = '';
  /** Called with every complete snapshot (tests compare them with the server's world). */
  onSnapshot: ((snap: Snapshot, nowMs: number) => void) | null = null;

  constructor(private readonly tickrate: number) {}

  receive(bytes: Uint8Array, nowMs: number): Snapshot | null {
    this.counters.datagrams++;
    const r = this.decoder.decode(bytes, (t) => this.byTick.get(t));
    if (!r.ok) {
      this.counters.decodeFailures++;
      this.lastError = r.error;
      return null;
    }
    const snap = this.assembler.add(r.value);
    if (!snap) return null;
    this.accept(snap, nowMs);
    return snap;
  }

  private accept(snap: Snapshot, nowMs: number): void {
    this.counters.snapshots++;
    if (snap.baselineTick === 0) {
      this.counters.full++;
      // A full snapshot after deltas had started is a resync: what loss must never force.
      if (this.counters.delta > 0) this.counters.fullAfterDelta++;
    } else this.counters.delta++;
    this.onSnapshot?.(snap, nowMs);
    this.byTick.set(snap.serverTick, snap);
    if (this.byTick.size > KEEP_SNAPSHOTS) this.byTick.delete(this.byTick.keys().next().value as Tick);
    for (const e of snap.events) this.acceptEvent(e);
    if (snap.serverTick <= this.newestTick) {
      this.counters.outOfOrder++;
      return;
    }
    this.newestTick = snap.serverTick;
    this.newest = snap;
    this.streamOffset = Math.max(this.streamOffset, snap.serverTick - (nowMs * this.tickrate) / 1000);
    this.pushHistory(snap.self, snap.serverTick);
    for (const p of snap.players) this.pushHistory(p, snap.serverTick);
  }

  private acceptEvent(e: NetEvent): void {
    if (this.seenIds.has(e.id)) return;
    this.seenIds.add(e.id);
    this.seenOrder.push(e.id);
    if (this.seenOrder.length > EVENT_WINDOW) this.seenIds.delete(this.seenOrder.shift() as number);
    this.events.push(e);
  }

  private pushHistory(p: PublicPlayerState | PlayerState, tick: Tick): void {
    const list = this.history.get(p.id) ?? [];
    list.push({ tick, state: p });
    if (list.length > KEEP_HISTORY) list.shift();
    this.history.set(p.id, list);
  }

  /** Estimated server time (fractional ticks) of the snapshot stream arriving now; null before any. */
  streamTime(nowMs: number): number | null {
    return Number.isFinite(this.streamOffset) ? this.streamOffset + (nowMs * this.tickrate) / 1000 : null;
  }

  get self(): PlayerState | null {
    return this.newest ? this.newest.self : null;
  }
}
