/**
 * Any string → the glyph units kaboom will draw it with, and the pieces to hand kaboom so that no
 * piece is read as style markup. Pure (no DOM), so the rules are unit-tested in Node.
 *
 * Why: kaboom 3000.1.17 caches one atlas glyph per "rune" of its own `runes()` split, measures each
 * with a 2D canvas, and throws when a rune measures 0 px wide (`getImageData` of width 0: a lone
 * combining mark, a zero-width space) or when `[tag]…[/tag]` names a style it was not given.
 *
 * Output of `glyphUnits`: a list of units where each unit is exactly one kaboom rune, so the glyph
 * gate (glyph-gate.ts) can count what kaboom will cache. To get there the text is made well formed
 * (lone surrogates → U+FFFD), composed (NFC), and stripped of what kaboom would glue to a
 * neighbour or cannot draw on its own: controls and format characters (line breaks, bidi
 * overrides, ZWJ, tags), combining marks and variation selectors, skin-tone modifiers, line and
 * paragraph separators; other spaces become a plain space.
 * Output of `literalPieces`: the units joined into strings that each end at a `[`, so no piece
 * holds a `[` followed by anything and kaboom's markup pattern can never match.
 */

const STRIPPED = /[\p{Cc}\p{Cf}\p{M}\p{Zl}\p{Zp}\u{1F3FB}-\u{1F3FF}]/u;
const SPACE = /\p{Zs}/u;
/** With the `u` flag a surrogate class matches only unpaired halves. */
const LONE_SURROGATES = /[\uD800-\uDFFF]/gu;
/** Letters kaboom's runes() joins to the character before them (its grapheme list, marks aside). */
const JOINS_PREVIOUS = new Set([0x0937, 0x0ba8, 0x0e33, 0x0e40, 0x1100, 0x1161, 0x11a8]);
/** More units than any text a peer may send (names 24, chat 200): longer input is cut. */
export const MAX_UNITS = 256;

const isRegionalIndicator = (cp: number): boolean => cp >= 0x1f1e6 && cp <= 0x1f1ff;

function drawableCodePoints(text: string): string[] {
  const out: string[] = [];
  const composed = text.replace(LONE_SURROGATES, '\uFFFD').normalize('NFC');
  for (const ch of composed) {
    if (STRIPPED.test(ch)) continue;
    out.push(SPACE.test(ch) ? ' ' : ch);
    if (out.length > MAX_UNITS * 2) break;
  }
  return out;
}

/** The units kaboom will cache one glyph each for, in drawing order (at most MAX_UNITS). */
export function glyphUnits(text: string): string[] {
  const cps = drawableCodePoints(text);
  const units: string[] = [];
  for (let i = 0; i < cps.length && units.length < MAX_UNITS; i++) {
    let unit = cps[i] ?? '';
    const next = (): number => cps[i + 1]?.codePointAt(0) ?? -1;
    // Two regional indicators are one flag glyph for kaboom (a third starts a new one).
    if (isRegionalIndicator(unit.codePointAt(0) ?? 0) && isRegionalIndicator(next())) unit += cps[++i] ?? '';
    if (JOINS_PREVIOUS.has(next())) unit += cps[++i] ?? '';
    units.push(unit);
  }
  return units;
}

/** Joins units into pieces that each end at a `[` (and a last piece without one). */
export function literalPieces(units: readonly string[]): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const u of units) {
    current += u;
    if (u === '[') {
      pieces.push(current);
      current = '';
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}
