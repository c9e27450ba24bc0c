/**
 * Predictor: client-side prediction and server reconciliation of the local player (DESIGN §5.2).
 *
 * Inputs: `predict(cmd)` once per new command tick (the sim's `playerTick`, the very function the
 * server's world step runs for every player, with no blockers); `reconcile(self, serverTick, replay)` for each newest snapshot, where `self` is the
 * player at the end of `serverTick`.
 * Outputs: the newest predicted state and the one before it (to draw between them), the predicted
 * state for any kept tick, first-time effects of each command, and per reconcile whether the
 * prediction for `serverTick` was wrong.
 * Invariants: kept commands and predicted states all have tick > the last reconciled tick; a replay
 * never emits effects; fields only the server decides (health, alive, scores, respawn, teleport)
 * always come from the newest `self`, since every prediction starts from it.
 * Match rules (protocol 3): with the newest snapshot's match block, commands are frozen while the
 * match is not in play and pickups are predicted (both inside `playerTick`) against the snapshot's
 * pickup timers plus our own predicted takes. A
 * replay starts again from the server's timers, so a take the server refused (someone was first)
 * simply does not happen again: health and ammo fall back, the position never moves for it.
 */
import { weaponDef, type SimConfig } from '../sim/config';
import { traceShot } from '../sim/hitscan';
import { newPlayerStepScratch, type ShotIntent } from '../sim/player';
import { playerTick } from '../sim/player-tick';
import type { PublicMatchState } from '../sim/match-types';
import type { ArenaMap, Hitbox, PlayerState, SimEvent, Tick, UserCmd } from '../sim/types';

export interface ReconcileOutcome {
  /** A predicted state existed for `serverTick` and differs from the server's. */
  predictionError: boolean;
  /** Distance between predicted and server position at `serverTick` (0 when none compared). */
  errorDistance: number;
  /** Commands replayed on top of the server state. */
  replayed: number;
}

const NO_BLOCKERS: readonly Hitbox[] = [];

/** Most commands kept unacknowledged (≈ 4 s at 60 Hz): the server rejects anything older anyway. */
const MAX_PENDING = 256;

export class Predictor {
  private pending: UserCmd[] = [];
  private readonly predicted = new Map<Tick, PlayerState>();
  private latest: PlayerState | null = null;
  private previous: PlayerState | null = null;
  private latestTick: Tick = -1;
  /** The newest snapshot's match block (null: no rules, free play) and the pickup timers as predicted. */
  private match: PublicMatchState | null = null;
  private pickups: Tick[] = [];
  private readonly scratch = newPlayerStepScratch();

  constructor(private cfg: SimConfig) {}

  /** A new match on another map: predict against its walls and pickups from now on. */
  setMap(map: ArenaMap): void {
    this.cfg = { ...this.cfg, map };
  }

  /** Pickup timers as this client predicts them (the server's plus our own takes since): 0 = there. */
  get predictedPickups(): readonly Tick[] {
    return this.pickups;
  }

  /** One predicted tick: the server's own `playerTick`, with no blockers (the others are in the past). */
  private step(
    state: PlayerState,
    cmd: UserCmd,
    pickups: Tick[],
  ): { player: PlayerState; events: SimEvent[]; shot: ShotIntent | null } {
    const events: SimEvent[] = [];
    const scratch = this.scratch;
    const player = playerTick({
      player: state,
      cmd,
      tick: cmd.tick,
      cfg: this.cfg,
      match: this.match,
      pickups,
      blockers: NO_BLOCKERS,
      events,
      scratch,
    });
    return { player, events, shot: scratch.fired ? { ...scratch.shot } : null };
  }

  /** Newest predicted state (null before the first snapshot). */
  get state(): PlayerState | null {
    return this.latest;
  }
  /** The predicted state one tick before `state` (equal to it right after a snapshot with nothing to replay). */
  get previousState(): PlayerState | null {
    return this.previous;
  }
  get tick(): Tick {
    return this.latestTick;
  }
  get pendingCount(): number {
    return this.pending.length;
  }

  stateAt(tick: Tick): PlayerState | undefined {
    return this.predicted.get(tick);
  }

  /**
   * Predicts one new command. Returns its first-time effects ('fired' with a tracer end traced
   * against walls only, 'reloaded', 'switched'), or null when it cannot be predicted (no server
   * state yet, or a tick not after the newest predicted one).
   */
  predict(cmd: UserCmd): SimEvent[] | null {
    const base = this.latest;
    if (!base || cmd.tick <= this.latestTick) return null;
    const step = this.step(base, cmd, this.pickups);
    this.previous = base;
    this.latest = step.player;
    this.latestTick = cmd.tick;
    this.predicted.set(cmd.tick, step.player);
    this.pending.push(cmd);
    if (this.pending.length > MAX_PENDING) this.predicted.delete(this.pending.shift()!.tick);
    return step.shot ? [this.firedEvent(step.shot), ...step.events] : step.events;
  }

  reconcile(
    self: PlayerState,
    serverTick: Tick,
    replay: boolean,
    match: PublicMatchState | null = null,
  ): ReconcileOutcome {
    this.match = match;
    this.pickups = match ? match.pickups.slice() : [];
    const guess = this.predicted.get(serverTick);
    const predictionError = guess !== undefined && !samePrediction(guess, self);
    const errorDistance = guess ? Math.hypot(guess.x - self.x, guess.y - self.y) : 0;
    this.pending = this.pending.filter((c) => c.tick > serverTick);
    for (const tick of [...this.predicted.keys()]) if (tick <= serverTick) this.predicted.delete(tick);
    if (!replay) {
      // cl_reconcile 0: take the server's word as the present (the snap-back the demo shows).
      this.pending = [];
      this.predicted.clear();
      this.setLatest(self, self, Math.max(serverTick, this.latestTick));
      return { predictionError, errorDistance, replayed: 0 };
    }
    let state = self;
    let before = self;
    for (const cmd of this.pending) {
      before = state;
      state = this.step(state, cmd, this.pickups).player;
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

  private setLatest(state: PlayerState, before: PlayerState, tick: Tick): void {
    this.latest = state;
    this.previous = before;
    this.latestTick = tick;
  }

  private firedEvent(shot: ShotIntent): SimEvent {
    const def = weaponDef(shot.weapon);
    // Tracer end from walls only: whether a player was hit is the server's call.
    const trace =
      def.projectileSpeed > 0
        ? { endX: shot.x, endY: shot.y }
        : traceShot(this.cfg.map, shot.x, shot.y, shot.aim, def.range, [], shot.shooter);
    return {
      type: 'fired',
      shooter: shot.shooter,
      weapon: shot.weapon,
      x: shot.x,
      y: shot.y,
      aim: shot.aim,
      endX: trace.endX,
      endY: trace.endY,
    };
  }
}

/** Every field prediction computes; server-only fields (health, scores, respawn) are not compared. */
export function samePrediction(a: PlayerState, b: PlayerState): boolean {
  return (
    a.x === b.x &&
    a.y === b.y &&
    a.vx === b.vx &&
    a.vy === b.vy &&
    a.aim === b.aim &&
    a.crouch === b.crouch &&
    a.alive === b.alive &&
    a.weapon === b.weapon &&
    a.nextFireTick === b.nextFireTick &&
    a.reloadEndTick === b.reloadEndTick &&
    a.deployEndTick === b.deployEndTick &&
    a.teleportSeq === b.teleportSeq &&
    a.ammo.length === b.ammo.length &&
    a.ammo.every((n, i) => n === b.ammo[i])
  );
}
