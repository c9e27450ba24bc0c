/**
 * Crisp text for kaboom: glyphs are rasterised by the browser's canvas 2D (with the bundled fonts)
 * at the exact device-pixel size they are drawn at, into one shared atlas texture, so text is
 * sharp at every size (kaboom's own font cache renders every glyph at 64 px and scales it down,
 * which blurs and drops thin strokes at the net graph's 11-13 px).
 *
 * Input: a kaboom context, the canvas pixel density, and per draw the text, size and face.
 * Output: `pick` returns a kaboom font (GfxFont: atlas texture + glyph quads) and the size to draw
 * it at, or null while the fonts are still loading (draw with the default font meanwhile).
 * Invariants: one atlas per mount (no module state); a glyph is rasterised once per face and pixel
 * size; sizes are quantised to whole device pixels so a glyph maps 1:1 onto screen pixels; when
 * the atlas is full, new glyphs are skipped (the text still draws, without them) rather than thrown.
 */
import type { GfxFont, KaboomCtx } from 'kaboom';
import { cssFont, type FaceName } from './fonts';
import { ShelfPacker } from './glyph-packer';

const ATLAS = 1024;
const MIN_PX = 6;
const MAX_PX = 160;

export interface PickedFont {
  font: GfxFont;
  /** The size to pass to drawText (CSS pixels) so the glyphs land 1:1 on device pixels. */
  size: number;
}

export interface TextFonts {
  readonly density: number;
  pick(text: string, size: number, face: FaceName): PickedFont | null;
  /** Called once the bundled fonts are ready (before that `pick` returns null). */
  markReady(): void;
}

/** Device-pixel size for a CSS size at a density, clamped to what the atlas holds. */
export function devicePx(size: number, density: number): number {
  return Math.min(MAX_PX, Math.max(MIN_PX, Math.round(size * density)));
}

export function createTextFonts(k: KaboomCtx, doc: Document, density: number): TextFonts {
  const canvas = doc.createElement('canvas');
  const c2d = canvas.getContext('2d', { willReadFrequently: true });
  const packer = new ShelfPacker(ATLAS, ATLAS);
  const fonts = new Map<string, GfxFont>();
  /** Glyphs that did not fit, so a full atlas costs nothing per frame. */
  const skipped = new Set<string>();
  let tex: GfxFont['tex'] | null = null;
  let ready = false;

  const addGlyph = (font: GfxFont, face: FaceName, px: number, ch: string): void => {
    if (!c2d || !tex) return;
    c2d.font = cssFont(face, px);
    const w = Math.max(1, Math.ceil(c2d.measureText(ch).width));
    const h = Math.ceil(px * 1.25);
    const at = packer.place(w, h);
    if (!at) {
      skipped.add(`${face}:${px}:${ch}`);
      return;
    }
    if (canvas.width < w || canvas.height < h) {
      canvas.width = Math.max(canvas.width, w);
      canvas.height = Math.max(canvas.height, h);
      c2d.font = cssFont(face, px);
    }
    c2d.clearRect(0, 0, w, h);
    c2d.textBaseline = 'alphabetic';
    c2d.fillStyle = '#ffffff';
    // Baseline at 0.95 em leaves room for descenders inside the 1.25 em cell.
    c2d.fillText(ch, 0, Math.round(px * 0.95));
    tex.update(c2d.getImageData(0, 0, w, h), at.x, at.y);
    font.map[ch] = k.quad(at.x, at.y, w, h);
  };

  return {
    density,
    markReady() {
      ready = true;
    },
    pick(text, size, face) {
      if (!ready || !c2d) return null;
      const px = devicePx(size, density);
      const key = `${face}:${px}`;
      let font = fonts.get(key);
      if (!font) {
        tex ??= k.makeCanvas(ATLAS, ATLAS).tex;
        font = { tex, map: {}, size: px };
        fonts.set(key, font);
      }
      for (const ch of text) {
        if (!(ch in font.map) && ch !== '\n' && !skipped.has(`${key}:${ch}`)) addGlyph(font, face, px, ch);
      }
      return { font, size: px / density };
    },
  };
}
