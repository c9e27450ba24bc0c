/**
 * Keeps kaboom's glyph atlas from filling up, whatever text peers send.
 *
 * kaboom 3000.1.17 caches every new glyph of a font in one 2048×2048 texture per kaboom context,
 * packed left to right in rows one cache-size (64 px) high; when a glyph would start a row past the
 * bottom it throws on every draw from then on ("Font atlas exceeds character limit"), and a glyph
 * measured 0 px wide makes it throw at once. The gate mirrors that packing: it sees every glyph
 * unit before kaboom does (all text goes through safe-text.ts), measures it with the same font,
 * and decides once per unit what kaboom may draw for it:
 * - the unit itself, while its row fits in the texture with one spare row below it;
 * - nothing, when it measures 0 px wide (kaboom cannot cache it);
 * - REPLACEMENT ("?", cached first), when it is wider than MAX_GLYPH_PX or the atlas is full.
 *
 * Inputs: a measure function (px width of a unit at the cache size), the atlas geometry.
 * Invariants: a unit's answer never changes; the shadow cursor only moves for admitted units;
 * memory is bounded (at most MAX_REMEMBERED answers are kept; beyond that, new units are refused
 * without being remembered).
 */

export interface AtlasGeometry {
  width: number;
  height: number;
  /** Row height of a cached glyph: kaboom's cache size (64) plus 3 × outline. */
  rowHeight: number;
  /** Extra width per glyph: 2 × outline. */
  extraWidth: number;
}

/** kaboom's font atlas for a font without an outline. */
export const KABOOM_ATLAS: AtlasGeometry = { width: 2048, height: 2048, rowHeight: 64, extraWidth: 0 };
/** Cache-size font pixels: kaboom measures and rasterizes every glyph at this size. */
export const GLYPH_CACHE_PX = 64;
/** Wider single glyphs (long ligature-like code points) are replaced: at most 3 em. */
export const MAX_GLYPH_PX = 3 * GLYPH_CACHE_PX;
export const REPLACEMENT = '?';
const MAX_REMEMBERED = 8192;

export interface GlyphStats {
  admitted: number;
  replaced: number;
  dropped: number;
  /** Rows of the atlas in use (the row the next glyph goes to counts). */
  rowsUsed: number;
  full: boolean;
}

export class GlyphGate {
  private readonly answers = new Map<string, string>();
  private x = 0;
  private y = 0;
  private full = false;
  private admitted = 0;
  private replaced = 0;
  private dropped = 0;
  private readonly limitY: number;

  constructor(
    private readonly measure: (unit: string) => number,
    private readonly atlas: AtlasGeometry = KABOOM_ATLAS,
  ) {
    // A glyph's row must end inside the texture, and one row is kept spare as a margin.
    this.limitY = atlas.height - 2 * atlas.rowHeight;
    this.resolve(REPLACEMENT);
  }

  /** What to draw for `unit`: the unit, '' (nothing) or REPLACEMENT. */
  resolve(unit: string): string {
    const known = this.answers.get(unit);
    if (known !== undefined) return known;
    const answer = this.decide(unit);
    if (this.answers.size < MAX_REMEMBERED) this.answers.set(unit, answer);
    return answer;
  }

  stats(): GlyphStats {
    return {
      admitted: this.admitted,
      replaced: this.replaced,
      dropped: this.dropped,
      rowsUsed: this.y / this.atlas.rowHeight + 1,
      full: this.full,
    };
  }

  private decide(unit: string): string {
    if (this.full) return this.refuse();
    const raw = this.measure(unit);
    if (!Number.isFinite(raw) || raw <= 0) {
      this.dropped += 1;
      return '';
    }
    const w = Math.ceil(raw) + this.atlas.extraWidth;
    if (w > MAX_GLYPH_PX) return this.refuse();
    let { x, y } = this;
    // kaboom's rule: a glyph that would cross the right edge starts the next row.
    if (x + w > this.atlas.width) {
      x = 0;
      y += this.atlas.rowHeight;
    }
    if (y > this.limitY) {
      this.full = true;
      return this.refuse();
    }
    this.x = x + w;
    this.y = y;
    this.admitted += 1;
    return unit;
  }

  private refuse(): string {
    this.replaced += 1;
    return REPLACEMENT;
  }
}
