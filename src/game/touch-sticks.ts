/**
 * Two floating virtual sticks from touch points (pure: coordinates in, sticks out; the DOM side is
 * touch-controls.ts). A finger that lands on the left half of the screen becomes the move stick,
 * one on the right half the aim stick; the stick's base is where the finger landed, and a finger
 * dragged past the radius pulls the base along, so turning around never needs the thumb to travel
 * back across the base.
 *
 * Inputs: pointer down/move/up with a pointer id and CSS pixel coordinates, the screen width.
 * Outputs: each stick as `{ x, y }` in [-1, 1] (x right, y down) plus where to draw it.
 * Invariants: one finger per stick (a second finger on an occupied side is ignored until the first
 * lifts); a lifted or cancelled finger centres its stick at once.
 */
import { CENTRED, type Stick } from './stick';

export type StickSide = 'move' | 'aim';

/** Distance (CSS px) from the base at which the stick reads as fully pushed. */
export const STICK_RADIUS = 56;

export interface StickTouch {
  pointerId: number;
  baseX: number;
  baseY: number;
  knobX: number;
  knobY: number;
}

export class TouchSticks {
  private readonly touches: Record<StickSide, StickTouch | null> = { move: null, aim: null };

  /** A finger landed; returns the side it took, or null when that side already has a finger. */
  down(pointerId: number, x: number, y: number, screenWidth: number): StickSide | null {
    const side: StickSide = x < screenWidth / 2 ? 'move' : 'aim';
    if (this.touches[side]) return null;
    this.touches[side] = { pointerId, baseX: x, baseY: y, knobX: x, knobY: y };
    return side;
  }

  move(pointerId: number, x: number, y: number): void {
    const t = this.find(pointerId);
    if (!t) return;
    const dx = x - t.baseX;
    const dy = y - t.baseY;
    const d = Math.hypot(dx, dy);
    if (d > STICK_RADIUS) {
      // Drag the base behind the finger so the stick stays at full deflection in the new direction.
      t.baseX = x - (dx / d) * STICK_RADIUS;
      t.baseY = y - (dy / d) * STICK_RADIUS;
    }
    t.knobX = x;
    t.knobY = y;
  }

  up(pointerId: number): void {
    for (const side of ['move', 'aim'] as const)
      if (this.touches[side]?.pointerId === pointerId) this.touches[side] = null;
  }

  clear(): void {
    this.touches.move = null;
    this.touches.aim = null;
  }

  owns(pointerId: number): boolean {
    return this.find(pointerId) !== null;
  }

  stick(side: StickSide): Stick {
    const t = this.touches[side];
    if (!t) return CENTRED;
    return { x: (t.knobX - t.baseX) / STICK_RADIUS, y: (t.knobY - t.baseY) / STICK_RADIUS };
  }

  held(side: StickSide): boolean {
    return this.touches[side] !== null;
  }

  touch(side: StickSide): Readonly<StickTouch> | null {
    return this.touches[side];
  }

  private find(pointerId: number): StickTouch | null {
    if (this.touches.move?.pointerId === pointerId) return this.touches.move;
    if (this.touches.aim?.pointerId === pointerId) return this.touches.aim;
    return null;
  }
}
