/**
 * ClientParts: everything one NetClient is made of (DESIGN §1, §3, §5), shared by the steps that
 * make up its work: SnapshotIntake (bytes in), CommandIssue (commands out) and the frame's view
 * (frame-view.ts). It holds ClientClock (two timelines), Predictor and LocalSmoothing (own player),
 * RemoteView (everyone else), SnapshotInbox (baselines, event de-duplication), CommandOutbox
 * (commands out), ServerChange (host migration), InterpDelay, the stats tracker and the view events
 * waiting for the next frame, plus the readings more than one step needs: the render time now, the
 * interpolation delay in use, and the source of the own player's drawn position.
 * Invariant: one instance per NetClient; the steps change it, nothing here reads a clock.
 */
import { interpDelaySeconds, type Cvars } from '../config/cvars';
import type { SnapshotOf } from '../protocol/snapshot-types';
import type { Tick } from '../protocol/ticks';
import { ClientClock } from './client-clock';
import type { ClientGame, ClientGameTypes, ClientPrediction, GameEvent, OwnState, RulesOf } from './client-game';
import { CommandOutbox } from './command-outbox';
import { InterpDelay } from './interp-delay';
import { LocalSmoothing } from './local-smoothing';
import { NetStatsTracker } from './net-stats-tracker';
import { PendingEvents } from './pending-events';
import { Predictor } from './predictor';
import { RemoteView } from './remote-view';
import { ServerChange } from './server-change';
import { SnapshotInbox } from './snapshot-inbox';
import type { LocalSource } from './view-builder';

export interface NetClientOptions<T extends ClientGameTypes> {
  clientId: number;
  tickrate: number;
  cvars: Cvars;
  /** The game this client plays (the page chooses it): its schemas, commands, prediction, view. */
  game: ClientGame<T>;
}

export class ClientParts<T extends ClientGameTypes> {
  readonly clientId: number;
  readonly tickrate: number;
  cvars: Cvars;
  readonly clock: ClientClock;
  readonly game: ClientGame<T>;
  /** The game's prediction rules (the context a snapshot gives) and the Predictor running them. */
  readonly prediction: ClientPrediction<T>;
  readonly predictor: Predictor<OwnState<T>, T['cmd'], T['context'], GameEvent<T>>;
  readonly remotes: RemoteView<T['wire']>;
  readonly inbox: SnapshotInbox<T['wire']>;
  readonly local: LocalSmoothing<OwnState<T>>;
  readonly outbox: CommandOutbox<T['cmd']>;
  readonly tracker = new NetStatsTracker();
  readonly interp: InterpDelay;
  readonly change = new ServerChange<SnapshotOf<T['wire']>>();
  readonly events = new PendingEvents<GameEvent<T>>();
  /** The newest snapshot's rules block (the arena's match block: its map is the one prediction runs on). */
  match: RulesOf<T> | null = null;
  /** The render time of the last view built: what the player saw, so what the next commands claim. */
  drawnRenderTick: number | null = null;
  /** The time of the last frame (what the net graph's rates are taken at). */
  lastNowMs = 0;

  constructor(opts: NetClientOptions<T>) {
    this.clientId = opts.clientId;
    this.tickrate = opts.tickrate;
    this.cvars = { ...opts.cvars };
    this.clock = new ClientClock(opts.tickrate);
    this.inbox = new SnapshotInbox(opts.game.wire, opts.tickrate);
    this.game = opts.game;
    this.prediction = opts.game.prediction(opts.tickrate);
    this.predictor = new Predictor(this.prediction);
    const g = opts.game;
    this.remotes = new RemoteView(opts.tickrate, g.wire, g.remoteTraits(opts.tickrate), g.smoothedSection, g.maxSpeed);
    this.local = new LocalSmoothing<OwnState<T>>(g.maxSpeed, (a, b) => g.continuous(a, b));
    this.outbox = new CommandOutbox(
      opts.tickrate,
      (packet, nowMs) => {
        this.clock.noteSent(packet.sendTimeMs16);
        this.tracker.packetOut(nowMs, packet.bytes.byteLength);
      },
      opts.game.commands,
    );
    this.interp = new InterpDelay(1000 / opts.tickrate);
  }

  /** Interpolation delay in use, seconds (the floor from the cvars, raised by cl_interp_adaptive). */
  get interpDelaySeconds(): number {
    return this.interp.ticks > 0 ? this.interp.ticks / this.tickrate : interpDelaySeconds(this.cvars);
  }

  /** Moves the interpolation delay toward what the waits between snapshots ask for. */
  advanceInterp(nowMs: number): void {
    const floor = interpDelaySeconds(this.cvars) * this.tickrate;
    const cap = this.cvars.cl_interp_max * this.tickrate;
    const lagNow =
      this.clock.isSynced && this.inbox.newest ? Math.max(0, this.clock.streamTick - this.inbox.newestTick) : 0;
    this.interp.advance(nowMs, floor, cap, this.cvars.cl_interp_adaptive === 1, lagNow);
  }

  /** Server time (fractional ticks, on the 1/256 grid) at which remotes are drawn now. */
  renderTickAt(): number {
    if (this.cvars.cl_interpolate === 0) return Math.max(0, this.inbox.newestTick);
    const raw = this.clock.streamTick - this.interpDelaySeconds * this.tickrate;
    return Math.max(0, Math.floor(raw * 256) / 256);
  }

  /** What the own player is drawn from: the prediction between its last two ticks, or the server's state with cl_predict 0. */
  localSource(): LocalSource<OwnState<T>> | null {
    const newest = this.inbox.newest;
    if (this.cvars.cl_predict === 0) return newest ? { state: newest.self, previous: newest.self, frac: 1 } : null;
    const state = this.predictor.state;
    const previous = this.predictor.previousState;
    if (!state || !previous) return null;
    const frac = Math.min(1, Math.max(0, this.clock.commandTick - this.predictor.tick));
    return { state, previous, frac };
  }
}
