/**
 * The one way text reaches kaboom: every string, a player's name or a HUD label, is drawn as
 * literal text through `SafeText.draw`, never as kaboom markup, and only with glyphs the glyph
 * gate admitted. eslint forbids `drawText`/`formatText` everywhere else in the project.
 *
 * Per string (cached): glyph units (text-units.ts) → the gate's answer for each (glyph-gate.ts)
 * → pieces that each end at a `[` (so `[a]x[/a]` draws as those 8 characters). One piece is laid
 * out by `formatText` as kaboom's `drawText` would; several are formatted one by one and joined, so
 * anchors still work. The layout is kept with the string and reused while its font, size and anchor
 * stay (a frame redraws the same names and labels: no glyph quads rebuilt per frame); only its
 * position, colour and opacity are set per draw.
 *
 * Crisp fonts (optional, `CrispFonts`: a font atlas of its own, e.g. bundled fonts rasterised at
 * device pixels) are used only for strings whose every glyph is in CRISP_SET (printable ASCII,
 * Latin-1 letters, the UI's symbols): whatever peers send, that atlas holds a fixed set of glyphs
 * per face and size. Any other string is drawn with kaboom's font, behind the gate.
 *
 * Inputs: a kaboom context and a measure function for its font at the cache size (the browser's
 * is `measureWithCanvas`); later, optionally, crisp fonts. Invariants: the gate sees every glyph
 * before kaboom caches it, in the same order; printable ASCII and the UI's symbols are cached
 * first, so UI labels never fall to the replacement glyph; the string cache is bounded.
 */
import type { Color, FormattedText, GfxFont, KaboomCtx } from 'kaboom';
import type { FaceName } from './art/fonts';
import { GLYPH_CACHE_PX, GlyphGate, type GlyphStats } from './glyph-gate';
import { glyphUnits, literalPieces } from './text-units';

export type TextAnchor = 'topleft' | 'top' | 'topright' | 'left' | 'center' | 'right' | 'botleft' | 'bot' | 'botright';

/** A typeface of the crisp fonts: the HUD's, or the fixed-width one (numbers that line up). */
export type TextFace = FaceName;

export interface TextStyle {
  size: number;
  color: Color;
  opacity?: number;
  anchor?: TextAnchor;
  face?: TextFace;
}

/** Fonts with their own atlas; `pick` returns null while they are not ready (kaboom's font then). */
export interface CrispFonts {
  readonly density: number;
  pick(text: string, size: number, face: TextFace): { font: GfxFont; size: number } | null;
}

export interface SafeText {
  draw(text: string, x: number, y: number, style: TextStyle): void;
  /** From now on, strings made of CRISP_SET glyphs are drawn with these fonts. */
  useCrispFonts(fonts: CrispFonts | null): void;
  /** The glyphs kaboom lays out for `text` on this path, joined (for tests: `[a]x[/a]` stays 8 glyphs). */
  probe(text: string): string;
  stats(): GlyphStats;
}

const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
/** Non-ASCII characters in the game's own labels: cached at mount so they always have room. */
export const UI_SYMBOLS = '…★·×—–•←↑→↓▲▼●○■□✓✗⟳⇄♥°';
const CACHE_LIMIT = 1024;
const LATIN1_LETTERS = Array.from({ length: 0x100 - 0xc0 }, (_, i) => String.fromCharCode(0xc0 + i)).join('');
/** The glyphs a crisp font may be asked for: fixed, so its atlas cannot be filled by peers. */
export const CRISP_SET: ReadonlySet<string> = new Set([...ASCII, ...LATIN1_LETTERS, ...UI_SYMBOLS]);

interface Prepared {
  pieces: string[];
  /** The pieces joined (what a crisp font is asked for), made once. */
  joined: string;
  /** Every unit is in CRISP_SET. */
  crisp: boolean;
  /** The last layout of this string (kaboom's glyph quads and offsets), reused while font, size and anchor stay. */
  laid: Laid | null;
}

interface Laid {
  font: GfxFont | undefined;
  size: number;
  anchor: TextAnchor;
  text: FormattedText;
}

/** Width in px of a unit at kaboom's cache size, measured the way kaboom measures it. */
export function measureWithCanvas(doc: Document, fontFamily: string): (unit: string) => number {
  const ctx = doc.createElement('canvas').getContext('2d');
  if (!ctx) return () => 0;
  return (unit) => {
    ctx.font = `${GLYPH_CACHE_PX}px ${fontFamily}`;
    return ctx.measureText(unit).width;
  };
}

/** Gives every glyph of a laid-out text this colour and opacity (kept when they already match). */
function paint(f: FormattedText, color: Color, opacity: number): void {
  if (f.opt.color === color && f.opt.opacity === opacity) return;
  f.opt.color = color;
  f.opt.opacity = opacity;
  for (const c of f.chars) {
    c.color = color;
    c.opacity = opacity;
  }
}

export function createSafeText(k: KaboomCtx, measure: (unit: string) => number): SafeText {
  const safe = new KaboomSafeText(k, measure);
  safe.probe(ASCII + UI_SYMBOLS);
  return safe;
}

/** createSafeText's text path: each string resolved through the glyph gate once, its layout kept. */
class KaboomSafeText implements SafeText {
  private readonly gate: GlyphGate;
  private readonly cache = new Map<string, Prepared>();
  private crispFonts: CrispFonts | null = null;

  constructor(
    private readonly k: KaboomCtx,
    measure: (unit: string) => number,
  ) {
    this.gate = new GlyphGate(measure);
  }

  draw(text: string, x: number, y: number, style: TextStyle): void {
    const p = this.prepare(text);
    if (p.pieces.length === 0) return;
    const crisp = this.crispFor(p, x, y, style);
    const at = crisp ?? { font: undefined, size: style.size, x, y };
    const f = this.laidOut(p, at.font, at.size, style.anchor ?? 'topleft', style);
    // Same drawing as kaboom's drawText: only where it goes and its colour change between draws.
    f.opt.pos = this.k.vec2(at.x, at.y);
    paint(f, style.color, style.opacity ?? 1);
    this.k.drawFormattedText(f);
  }

  useCrispFonts(fonts: CrispFonts | null): void {
    this.crispFonts = fonts;
  }

  probe(text: string): string {
    return this.layout(this.prepare(text).pieces, 0, 0, { size: 16, color: this.k.rgb(255, 255, 255) })
      .chars.map((c) => c.ch)
      .join('');
  }

  stats(): GlyphStats {
    return this.gate.stats();
  }

  private prepare(text: string): Prepared {
    let p = this.cache.get(text);
    if (p) return p;
    const drawn = glyphUnits(text)
      .map((u) => this.gate.resolve(u))
      .filter((u) => u !== '');
    const pieces = literalPieces(drawn);
    p = { pieces, joined: pieces.join(''), crisp: drawn.every((u) => CRISP_SET.has(u)), laid: null };
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(text, p);
    return p;
  }

  private layout(
    pieces: string[],
    x: number,
    y: number,
    style: TextStyle,
    font?: GfxFont,
    size = style.size,
  ): FormattedText {
    const k = this.k;
    const opt = {
      pos: k.vec2(x, y),
      size,
      color: style.color,
      opacity: style.opacity ?? 1,
      anchor: style.anchor ?? 'topleft',
      font,
    };
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
    return { width, height: size, chars, opt: { ...opt, text: pieces.join('') } };
  }

  /** The crisp font for these pieces, with the size and position that land its glyphs on device pixels. */
  private crispFor(
    p: Prepared,
    x: number,
    y: number,
    style: TextStyle,
  ): { font: GfxFont; size: number; x: number; y: number } | null {
    if (!this.crispFonts || !p.crisp) return null;
    const picked = this.crispFonts.pick(p.joined, style.size, style.face ?? 'ui');
    if (!picked) return null;
    const d = this.crispFonts.density;
    return { ...picked, x: Math.round(x * d) / d, y: Math.round(y * d) / d };
  }

  /** This string's layout for the font, size and anchor, made by kaboom once and then reused. */
  private laidOut(
    p: Prepared,
    font: GfxFont | undefined,
    size: number,
    anchor: TextAnchor,
    style: TextStyle,
  ): FormattedText {
    const l = p.laid;
    if (l && l.font === font && l.size === size && l.anchor === anchor) return l.text;
    const at = { ...style, anchor };
    // One piece: kaboom's own layout, as its drawText makes it (several lines keep their height).
    const text =
      p.pieces.length === 1
        ? this.k.formatText({
            text: p.pieces[0] ?? '',
            pos: this.k.vec2(0, 0),
            size,
            font,
            color: style.color,
            opacity: style.opacity ?? 1,
            anchor,
          })
        : this.layout(p.pieces, 0, 0, at, font, size);
    p.laid = { font, size, anchor, text };
    return text;
  }
}
