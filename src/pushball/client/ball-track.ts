/**
 * BallTrack: where one client draws the ball, frame after frame. Two sources: the predicted ball
 * (the running pitch's, running-pitch.ts, on the own player's timeline: a kick shows at once) and
 * the interpolated one (the netcode's, in the past with the other players: late, but never wrong).
 * Whichever is drawn, a jump of the source (a new snapshot's replay moved the predicted ball, or the
 * track switched sources) becomes a visual offset that melts at a capped speed, the netcode's own
 * ErrorSmoother (src/client/error-smoother.ts), so the drawn ball never moves faster than its own
 * speed plus `MELT_SPEED`. A teleport (the kickoff reset, a jump past `SNAP_DISTANCE`) is drawn at once.
 *
 * Modes: 'predict' draws the predicted ball whenever there is one; 'hybrid' only while the own
 * player is near it or touched it last and it is not far (others' inputs are unknown to the
 * prediction: a ball another player plays is corrected by each snapshot, so it is drawn in the past
 * instead); 'interpolate' never. One track per client: contexts carry it from snapshot to snapshot.
 */
import { ErrorSmoother } from '../../client/error-smoother';
import type { SampledEntity } from '../../client/interpolation-buffer';
import type { BallEntity } from '../protocol/pushball-wire';
import { config, type BallState } from '../sim';
import type { RunningPitch } from './running-pitch';

export type BallMode = 'predict' | 'hybrid' | 'interpolate';

/** Offsets melt at most this fast (units per second): the drawn ball's speed budget above its own. */
export const MELT_SPEED = 240;
/** A correction is melted over this long when that is slower than `MELT_SPEED`. */
const SMOOTH_MS = 100;
/** A source jump longer than this is drawn at once (a kickoff reset moves the ball ≥ 200 units). */
export const SNAP_DISTANCE = 150;
/** The ball moves at most BALL_MAX_SPEED a tick; farther in one tick is a reset. */
const TELEPORT_PER_TICK = 1.5 * config.BALL_MAX_SPEED;
/** Hybrid: start predicting within this distance of the own player, keep it within the next. */
const NEAR_ENTER = 80;
const NEAR_LEAVE = 140;
/** Hybrid: a ball the own player touched last stays predicted up to this far. */
const OWN_TOUCH_REACH = 260;

export interface BallFrame {
  /** The prediction's context now (null: the client does not predict). */
  ctx: RunningPitch | null;
  interp: SampledEntity<BallEntity> | undefined;
  /** The own player as drawn (null before the first snapshot). */
  own: { x: number; y: number } | null;
  localId: number;
  /** The command timeline's time now, in fractional ticks (where the own player is drawn). */
  commandTick: number;
  tickrate: number;
}

export interface DrawnBall extends BallEntity {
  extrapolating: boolean;
  /** Drawn from the prediction (with any melting offset), not interpolated. */
  predicted: boolean;
}

/** The predicted ball at fractional tick `time`: between the two ticks around it, never across a reset. */
export function predictedBallAt(ctx: RunningPitch, time: number, tickrate: number): BallState | undefined {
  const t0 = Math.floor(time);
  const a = ctx.ballAt(t0);
  const b = ctx.ballAt(t0 + 1);
  if (!a || !b) return a ?? b;
  const f = time - t0;
  if (Math.hypot(b.x - a.x, b.y - a.y) > TELEPORT_PER_TICK / tickrate) return f < 0.5 ? a : b;
  return {
    ...b,
    x: a.x + (b.x - a.x) * f,
    y: a.y + (b.y - a.y) * f,
    vx: a.vx + (b.vx - a.vx) * f,
    vy: a.vy + (b.vy - a.vy) * f,
  };
}

interface Sources {
  pred: BallState | undefined;
  interp: BallState | undefined;
}

interface Shown {
  ctx: RunningPitch | null;
  /** The fractional tick the predicted ball was drawn at, and the source's position then. */
  time: number;
  raw: { x: number; y: number };
  predicted: boolean;
}

export class BallTrack {
  private readonly smoother = new ErrorSmoother(SNAP_DISTANCE, MELT_SPEED / 1000);
  private last: Shown | null = null;
  private predicting = false;
  /** Source jumps melted (count, largest), snapped (too long to melt), and resets drawn at once. */
  readonly corrections = { melted: 0, largest: 0, snapped: 0, resets: 0 };

  constructor(readonly mode: BallMode = 'hybrid') {}

  draw(f: BallFrame): DrawnBall | null {
    const ctx = f.ctx?.valid ? f.ctx : null;
    const time = ctx ? ctx.tick - 1 + Math.min(1, Math.max(0, f.commandTick - ctx.tick)) : 0;
    const sources: Sources = {
      pred: ctx ? predictedBallAt(ctx, time, f.tickrate) : undefined,
      interp: f.interp?.state,
    };
    const predicted = this.choose(sources, f);
    const raw = predicted ? sources.pred : sources.interp;
    if (!raw) {
      this.last = null;
      return null;
    }
    const nowMs = (f.commandTick * 1000) / f.tickrate;
    const last = this.last;
    // The source itself jumped (a reset to the kickoff spot, a goal): drawn at once, nothing melts.
    if (last && Math.hypot(raw.x - last.raw.x, raw.y - last.raw.y) > SNAP_DISTANCE) {
      this.corrections.resets++;
      this.smoother.clear();
    } else if (last) {
      const jump = this.sourceJump(last, ctx, predicted, sources, raw, f.tickrate);
      if (jump) this.absorb(jump.x, jump.y, nowMs, last.predicted !== predicted);
    }
    this.last = { ctx, time, raw: { x: raw.x, y: raw.y }, predicted };
    this.predicting = predicted;
    const offset = this.smoother.offset(nowMs);
    return {
      ...raw,
      id: 0,
      x: raw.x + offset.x,
      y: raw.y + offset.y,
      extrapolating: predicted ? false : (f.interp?.extrapolating ?? false),
      predicted,
    };
  }

  /**
   * How far the drawn source moved by itself rather than by the ball's motion (old − new at the same
   * time): a switch of source (both sources now), or a new snapshot's replay (the old run's ball
   * against the new run's, at the time drawn last frame).
   */
  private sourceJump(
    last: Shown,
    ctx: RunningPitch | null,
    predicted: boolean,
    sources: Sources,
    raw: BallState,
    tickrate: number,
  ): { x: number; y: number } | null {
    if (last.predicted !== predicted) {
      // The old source now, or where it was last frame when it has no position now.
      const old = (last.predicted ? sources.pred : sources.interp) ?? last.raw;
      return { x: old.x - raw.x, y: old.y - raw.y };
    }
    if (!predicted || !ctx || ctx === last.ctx) return null;
    const again = predictedBallAt(ctx, last.time, tickrate);
    return again ? { x: last.raw.x - again.x, y: last.raw.y - again.y } : null;
  }

  /** Melts a source jump (a switch at the capped speed); a correction past `SNAP_DISTANCE` is drawn at once. */
  private absorb(dx: number, dy: number, nowMs: number, switched: boolean): void {
    const length = Math.hypot(dx, dy);
    if (length === 0) return;
    if (length > SNAP_DISTANCE) {
      this.corrections.snapped++;
      this.smoother.clear();
      return;
    }
    this.corrections.melted++;
    this.corrections.largest = Math.max(this.corrections.largest, length);
    if (switched) this.smoother.carry(dx, dy, nowMs);
    else this.smoother.correct(dx, dy, nowMs, SMOOTH_MS, false);
  }

  /**
   * The source this frame draws. A switch waits while the two disagree by more than `SNAP_DISTANCE`
   * (a fast ball a round trip apart, or one source already reset after a goal): it would be a slide
   * of the drawn ball across the pitch; they agree again once the ball slows or both have reset.
   */
  private choose(sources: Sources, f: BallFrame): boolean {
    const { pred, interp } = sources;
    const wanted = pred !== undefined && this.wants(pred, f);
    if (!this.last || this.last.predicted === wanted || !pred || !interp) return wanted;
    return Math.hypot(pred.x - interp.x, pred.y - interp.y) > SNAP_DISTANCE ? this.last.predicted : wanted;
  }

  /** Whether this frame would draw the predicted ball (the mode's rule; hybrid with hysteresis). */
  private wants(pred: BallState, f: BallFrame): boolean {
    if (this.mode !== 'hybrid') return this.mode === 'predict';
    if (!f.own) return false;
    const d = Math.hypot(pred.x - f.own.x, pred.y - f.own.y);
    if (pred.lastTouch === f.localId && d < OWN_TOUCH_REACH) return true;
    return d < (this.predicting ? NEAR_LEAVE : NEAR_ENTER);
  }
}
