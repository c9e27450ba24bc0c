/**
 * The one way text reaches kaboom: every string, a player's name or a HUD label, is drawn as
 * literal text through `SafeText.draw`, never as kaboom markup, and only with glyphs the glyph
 * gate admitted. eslint forbids `drawText`/`formatText` everywhere else in the project.
 *
 * Per string (cached): glyph units (text-units.ts) → the gate's answer for each (glyph-gate.ts)
 * → pieces that each end at a `[` (so `[a]x[/a]` draws as those 8 characters). One piece is a
 * plain `drawText`; several are formatted one by one and drawn as one text, so anchors still work.
 *
 * Inputs: a kaboom context and a measure function for its font at the cache size (the browser's
 * is `measureWithCanvas`). Invariants: the gate sees every glyph before kaboom caches it, in the
 * same order; printable ASCII and the UI's symbols are cached first, so UI labels never fall to
 * the replacement glyph; the string cache is bounded.
 */
import type { Color, FormattedText, KaboomCtx } from 'kaboom';
import { GLYPH_CACHE_PX, GlyphGate, type GlyphStats } from './glyph-gate';
import { glyphUnits, literalPieces } from './text-units';

export type TextAnchor = 'topleft' | 'top' | 'topright' | 'left' | 'center' | 'right' | 'botleft' | 'bot' | 'botright';

export interface TextStyle {
  size: number;
  color: Color;
  opacity?: number;
  anchor?: TextAnchor;
}

export interface SafeText {
  draw(text: string, x: number, y: number, style: TextStyle): void;
  /** The glyphs kaboom lays out for `text` on this path, joined (for tests: `[a]x[/a]` stays 8 glyphs). */
  probe(text: string): string;
  stats(): GlyphStats;
}

const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
/** Non-ASCII characters in the game's own labels: cached at mount so they always have room. */
export const UI_SYMBOLS = '…★·×—–•←↑→↓▲▼●○■□✓✗⟳⇄♥°';
const CACHE_LIMIT = 1024;

/** Width in px of a unit at kaboom's cache size, measured the way kaboom measures it. */
export function measureWithCanvas(doc: Document, fontFamily: string): (unit: string) => number {
  const ctx = doc.createElement('canvas').getContext('2d');
  if (!ctx) return () => 0;
  return (unit) => {
    ctx.font = `${GLYPH_CACHE_PX}px ${fontFamily}`;
    return ctx.measureText(unit).width;
  };
}

export function createSafeText(k: KaboomCtx, measure: (unit: string) => number): SafeText {
  const gate = new GlyphGate(measure);
  const cache = new Map<string, string[]>();
  const prepare = (text: string): string[] => {
    let pieces = cache.get(text);
    if (pieces) return pieces;
    const drawn = glyphUnits(text).map((u) => gate.resolve(u)).filter((u) => u !== '');
    pieces = literalPieces(drawn);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, pieces);
    return pieces;
  };
  const layout = (pieces: string[], x: number, y: number, style: TextStyle): FormattedText => {
    const opt = { pos: k.vec2(x, y), size: style.size, color: style.color, opacity: style.opacity ?? 1, anchor: style.anchor ?? 'topleft' };
    const chars: FormattedText['chars'] = [];
    let width = 0;
    for (const piece of pieces) {
      const f = k.formatText({ ...opt, text: piece, anchor: 'topleft' });
      for (const c of f.chars) {
        c.pos = c.pos.add(width, 0);
        chars.push(c);
      }
      width += f.width;
    }
    return { width, height: style.size, chars, opt: { ...opt, text: pieces.join('') } };
  };
  const safe: SafeText = {
    draw(text, x, y, style) {
      const pieces = prepare(text);
      if (pieces.length === 0) return;
      if (pieces.length === 1) {
        k.drawText({ text: pieces[0] ?? '', pos: k.vec2(x, y), size: style.size, color: style.color, opacity: style.opacity ?? 1, anchor: style.anchor ?? 'topleft' });
        return;
      }
      k.drawFormattedText(layout(pieces, x, y, style));
    },
    probe(text) {
      return layout(prepare(text), 0, 0, { size: 16, color: k.rgb(255, 255, 255) }).chars.map((c) => c.ch).join('');
    },
    stats: () => gate.stats(),
  };
  safe.probe(ASCII + UI_SYMBOLS);
  return safe;
}
