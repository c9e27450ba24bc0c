/**
 * NetClient: the joining peer's netcode in one object (DESIGN §1, §3, §5): snapshot bytes in,
 * command packets out, a view model per frame. It ties together ClientClock (two timelines),
 * Predictor and LocalSmoothing (own player), RemoteView (everyone else), SnapshotInbox (baselines,
 * event de-duplication), CommandOutbox (commands out) and ServerChange (host migration).
 *
 * Inputs: `receive(bytes, now)` for every unreliable message from the host; `setInput` whenever
 * input is sampled; `update(now)` each frame (returns the packets to send); `view(now)` each frame.
 * Times are milliseconds from any fixed origin, non-decreasing; nothing here reads a clock.
 * Invariants: never throws on bytes (malformed or unknown-baseline packets are dropped and counted);
 * one command per command tick, ticks strictly increasing; each command's view time is the render
 * time of the last frame drawn (quantized to 1/256 tick, the same value used to draw), so the server
 * rewinds to exactly what the player saw; every server event is shown once.
 *
 * Host migration: `rebind()` when the stream starts coming from another server running the same
 * match (restored from a checkpoint). What belonged to the old server is forgotten (baselines, split
 * parts, the ack, the newest snapshot, the plausibility anchor, the clock's tick line, the remotes'
 * history from the new server's first tick on); prediction, interpolation, smoothing, event
 * de-duplication and cvars carry on. The first snapshot of the new server re-places both timelines;
 * the correction it brings (the new server has us where the old one last saw us) is melted, never
 * snapped; the command ticks stay strictly increasing.
 */
import { checkCvar, interpDelaySeconds, isCvarName, type Cvars } from '../config/cvars';
import type { NetEvent, Snapshot } from '../protocol/game-messages';
import { DEFAULT_MAP } from '../sim/map';
import type { SimConfig } from '../sim/config';
import type { ArenaMap, PlayerId, PlayerState, Tick, UserCmd } from '../sim/types';
import { WEAPON_KEEP } from '../sim/types';
import { sanitizeCmd } from '../sim/quantize';
import { ClientClock } from './client-clock';
import { CommandOutbox } from './command-outbox';
import { LocalSmoothing } from './local-smoothing';
import { ServerChange } from './server-change';
import { InterpDelay } from './interp-delay';
import { Predictor } from './predictor';
import { RemoteView } from './remote-view';
import { SnapshotInbox, type ReceivedSnapshot } from './snapshot-inbox';
import { NetStatsTracker } from './net-stats-tracker';
import { netStatsOf, netTotalsOf, type NetClientTotals } from './net-client-stats';
import { isOwnPredictedEvent, type LocalSource } from './view-builder';
import { buildMatchView } from './match-view';
import { mapById } from '../sim/maps';
import type { PublicMatchState } from '../sim/match-types';
import type { ClientView, InputSample, NetStats, ViewEvent } from './view-model';

export type { InputSample } from './view-model';
export type { NetClientTotals } from './net-client-stats';

export interface NetClientOptions {
  clientId: PlayerId;
  tickrate: number;
  cvars: Cvars;
  map?: ArenaMap;
}

/** Events kept for the next view(); older ones go first if nobody draws (a hidden tab). */
const MAX_PENDING_EVENTS = 256;

const IDLE_INPUT: InputSample = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };

export class NetClient {
  readonly clientId: PlayerId;
  readonly tickrate: number;
  private cvars: Cvars;
  private readonly clock: ClientClock;
  private readonly predictor: Predictor;
  private readonly remotes: RemoteView;
  private readonly inbox: SnapshotInbox;
  private readonly local = new LocalSmoothing();
  private readonly outbox: CommandOutbox;
  private readonly tracker = new NetStatsTracker();
  private input: InputSample = IDLE_INPUT;
  private drawnRenderTick: number | null = null;
  private events: ViewEvent[] = [];
  private lastNowMs = 0;
  private lastError: NetClientTotals['lastPredictionError'] = null;
  private readonly interp: InterpDelay;
  private lastUpdateMs = Number.NEGATIVE_INFINITY;
  private jumpsSeen = 0;
  /** The newest snapshot's match block (its map is the one prediction runs on). */
  private match: PublicMatchState | null = null;
  private readonly change = new ServerChange();

  constructor(opts: NetClientOptions) {
    this.clientId = opts.clientId;
    this.tickrate = opts.tickrate;
    this.cvars = { ...opts.cvars };
    const cfg: SimConfig = { tickrate: opts.tickrate, map: opts.map ?? DEFAULT_MAP };
    this.clock = new ClientClock(opts.tickrate);
    this.inbox = new SnapshotInbox(opts.tickrate);
    this.predictor = new Predictor(cfg);
    this.remotes = new RemoteView(opts.tickrate);
    this.outbox = new CommandOutbox(opts.tickrate, (packet, nowMs) => {
      this.clock.noteSent(packet.sendTimeMs16);
      this.tracker.packetOut(nowMs, packet.bytes.byteLength);
    });
    this.interp = new InterpDelay(1000 / opts.tickrate);
  }

  receive(bytes: Uint8Array, nowMs: number): void {
    this.tracker.packetIn(nowMs, bytes.byteLength);
    const received = this.inbox.add(bytes, nowMs);
    if (received === 'malformed' || received === 'implausible') this.tracker.malformedPacket();
    if (received === 'malformed' || received === 'implausible' || received === 'partial') return;
    this.acceptSnapshot(received, nowMs);
  }

  /**
   * The unreliable stream now comes from, and commands go to, another server running the same
   * match (host migration). Call it before the first bytes from the new server are received.
   */
  rebind(): void {
    this.inbox.rebind();
    this.clock.rebind();
    this.change.rebind(this.outbox.lastIssuedTick);
  }

  /** How many times the client was rebound to a new server. */
  get rebindCount(): number {
    return this.change.count;
  }

  /**
   * The newest snapshot decoded, whole (self in full, every player, rocket, the match block and its
   * events): what a successor brings its migration checkpoint forward with. Do not modify it.
   */
  newestSnapshot(): Snapshot | null {
    return this.change.newest?.snapshot ?? null;
  }

  /** When the newest snapshot arrived (the times passed to `receive`), null before any. */
  get newestSnapshotAtMs(): number | null {
    return this.change.newest?.atMs ?? null;
  }

  setInput(input: InputSample): void {
    this.input = { ...input };
  }

  /**
   * One frame in the only order that is smooth: issue the commands owed up to `nowMs` (with the
   * input set last), then build the view at the same instant. Returns the packets to send.
   */
  frame(nowMs: number): { packets: Uint8Array[]; view: ClientView } {
    const packets = this.update(nowMs);
    return { packets, view: this.view(nowMs) };
  }

  /** Issues the commands owed up to `nowMs`; returns the packets to send (also those a view() made). */
  update(nowMs: number): Uint8Array[] {
    this.runUpdate(nowMs);
    return this.outbox.take();
  }

  /** The view at `nowMs`; first issues the commands owed up to then, so a caller's order cannot cause judder. */
  view(nowMs: number): ClientView {
    if (nowMs > this.lastUpdateMs) this.runUpdate(nowMs);
    this.lastNowMs = nowMs;
    this.clock.advance(nowMs);
    this.advanceInterp(nowMs);
    const renderTick = this.renderTickAt();
    this.drawnRenderTick = renderTick;
    const { remotes, projectiles } = this.remotes.sample(renderTick, nowMs, this.cvars);
    const events = this.events;
    this.events = [];
    return {
      localId: this.clientId,
      local: this.local.draw(this.localSource(), nowMs),
      remotes,
      projectiles,
      events,
      stats: this.stats,
      tickrate: this.tickrate,
      match: this.matchView(),
    };
  }

  private runUpdate(nowMs: number): void {
    this.lastUpdateMs = Math.max(this.lastUpdateMs, nowMs);
    this.lastNowMs = nowMs;
    this.clock.advance(nowMs);
    if (!this.clock.isSynced) return;
    const owed = this.outbox.owed(Math.floor(this.clock.commandTick));
    const jumped = this.clock.counters.jumps !== this.jumpsSeen;
    this.jumpsSeen = this.clock.counters.jumps;
    for (let tick = owed.from; tick <= owed.to; tick++) this.issueCommand(tick);
    if (jumped) this.local.jumped(this.localSource(), nowMs);
    this.outbox.flush(nowMs, this.cvars.cl_cmdrate, this.inbox.ackTick);
  }

  private advanceInterp(nowMs: number): void {
    const floor = interpDelaySeconds(this.cvars) * this.tickrate;
    const cap = this.cvars.cl_interp_max * this.tickrate;
    const lagNow = this.clock.isSynced && this.inbox.newest ? Math.max(0, this.clock.streamTick - this.inbox.newestTick) : 0;
    this.interp.advance(nowMs, floor, cap, this.cvars.cl_interp_adaptive === 1, lagNow);
  }

  /** Interpolation delay in use, seconds (the floor from the cvars, raised by cl_interp_adaptive). */
  get interpDelaySeconds(): number {
    return this.interp.ticks > 0 ? this.interp.ticks / this.tickrate : interpDelaySeconds(this.cvars);
  }

  setCvars(c: Partial<Cvars>): void {
    const next = { ...this.cvars };
    for (const [name, value] of Object.entries(c)) {
      if (!isCvarName(name) || value === undefined) continue;
      const checked = checkCvar(name, value);
      if (checked.value !== null) next[name] = checked.value;
    }
    if (next.cl_smooth === 0) this.local.clear();
    this.cvars = next;
  }

  /** What to tell the host in a 'settings' control message, after welcome and after every setCvars. */
  netSettings(): { updateRate: number; rate: number; interpMs: number } {
    // The delay in use, to 25 ms: the host checks each command's claimed view time against it.
    return { updateRate: this.cvars.cl_updaterate, rate: this.cvars.rate, interpMs: Math.round((this.interpDelaySeconds * 1000) / 25) * 25 };
  }

  /** Snapshots dropped for an impossible tick, and whether the host should be left (host-plausibility.ts). */
  get hostTrust(): { implausibleSnapshots: number; abandoned: boolean } {
    const p = this.inbox.plausibility;
    return { implausibleSnapshots: p?.dropped ?? 0, abandoned: p?.abandoned ?? false };
  }

  get stats(): NetStats {
    return netStatsOf({
      nowMs: this.lastNowMs,
      tickrate: this.tickrate,
      cvars: this.cvars,
      clock: this.clock,
      tracker: this.tracker,
      interpDelayMs: this.interpDelaySeconds * 1000,
      extrapolating: this.remotes.extrapolating,
      serverTick: this.inbox.newestTick,
      commandTick: this.outbox.lastIssuedTick,
      renderTick: this.drawnRenderTick ?? 0,
    });
  }

  /** Totals since the start, for tests and debug overlays. */
  get totals(): NetClientTotals {
    return netTotalsOf(this.clock, this.tracker, this.inbox, this.lastError);
  }

  private acceptSnapshot(r: ReceivedSnapshot, nowMs: number): void {
    const snap = r.snapshot;
    const firstOfServer = this.change.firstOfNewServer();
    if (firstOfServer) {
      // From its first tick on the new server writes the history again (its world at that tick is
      // the old one's at the successor's newest snapshot): what the old server said for those ticks goes.
      this.remotes.dropFrom(snap.serverTick);
    }
    this.remotes.push(snap.serverTick, snap.players, snap.projectiles);
    this.collectServerEvents(snap.events);
    if (!r.newest) return;
    this.change.newestSnapshot(snap, nowMs);
    this.tracker.snapshot(nowMs, snap.serverTick, snap.lastCmdTick < snap.serverTick);
    // How far the stream had run past the previous newest snapshot: the wait this gap cost.
    if (this.clock.isSynced && r.previousTick !== null) {
      this.clock.advance(nowMs);
      this.interp.arrival(nowMs, Math.max(0, this.clock.streamTick - r.previousTick));
    }
    this.clock.onSnapshot(snap, nowMs);
    this.acceptMatch(snap.match ?? null);
    this.reconcile(snap.self, snap.serverTick, nowMs, firstOfServer);
    if (firstOfServer) this.resendUnseen(snap.serverTick, nowMs);
  }

  /**
   * The commands issued before the rebind for ticks the new server has not run yet never reached it
   * (it starts from the old server's world at an earlier tick, or they went to a dead link): sent
   * again, unchanged (never a new command for an issued tick), so it runs our input for them instead
   * of repeating an old one.
   */
  private resendUnseen(serverTick: Tick, nowMs: number): void {
    const { after, upTo } = this.change.unseenTicks(serverTick, this.tickrate);
    this.outbox.resend(after, upTo, nowMs, this.inbox.ackTick);
  }

  /** A match on another map: prediction switches to its walls (everyone respawns there anyway). */
  private acceptMatch(match: PublicMatchState | null): void {
    const map = match && match.mapId !== this.match?.mapId ? mapById(match.mapId) : undefined;
    if (map) this.predictor.setMap(map);
    this.match = match;
  }

  private matchView(): ClientView['match'] {
    if (!this.match) return null;
    const now = this.clock.isSynced ? this.clock.streamTick : this.inbox.newestTick;
    const pickups = this.cvars.cl_predict === 1 ? this.predictor.predictedPickups : this.match.pickups;
    return buildMatchView(this.match, this.clientId, now, this.tickrate, pickups);
  }

  /** `migrated`: the first snapshot of a new server, whose correction may exceed the snap distance (melted, never snapped). */
  private reconcile(self: PlayerState, serverTick: Tick, nowMs: number, migrated: boolean): void {
    const before = this.predictor.state;
    const outcome = this.predictor.reconcile(self, serverTick, this.cvars.cl_reconcile === 1, this.match);
    if (outcome.predictionError) {
      this.tracker.predictionError(nowMs);
      this.lastError = { tick: serverTick, distance: outcome.errorDistance };
    }
    const after = this.predictor.state;
    if (before && after) this.local.corrected(before, after, nowMs, this.cvars, migrated);
  }

  private collectServerEvents(netEvents: readonly NetEvent[]): void {
    for (const e of netEvents) {
      if (!this.inbox.firstTimeEvent(e.id)) continue;
      // Our own shots, reloads and switches were already shown when first predicted.
      if (this.cvars.cl_predict === 1 && isOwnPredictedEvent(e.event, this.clientId)) continue;
      this.queueEvent({ predicted: false, tick: e.tick, event: e.event });
    }
  }

  private queueEvent(e: ViewEvent): void {
    this.events.push(e);
    if (this.events.length > MAX_PENDING_EVENTS) this.events.shift();
  }

  private issueCommand(tick: Tick): void {
    const view = this.drawnRenderTick ?? this.renderTickAt();
    const viewTick = Math.max(0, Math.floor(view));
    const cmd = sanitizeCmd({
      tick,
      ...this.input,
      viewTick,
      viewFrac: Math.round((view - viewTick) * 256),
    });
    const effects = this.predictor.predict(cmd);
    if (effects && this.cvars.cl_predict === 1) {
      for (const event of effects) this.queueEvent({ predicted: true, tick, event });
    }
    this.outbox.issue(cmd);
  }

  /** Server time (fractional ticks, on the 1/256 grid) at which remotes are drawn now. */
  private renderTickAt(): number {
    if (this.cvars.cl_interpolate === 0) return Math.max(0, this.inbox.newestTick);
    const raw = this.clock.streamTick - this.interpDelaySeconds * this.tickrate;
    return Math.max(0, Math.floor(raw * 256) / 256);
  }

  private localSource(): LocalSource | null {
    const newest = this.inbox.newest;
    if (this.cvars.cl_predict === 0) return newest ? { state: newest.self, previous: newest.self, frac: 1 } : null;
    const state = this.predictor.state;
    const previous = this.predictor.previousState;
    if (!state || !previous) return null;
    const frac = Math.min(1, Math.max(0, this.clock.commandTick - this.predictor.tick));
    return { state, previous, frac };
  }
}
