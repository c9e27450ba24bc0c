/**
 * RunningPitch: Pushball's prediction context, the pitch as this client foresees it. It holds the
 * newest snapshot's world (`base`, tick S: what the own player's step reads, as before) and a
 * `world` run forward from it with the sim's own `stepPitch`, one tick per own command, in tick
 * order: the own player under its command, everyone else under NEUTRAL (their future inputs are
 * unknown; see sim/step.ts). Its ball is the predicted ball the view draws.
 *
 * Rules (held by test/unit/pushball/running-pitch.test.ts):
 *  - a step for tick S + 1 restarts the run from `base` (a replay starts over);
 *  - a step for a later tick than the next first steps the missing ticks with the last own command,
 *    as the server repeats a missing command (the step's own command when none came before);
 *  - a step that does not follow (a tick already run, or a gap past `MAX_GAP`), or one more than
 *    `MAX_RUN` ticks past the snapshot (no snapshot for seconds: a host gone quiet, a migration),
 *    stops the run: the ball is not predicted (`valid` false) until the next snapshot brings a
 *    fresh context. So a replay steps the pitch at most `MAX_RUN` times and keeps as many balls.
 * The run keeps the ball of every tick from S on, so the view can draw between two ticks and tell
 * how far a new snapshot's replay moved the ball it drew.
 */
import type { BallTrack } from './ball-track';
import { stepPitch, type BallState, type PitchPlayer, type PitchWorld, type PushCmd, type PushEvent } from '../sim';

/** Most missing ticks stepped with a repeated command (½ s at 60 Hz); beyond, the run stops. */
export const MAX_GAP = 30;
/** Most ticks run past the snapshot (4 s at 60 Hz, about the commands the predictor keeps). */
export const MAX_RUN = 240;

export class RunningPitch {
  private run: PitchWorld;
  /** Ball after each tick from `base.tick` on (index 0: the snapshot's). */
  private balls: BallState[];
  private lastCmd: PushCmd | null = null;
  /** The events of the newest tick run. */
  private events: readonly PushEvent[] = [];
  private stopped = false;
  /** The one command map every step hands stepPitch (read only during the call). */
  private readonly cmds = new Map<number, PushCmd>();

  /** `track`: what the client keeps across snapshots for drawing the ball (one per client), carried along. */
  constructor(
    readonly base: Readonly<PitchWorld>,
    readonly track: BallTrack | null = null,
  ) {
    this.run = base;
    this.balls = [base.ball];
  }

  /** The running world (the snapshot's until a step ran). */
  get world(): Readonly<PitchWorld> {
    return this.run;
  }
  /** The newest tick run. */
  get tick(): number {
    return this.run.tick;
  }
  /** False once a step did not follow: the run is no prediction any more. */
  get valid(): boolean {
    return !this.stopped;
  }

  /** The predicted ball after `tick` (between the snapshot's tick and the newest run), else undefined. */
  ballAt(tick: number): BallState | undefined {
    return this.stopped ? undefined : this.balls[tick - this.base.tick];
  }

  /** The own player in the running world (undefined when it is not on the pitch or the run stopped). */
  player(id: number): PitchPlayer | undefined {
    return this.stopped ? undefined : this.run.players.find((p) => p.id === id);
  }

  /** Player `id` kicked the ball in the newest tick run. */
  kicked(id: number): boolean {
    return this.events.some((e) => e.type === 'kick' && e.playerId === id);
  }

  /** Runs the pitch to `cmd.tick` with `cmd` for player `ownId` (see the rules above). */
  advance(ownId: number, cmd: PushCmd): void {
    if (cmd.tick === this.base.tick + 1) this.restart();
    if (this.stopped) return;
    const gap = cmd.tick - this.run.tick - 1;
    if (gap < 0 || gap > MAX_GAP || cmd.tick - this.base.tick > MAX_RUN) {
      this.stopped = true;
      return;
    }
    const held = this.lastCmd ?? cmd;
    for (let i = 0; i < gap; i++) this.stepOnce(ownId, held);
    this.stepOnce(ownId, cmd);
    this.lastCmd = cmd;
  }

  private restart(): void {
    this.run = this.base;
    this.balls = [this.base.ball];
    this.lastCmd = null;
    this.events = [];
    this.stopped = false;
  }

  private stepOnce(ownId: number, cmd: PushCmd): void {
    // Everyone else NEUTRAL: stepPitch moves a player without a command as under NEUTRAL.
    this.cmds.clear();
    this.cmds.set(ownId, cmd);
    const result = stepPitch(this.run, this.cmds);
    this.run = result.world;
    this.events = result.events;
    this.balls.push(this.run.ball);
  }
}
