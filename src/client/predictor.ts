/**
 * Predictor: client-side prediction and server reconciliation of the own player (DESIGN §5.2,
 * Gambetta's "client-side prediction and server reconciliation"), for any game: the game brings its
 * per-player step through `PredictionRules` (the very function its server's world step runs for
 * every player, so a prediction from the same state and command is the server's result).
 *
 * Inputs: `predict(cmd)` once per new command tick; `reconcile(self, serverTick, replay, context)`
 * for each newest snapshot, where `self` is the own state at the end of `serverTick` and `context`
 * what else of that snapshot the step reads (the game's: the arena's match block and pickup timers).
 * Outputs: the newest predicted state and the one before it (to draw between them), the predicted
 * state for any kept tick, first-time effects of each command, and per reconcile whether the
 * prediction for `serverTick` was wrong.
 * Invariants: kept commands and predicted states all have tick > the last reconciled tick; a replay
 * never emits effects; fields only the server decides come from the newest `self`, since every
 * prediction starts from it; the context a replay runs on is the snapshot's, so a take the server
 * refused (someone else was first) simply does not happen again in the replay.
 */
import type { Tick } from '../protocol/ids';

/** What a game brings to prediction (the arena's: src/arena/client/arena-prediction.ts). */
export interface PredictionRules<S, C extends { readonly tick: Tick }, Ctx, Ev> {
  /** The context before any snapshot (no rules block yet). */
  initialContext(): Ctx;
  /**
   * One tick of the own player: the game's shared per-player step, with no other player in the way
   * (the others are drawn in the past). May update `ctx` (a pickup taken). Pushes the command's
   * first-time effects to `effects` when given; a replay passes null.
   */
  step(state: S, cmd: C, ctx: Ctx, effects: Ev[] | null): S;
  /** Every field prediction computes is equal (server-only fields are not compared). */
  same(a: S, b: S): boolean;
  /** How far apart two states are drawn, in world units (the error the net graph shows). */
  distance(a: S, b: S): number;
}

export interface ReconcileOutcome {
  /** A predicted state existed for `serverTick` and differs from the server's. */
  predictionError: boolean;
  /** Distance between predicted and server state at `serverTick` (0 when none compared). */
  errorDistance: number;
  /** Commands replayed on top of the server state. */
  replayed: number;
}

/** Most commands kept unacknowledged (≈ 4 s at 60 Hz): the server rejects anything older anyway. */
const MAX_PENDING = 256;

export class Predictor<S, C extends { readonly tick: Tick }, Ctx, Ev> {
  private pending: C[] = [];
  private readonly predicted = new Map<Tick, S>();
  private latest: S | null = null;
  private previous: S | null = null;
  private latestTick: Tick = -1;
  private ctx: Ctx;

  constructor(private readonly rules: PredictionRules<S, C, Ctx, Ev>) {
    this.ctx = rules.initialContext();
  }

  /** The context as predicted: the newest snapshot's, plus what our own commands since did to it. */
  get context(): Ctx {
    return this.ctx;
  }
  /** Newest predicted state (null before the first snapshot). */
  get state(): S | null {
    return this.latest;
  }
  /** The predicted state one tick before `state` (equal to it right after a snapshot with nothing to replay). */
  get previousState(): S | null {
    return this.previous;
  }
  get tick(): Tick {
    return this.latestTick;
  }
  get pendingCount(): number {
    return this.pending.length;
  }

  stateAt(tick: Tick): S | undefined {
    return this.predicted.get(tick);
  }

  /**
   * Predicts one new command. Returns its first-time effects, or null when it cannot be predicted
   * (no server state yet, or a tick not after the newest predicted one).
   */
  predict(cmd: C): Ev[] | null {
    const base = this.latest;
    if (base === null || cmd.tick <= this.latestTick) return null;
    const effects: Ev[] = [];
    const next = this.rules.step(base, cmd, this.ctx, effects);
    this.previous = base;
    this.latest = next;
    this.latestTick = cmd.tick;
    this.predicted.set(cmd.tick, next);
    this.pending.push(cmd);
    if (this.pending.length > MAX_PENDING) this.predicted.delete(this.pending.shift()!.tick);
    return effects;
  }

  /** `replay` false (cl_reconcile 0): the server's state is taken as the present, unacked commands dropped. */
  reconcile(self: S, serverTick: Tick, replay: boolean, context: Ctx = this.rules.initialContext()): ReconcileOutcome {
    this.ctx = context;
    const guess = this.predicted.get(serverTick);
    const predictionError = guess !== undefined && !this.rules.same(guess, self);
    const errorDistance = guess !== undefined ? this.rules.distance(guess, self) : 0;
    this.pending = this.pending.filter((c) => c.tick > serverTick);
    for (const tick of [...this.predicted.keys()]) if (tick <= serverTick) this.predicted.delete(tick);
    if (!replay) {
      // The snap-back the demo shows: nothing of ours is replayed on top of the server's word.
      this.pending = [];
      this.predicted.clear();
      this.setLatest(self, self, Math.max(serverTick, this.latestTick));
      return { predictionError, errorDistance, replayed: 0 };
    }
    let state = self;
    let before = self;
    for (const cmd of this.pending) {
      before = state;
      state = this.rules.step(state, cmd, this.ctx, null);
      this.predicted.set(cmd.tick, state);
    }
    const last = this.pending[this.pending.length - 1];
    this.setLatest(state, before, last ? last.tick : serverTick);
    return { predictionError, errorDistance, replayed: this.pending.length };
  }

  /** Forgets everything (e.g. after a command-clock jump backwards). */
  reset(): void {
    this.pending = [];
    this.predicted.clear();
    this.latest = null;
    this.previous = null;
    this.latestTick = -1;
  }

  private setLatest(state: S, before: S, tick: Tick): void {
    this.latest = state;
    this.previous = before;
    this.latestTick = tick;
  }
}
