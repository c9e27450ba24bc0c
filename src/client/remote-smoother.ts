/**
 * RemoteSmoother: keeps other players from jumping on screen when the snapshot stream resumes
 * after a loss burst (an extrapolated position meeting the real path), without hiding teleports.
 *
 * Inputs: the remotes sampled from the interpolation buffer each frame, and the frame time.
 * Output: the same remotes, each drawn at most `maxStepSpeed` units per ms from where it was drawn on
 * the previous frame; the part of a jump beyond that becomes an offset that melts at `meltSpeed`
 * units per ms (ErrorSmoother), so the drawn path rejoins the real one within a few hundred ms.
 * Invariants: a teleport (the section's traits say: a respawn) or a newly seen entity is drawn exactly where
 * sampled; players that left are forgotten (memory follows the remotes on screen); no clock is read.
 */
import { ErrorSmoother } from './error-smoother';
import type { SampledEntity } from './interpolation-buffer';

interface Drawn<T> {
  x: number;
  y: number;
  state: T;
  atMs: number;
  smoother: ErrorSmoother;
}

/** Largest offset melted instead of snapped (units). */
const MAX_OFFSET = 256;

export class RemoteSmoother<T extends { id: number; x: number; y: number }> {
  private drawn = new Map<number, Drawn<T>>();

  constructor(
    private readonly maxStepSpeed: number,
    private readonly meltSpeed: number,
    private readonly teleported: (a: T, b: T) => boolean,
  ) {}

  apply(sampled: readonly SampledEntity<T>[], nowMs: number): SampledEntity<T>[] {
    const next = new Map<number, Drawn<T>>();
    const out = sampled.map((s) => {
      const r = s.state;
      const prev = this.drawn.get(r.id);
      const fresh = !prev || this.teleported(prev.state, r) || nowMs <= prev.atMs;
      const smoother = fresh ? new ErrorSmoother(MAX_OFFSET, this.meltSpeed) : prev.smoother;
      const offset = smoother.offset(nowMs);
      let x = r.x + offset.x;
      let y = r.y + offset.y;
      if (!fresh) {
        const step = Math.hypot(x - prev.x, y - prev.y);
        const allowed = this.maxStepSpeed * (nowMs - prev.atMs);
        if (step > allowed) {
          // Move only as far as a runner could; the rest of the jump melts away over the next frames.
          x = prev.x + ((x - prev.x) * allowed) / step;
          y = prev.y + ((y - prev.y) * allowed) / step;
          smoother.clear();
          smoother.carry(x - r.x, y - r.y, nowMs);
          const kept = smoother.offset(nowMs);
          x = r.x + kept.x;
          y = r.y + kept.y;
        }
      }
      next.set(r.id, { x, y, state: r, atMs: nowMs, smoother });
      return x === r.x && y === r.y ? s : { state: { ...r, x, y }, extrapolating: s.extrapolating };
    });
    this.drawn = next;
    return out;
  }
}
