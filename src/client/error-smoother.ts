/**
 * ErrorSmoother: hides prediction corrections from the eye (DESIGN §5.2, Source's cl_smooth).
 *
 * Inputs: `correct(dx, dy, nowMs, snap)` with the jump a reconciliation made (old drawn − new
 * predicted); `offset(nowMs, smoothMs)` each frame. Output: the visual offset to add to the
 * predicted position, decaying linearly to zero over `smoothMs` from the latest correction.
 * Invariants: a correction larger than `snapDistance`, or one marked `snap` (teleport, cl_smooth 0),
 * clears the offset so the player is drawn exactly where predicted.
 *
 * A second part, `carry(dx, dy, nowMs)`, hides a jump of the command timeline (the client re-placed
 * its clock after the path got longer and predicted several ticks in one frame): that offset melts at
 * most `carrySpeed` units per ms, so the drawn player never moves faster than its own speed plus
 * that, however far the timeline jumped (up to `maxCarry`, beyond which it snaps).
 */
export const DEFAULT_SNAP_DISTANCE = 64;

export class ErrorSmoother {
  private startX = 0;
  private startY = 0;
  private startMs = 0;
  private smoothMs = 100;
  private carryX = 0;
  private carryY = 0;
  private carryMs = 0;

  constructor(
    private readonly snapDistance: number = DEFAULT_SNAP_DISTANCE,
    private readonly carrySpeed: number = Infinity,
    private readonly maxCarry: number = 4 * DEFAULT_SNAP_DISTANCE,
  ) {}

  offset(nowMs: number): { x: number; y: number } {
    const carry = this.carryAt(nowMs);
    const left = this.smoothMs <= 0 ? 0 : 1 - (nowMs - this.startMs) / this.smoothMs;
    if (left <= 0) return carry;
    const k = Math.min(1, left);
    return { x: this.startX * k + carry.x, y: this.startY * k + carry.y };
  }

  carry(dx: number, dy: number, nowMs: number): void {
    const current = this.carryAt(nowMs);
    const x = current.x + dx;
    const y = current.y + dy;
    const tooFar = Math.hypot(x, y) > this.maxCarry;
    this.carryX = tooFar ? 0 : x;
    this.carryY = tooFar ? 0 : y;
    this.carryMs = nowMs;
  }

  private carryAt(nowMs: number): { x: number; y: number } {
    const length = Math.hypot(this.carryX, this.carryY);
    if (length === 0) return { x: 0, y: 0 };
    const left = Math.max(0, length - Math.max(0, nowMs - this.carryMs) * this.carrySpeed);
    return { x: (this.carryX * left) / length, y: (this.carryY * left) / length };
  }

  correct(dx: number, dy: number, nowMs: number, smoothMs: number, snap: boolean): void {
    const current = this.offset(nowMs);
    const x = current.x + dx;
    const y = current.y + dy;
    const tooFar = Math.hypot(x, y) > this.snapDistance;
    if (snap) this.carry(-this.carryX, -this.carryY, nowMs);
    this.startX = snap || tooFar ? 0 : x;
    this.startY = snap || tooFar ? 0 : y;
    this.startMs = nowMs;
    this.smoothMs = smoothMs;
  }

  clear(): void {
    this.startX = 0;
    this.startY = 0;
    this.carryX = 0;
    this.carryY = 0;
  }
}
