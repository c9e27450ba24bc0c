/**
 * What the Pushball harness measures on the drawn ball, frame by frame: how far it moves (against
 * its top speed), how far it moves beyond what its own velocity explains (a correction the eye
 * sees), and how many frames the chaser's own kick takes to show on the ball it draws.
 */
import type { PushballView } from '../../src/pushball/client/pushball-client-game';
import { config } from '../../src/pushball/sim';

/** A frame move this long is a reset to the centre (a kickoff after a goal): left out. */
const RESET_MOVE = 300;
/** A move beyond its velocity by more than this (units a frame) is counted as a visible correction. */
export const VISIBLE_CORRECTION = 5;

export interface BallWatch {
  watch(v: PushballView): void;
  /** Frame moves compared (resets left out). */
  n: number;
  largest: number;
  /** Moves over `limit(budget)`: the ball's top speed in a frame (with the clock's slew) plus `budget` units/s. */
  over(budgetPerSecond: number): number;
  /**
   * Largest move beyond the velocity (the mean of the frame's two) and how many exceed
   * VISIBLE_CORRECTION, on frames drawn predicted and interpolated (a bounce in the net shows here
   * too: the velocity turns within the frame).
   */
  largestCorrection: { predicted: number; interpolated: number };
  corrections: number;
}

export function moveLimit(frameMs: number, budgetPerSecond: number): number {
  return (config.BALL_MAX_SPEED + budgetPerSecond) * (frameMs / 1000) * 1.06 + 0.1;
}

export function ballWatcher(frameMs: number): BallWatch {
  let prev: { x: number; y: number; vx: number; vy: number } | null = null;
  const moves: number[] = [];
  const w: BallWatch = {
    n: 0,
    largest: 0,
    largestCorrection: { predicted: 0, interpolated: 0 },
    corrections: 0,
    over: (budget) => moves.filter((d) => d > moveLimit(frameMs, budget)).length,
    watch(v) {
      const b = v.ball;
      if (b && prev) {
        const d = Math.hypot(b.x - prev.x, b.y - prev.y);
        if (d < RESET_MOVE) {
          w.n++;
          moves.push(d);
          w.largest = Math.max(w.largest, d);
          const dt = frameMs / 1000;
          const ex = b.x - prev.x - ((b.vx + prev.vx) / 2) * dt;
          const ey = b.y - prev.y - ((b.vy + prev.vy) / 2) * dt;
          const c = Math.hypot(ex, ey);
          const kind = v.ballPredicted ? 'predicted' : 'interpolated';
          w.largestCorrection[kind] = Math.max(w.largestCorrection[kind], c);
          if (c > VISIBLE_CORRECTION) w.corrections++;
        }
      }
      prev = b ? { x: b.x, y: b.y, vx: b.vx, vy: b.vy } : null;
    },
  };
  return w;
}

export interface KickWatch {
  watch(v: PushballView): void;
  /** Frames from each own predicted kick to the drawn ball moving away (within a second). */
  frames: number[];
  /** Kicks whose ball never moved away within a second (a guessed kick the server did not have). */
  none: number;
}

/** Longest wait for a kick to show, in frames. */
const KICK_WAIT = 60;
/** The kick changed the ball's frame move, away from the kicker, by this much (0.4 of a kick). */
const KICK_SHOWN = (0.4 * config.KICK_SPEED) / 60;

export function kickWatcher(): KickWatch {
  let prev: { x: number; y: number } | null = null;
  let before: { dx: number; dy: number } | null = null;
  let pending: { frame: number; before: { dx: number; dy: number } } | null = null;
  let frame = 0;
  const k: KickWatch = {
    frames: [],
    none: 0,
    watch(v) {
      frame++;
      const b = v.ball;
      const me = v.local;
      const move = b && prev ? { dx: b.x - prev.x, dy: b.y - prev.y } : null;
      const kicked = v.events.some((e) => e.predicted && e.event.type === 'kick' && e.event.playerId === v.localId);
      if (kicked && !pending && before) pending = { frame, before };
      if (pending && b && me && move) {
        const ax = b.x - me.drawX;
        const ay = b.y - me.drawY;
        const len = Math.hypot(ax, ay) || 1;
        const away = ((move.dx - pending.before.dx) * ax + (move.dy - pending.before.dy) * ay) / len;
        if (away >= KICK_SHOWN) {
          k.frames.push(frame - pending.frame);
          pending = null;
        } else if (frame - pending.frame > KICK_WAIT) {
          k.none++;
          pending = null;
        }
      }
      before = move;
      prev = b ? { x: b.x, y: b.y } : null;
    },
  };
  return k;
}

/** The p-th quantile (0..1) of `xs` (NaN when empty). */
export function quantile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}
