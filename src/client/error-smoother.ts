/**
 * ErrorSmoother: hides prediction corrections from the eye (DESIGN §5.2, Source's cl_smooth).
 *
 * Inputs: `correct(dx, dy, nowMs, snap)` with the jump a reconciliation made (old drawn − new
 * predicted); `offset(nowMs, smoothMs)` each frame. Output: the visual offset to add to the
 * predicted position, decaying linearly to zero over `smoothMs` from the latest correction.
 * Invariants: a correction larger than `snapDistance`, or one marked `snap` (teleport, cl_smooth 0),
 * clears the offset so the player is drawn exactly where predicted.
 */
export const DEFAULT_SNAP_DISTANCE = 64;

export class ErrorSmoother {
  private startX = 0;
  private startY = 0;
  private startMs = 0;
  private smoothMs = 100;

  constructor(private readonly snapDistance: number = DEFAULT_SNAP_DISTANCE) {}

  offset(nowMs: number): { x: number; y: number } {
    const left = this.smoothMs <= 0 ? 0 : 1 - (nowMs - this.startMs) / this.smoothMs;
    if (left <= 0) return { x: 0, y: 0 };
    const k = Math.min(1, left);
    return { x: this.startX * k, y: this.startY * k };
  }

  correct(dx: number, dy: number, nowMs: number, smoothMs: number, snap: boolean): void {
    const current = this.offset(nowMs);
    const x = current.x + dx;
    const y = current.y + dy;
    const tooFar = Math.hypot(x, y) > this.snapDistance;
    this.startX = snap || tooFar ? 0 : x;
    this.startY = snap || tooFar ? 0 : y;
    this.startMs = nowMs;
    this.smoothMs = smoothMs;
  }

  clear(): void {
    this.startX = 0;
    this.startY = 0;
  }
}
