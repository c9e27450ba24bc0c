/**
 * Shelf packing of glyph cells into one fixed-size atlas (pure: no canvas, no kaboom).
 *
 * Input: cell sizes in texels, one at a time, as glyphs are first needed. Output: the top-left
 * corner of each placed cell, or null once the atlas has no room left for it.
 * Invariants: placed cells never overlap and stay inside width × height; `gap` texels separate
 * neighbours so linear filtering never samples a neighbour's edge.
 */

export interface Placement {
  x: number;
  y: number;
}

export class ShelfPacker {
  private shelfY = 0;
  private shelfH = 0;
  private cursorX = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly gap = 2,
  ) {}

  /** Reserves a w × h cell; null when it cannot fit (nothing changes then: a smaller cell may still fit). */
  place(w: number, h: number): Placement | null {
    if (w <= 0 || h <= 0 || w > this.width) return null;
    const wrap = this.cursorX + w > this.width;
    const x = wrap ? 0 : this.cursorX;
    const y = wrap ? this.shelfY + this.shelfH + this.gap : this.shelfY;
    if (y + h > this.height) return null;
    if (wrap) {
      this.shelfY = y;
      this.shelfH = 0;
    }
    this.cursorX = x + w + this.gap;
    this.shelfH = Math.max(this.shelfH, h);
    return { x, y };
  }
}
