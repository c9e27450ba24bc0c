/**
 * Where the mouse pointer is over the game, in CSS pixels from the canvas's top-left corner, from
 * the very first frame: browsers report a pointer's position only with an event, so the page
 * hands in where the pointer last was (the click on "Start match", a move over the lobby) and the
 * tracker follows mouse and pen moves from there.
 *
 * Inputs: the element to listen on, the canvas (for its position), the last known pointer position
 * in client (viewport) coordinates or null. Outputs: `position()` or null while nothing is known;
 * `takeActivity()` says whether the mouse moved or clicked since the last call.
 * Invariant: touch pointers are ignored (a finger is not a cursor: touch aims with its stick).
 */
export interface ClientPoint {
  clientX: number;
  clientY: number;
}

export class PointerTracker {
  private client: ClientPoint | null;
  private activity = false;
  private readonly onEvent = (e: PointerEvent): void => {
    if (e.pointerType === 'touch') return;
    this.client = { clientX: e.clientX, clientY: e.clientY };
    this.activity = true;
  };

  constructor(
    private readonly target: HTMLElement,
    private readonly canvas: HTMLCanvasElement,
    initial: ClientPoint | null,
  ) {
    this.client = initial ? { clientX: initial.clientX, clientY: initial.clientY } : null;
    target.addEventListener('pointermove', this.onEvent);
    target.addEventListener('pointerdown', this.onEvent);
  }

  position(): { x: number; y: number } | null {
    if (!this.client) return null;
    const r = this.canvas.getBoundingClientRect();
    return { x: this.client.clientX - r.left, y: this.client.clientY - r.top };
  }

  takeActivity(): boolean {
    const a = this.activity;
    this.activity = false;
    return a;
  }

  destroy(): void {
    this.target.removeEventListener('pointermove', this.onEvent);
    this.target.removeEventListener('pointerdown', this.onEvent);
  }
}
