/**
 * ErrorSmoother: hides prediction corrections from the eye (DESIGN §5.2, Source's cl_smooth).
 *
 * Inputs: `correct(dx, dy, nowMs, smoothMs, snap)` with the jump a reconciliation made (old drawn −
 * new predicted); `carry(dx, dy, nowMs)` with a jump of the command timeline (the client re-placed
 * its clock after the path got longer and predicted several ticks in one frame); `offset(nowMs)`
 * each frame. Output: the visual offset to add to the predicted position.
 * Invariants: the offset melts linearly: a correction over `smoothMs`, a carry at the top speed; and
 * never faster than `maxSpeed` units per ms, so the drawn player never moves faster than its own
 * speed plus that, however large the correction. An offset beyond `snapDistance`, or a correction
 * marked `snap` (teleport, cl_smooth 0), clears it: the player is drawn exactly where predicted.
 * A carry marked `pastSnap` (a host migration: the new server has the player where the old one last
 * saw it) may exceed `snapDistance`; the offset keeps that right, through later corrections, until
 * it has melted away (a snap would be a drawn jump the length of the outage).
 */
export const DEFAULT_SNAP_DISTANCE = 64;

export class ErrorSmoother {
  private x = 0;
  private y = 0;
  private atMs = 0;
  /** Units per ms the offset shrinks by. */
  private speed = 0;
  /** The offset came from a carry past the snap distance and has not melted yet. */
  private beyondSnap = false;

  constructor(
    private readonly snapDistance: number = DEFAULT_SNAP_DISTANCE,
    private readonly maxSpeed: number = Infinity,
  ) {}

  offset(nowMs: number): { x: number; y: number } {
    const length = Math.hypot(this.x, this.y);
    if (length === 0) return { x: 0, y: 0 };
    const left = Math.max(0, length - Math.max(0, nowMs - this.atMs) * this.speed);
    if (left === 0) return { x: 0, y: 0 };
    return { x: (this.x * left) / length, y: (this.y * left) / length };
  }

  correct(dx: number, dy: number, nowMs: number, smoothMs: number, snap: boolean): void {
    this.set(dx, dy, nowMs, snap, (length) => (smoothMs > 0 ? length / smoothMs : Infinity));
  }

  carry(dx: number, dy: number, nowMs: number, pastSnap = false): void {
    this.set(dx, dy, nowMs, false, () => this.maxSpeed, pastSnap);
  }

  clear(): void {
    this.x = 0;
    this.y = 0;
    this.beyondSnap = false;
  }

  private set(
    dx: number,
    dy: number,
    nowMs: number,
    snap: boolean,
    speedFor: (length: number) => number,
    pastSnap = false,
  ): void {
    const current = this.offset(nowMs);
    const x = current.x + dx;
    const y = current.y + dy;
    const length = Math.hypot(x, y);
    const mayExceed = pastSnap || (this.beyondSnap && (current.x !== 0 || current.y !== 0));
    const cleared = snap || (!mayExceed && length > this.snapDistance);
    this.beyondSnap = mayExceed && !cleared;
    this.x = cleared ? 0 : x;
    this.y = cleared ? 0 : y;
    this.atMs = nowMs;
    this.speed = Math.min(this.maxSpeed, speedFor(length));
  }
}
