/**
 * The ball on its own: drag, movement with bounces off the walls, goal posts and nets, and the
 * goal-line test. Walls are axis-aligned segments; the ball moves in substeps of at most
 * MAX_SUBSTEP per axis (less than its radius), so even the fastest ball at the lowest tickrate
 * cannot pass through a wall or a post between two checks.
 */
import {
  BALL_DAMPING,
  BALL_FRICTION,
  BALL_MAX_SPEED,
  BALL_RADIUS,
  FIELD_X0,
  FIELD_X1,
  FIELD_Y0,
  FIELD_Y1,
  GOAL_DEPTH,
  GOAL_Y0,
  GOAL_Y1,
  WALL_BOUNCE,
} from './config';
import { quantizePos, quantizeVel } from './quantize';
import type { BallState, PitchTeam } from './types';

/** An axis-aligned wall segment, x0 <= x1 and y0 <= y1 (one pair equal). */
interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const seg = (x0: number, y0: number, x1: number, y1: number): Segment => ({ x0, y0, x1, y1 });
const NET_L = FIELD_X0 - GOAL_DEPTH;
const NET_R = FIELD_X1 + GOAL_DEPTH;

/** The field walls with a gap for each goal mouth, and each goal's net (top, bottom, back). */
export const WALLS: readonly Segment[] = [
  seg(FIELD_X0, FIELD_Y0, FIELD_X1, FIELD_Y0),
  seg(FIELD_X0, FIELD_Y1, FIELD_X1, FIELD_Y1),
  seg(FIELD_X0, FIELD_Y0, FIELD_X0, GOAL_Y0),
  seg(FIELD_X0, GOAL_Y1, FIELD_X0, FIELD_Y1),
  seg(FIELD_X1, FIELD_Y0, FIELD_X1, GOAL_Y0),
  seg(FIELD_X1, GOAL_Y1, FIELD_X1, FIELD_Y1),
  seg(NET_L, GOAL_Y0, FIELD_X0, GOAL_Y0),
  seg(NET_L, GOAL_Y1, FIELD_X0, GOAL_Y1),
  seg(NET_L, GOAL_Y0, NET_L, GOAL_Y1),
  seg(FIELD_X1, GOAL_Y0, NET_R, GOAL_Y0),
  seg(FIELD_X1, GOAL_Y1, NET_R, GOAL_Y1),
  seg(NET_R, GOAL_Y0, NET_R, GOAL_Y1),
];

/** Largest per-axis move between two wall checks: under half the radius, so the centre never crosses a wall. */
const MAX_SUBSTEP = BALL_RADIUS / 4;

/**
 * Pushes the ball out of every wall it overlaps, along the line from the nearest wall point to its
 * centre (a segment's end, i.e. a goal post, acts as a round post), and reflects the approaching
 * part of its velocity with WALL_BOUNCE. Mutates the ball.
 */
function bounceOffWalls(ball: BallState): void {
  for (const w of WALLS) {
    const dx = ball.x - Math.min(Math.max(ball.x, w.x0), w.x1);
    const dy = ball.y - Math.min(Math.max(ball.y, w.y0), w.y1);
    const d2 = dx * dx + dy * dy;
    // d2 === 0 (centre on a wall) cannot happen with substeps shorter than the radius; skipping avoids 0/0.
    if (d2 >= BALL_RADIUS * BALL_RADIUS || d2 === 0) continue;
    const d = Math.sqrt(d2);
    const nx = dx / d;
    const ny = dy / d;
    ball.x += nx * (BALL_RADIUS - d);
    ball.y += ny * (BALL_RADIUS - d);
    const vn = ball.vx * nx + ball.vy * ny;
    if (vn < 0) {
      ball.vx -= (1 + WALL_BOUNCE) * vn * nx;
      ball.vy -= (1 + WALL_BOUNCE) * vn * ny;
    }
  }
}

/** How many substeps a move of (dx, dy) needs. */
function substeps(dx: number, dy: number): number {
  return Math.max(1, Math.ceil(Math.max(Math.abs(dx), Math.abs(dy)) / MAX_SUBSTEP));
}

/** One tick of drag: speed loses a share of itself and a constant, never past zero. Mutates the ball. */
export function dampBall(ball: BallState, tickrate: number): void {
  const speed = Math.sqrt(ball.vx * ball.vx + ball.vy * ball.vy);
  if (speed === 0) return;
  const slower = Math.max(speed * (1 - BALL_DAMPING / tickrate) - BALL_FRICTION / tickrate, 0);
  ball.vx *= slower / speed;
  ball.vy *= slower / speed;
}

/** One tick of flight at the ball's velocity, bouncing off walls (the velocity after a bounce carries on). */
export function moveBall(ball: BallState, tickrate: number): void {
  const n = substeps(ball.vx / tickrate, ball.vy / tickrate);
  for (let i = 0; i < n; i++) {
    // Bounces only slow the ball, so every substep stays within MAX_SUBSTEP.
    ball.x += ball.vx / tickrate / n;
    ball.y += ball.vy / tickrate / n;
    bounceOffWalls(ball);
  }
}

/** Moves the ball by (dx, dy) without touching its velocity (a push out of a player), stopped by walls. */
export function shoveBall(ball: BallState, dx: number, dy: number): void {
  const n = substeps(dx, dy);
  for (let i = 0; i < n; i++) {
    ball.x += dx / n;
    ball.y += dy / n;
    bounceOffWalls(ball);
  }
}

/** Caps the speed at BALL_MAX_SPEED, then rounds onto the 1/16 grid. Mutates the ball. */
export function settleBall(ball: BallState): void {
  const speed = Math.sqrt(ball.vx * ball.vx + ball.vy * ball.vy);
  const scale = speed > BALL_MAX_SPEED ? BALL_MAX_SPEED / speed : 1;
  ball.vx = quantizeVel(ball.vx * scale);
  ball.vy = quantizeVel(ball.vy * scale);
  ball.x = quantizePos(ball.x);
  ball.y = quantizePos(ball.y);
}

/**
 * The team that scores if the ball is in a goal: fully past the goal line (its edge strictly
 * beyond it) and inside the mouth. The left goal is team 0's, so a ball in it scores for team 1.
 */
export function scoringTeam(ball: Readonly<BallState>): PitchTeam | null {
  if (ball.y <= GOAL_Y0 || ball.y >= GOAL_Y1) return null;
  if (ball.x + BALL_RADIUS < FIELD_X0) return 1;
  if (ball.x - BALL_RADIUS > FIELD_X1) return 0;
  return null;
}
