/**
 * LocalSmoothing: where the own player is drawn (DESIGN §5.2): its predicted position plus an
 * offset that hides what the eye should not see jump: reconciliation corrections, forward jumps of
 * the command timeline, and the correction a new server brings after a host migration.
 *
 * Inputs: `corrected(before, after, …)` after each reconcile (the predicted state before and after);
 * `jumped(source, now)` when the command timeline jumped forward (the skipped ticks were predicted
 * in one frame); `draw(source, now)` each frame. Output: the LocalPlayerView to draw.
 * Invariants: every offset melts at most at 0.4 × the top speed, so the drawn player stays under
 * 1.5 × max speed (frames and ticks are not phase-locked: a frame may show a little more than one
 * frame's motion); offsets up to 4 × the classic snap distance are melted, not snapped, and a host
 * migration's whatever its size; a teleport (the game's `continuous` says) or cl_smooth 0 snaps.
 * No clock is read.
 */
import type { Cvars } from '../config/cvars';
import { DEFAULT_SNAP_DISTANCE, ErrorSmoother } from './error-smoother';
import { buildLocalView, type LocalSource } from './view-builder';
import type { LocalView } from './client-game';

export class LocalSmoothing<S extends { x: number; y: number }> {
  private readonly smoother: ErrorSmoother;
  private lastDrawn: { x: number; y: number; state: S } | null = null;

  /**
   * @param maxSpeed the own entity's top speed, world units per second: offsets melt at 0.4 × it
   * @param continuous the game's "after continues before" (false: a teleport, drawn at once)
   */
  constructor(
    maxSpeed: number,
    private readonly continuous: (before: S, after: S) => boolean,
  ) {
    this.smoother = new ErrorSmoother(4 * DEFAULT_SNAP_DISTANCE, (0.4 * maxSpeed) / 1000);
  }

  /**
   * A reconcile moved the prediction from `before` to `after`. `migrated`: the first snapshot of a
   * new server, which has us where the old one last saw us (before the outage): the whole distance
   * walked since is melted at the capped speed, a slide rather than a jump.
   */
  corrected(before: S, after: S, nowMs: number, cvars: Readonly<Cvars>, migrated: boolean): void {
    const snap = cvars.cl_smooth === 0 || !this.continuous(before, after);
    if (migrated && !snap) this.smoother.carry(before.x - after.x, before.y - after.y, nowMs, true);
    else this.smoother.correct(before.x - after.x, before.y - after.y, nowMs, cvars.cl_smoothtime * 1000, snap);
  }

  /**
   * The command timeline jumped forward (a longer path, a new server): the player stays where it was
   * last drawn and walks the skipped ticks off at the smoother's speed, instead of teleporting along them.
   */
  jumped(source: LocalSource<S> | null, nowMs: number): void {
    const drawn = this.lastDrawn;
    const raw = drawn ? buildLocalView(source, { x: 0, y: 0 }, this.continuous) : null;
    if (!raw || !drawn || !this.continuous(drawn.state, raw.state)) return;
    const offset = this.smoother.offset(nowMs);
    this.smoother.carry(drawn.x - raw.drawX - offset.x, drawn.y - raw.drawY - offset.y, nowMs);
  }

  /** The local player as drawn now (predicted, between its last two ticks, plus the smoothing offset). */
  draw(source: LocalSource<S> | null, nowMs: number): LocalView<S> | null {
    const local = buildLocalView(source, this.smoother.offset(nowMs), this.continuous);
    this.lastDrawn = local ? { x: local.drawX, y: local.drawY, state: local.state } : null;
    return local;
  }

  clear(): void {
    this.smoother.clear();
  }
}
