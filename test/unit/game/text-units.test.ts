// Glyph units must be exactly kaboom's runes (so the glyph gate counts what kaboom caches) and
// drawable on their own; pieces must never hold kaboom markup.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { glyphUnits, literalPieces, MAX_UNITS } from '../../../src/game/text-units';

/** kaboom's style pattern (kaboom.ts TEXT_STYLE_RE): a piece matching it would be read as markup. */
const MARKUP = /\[(\w+)\](.*?)\[\/\1\]/;

describe('glyphUnits', () => {
  it.each([
    ['plain ASCII, one unit per character', 'ab c', ['a', 'b', ' ', 'c']],
    ['markup characters are ordinary units', '[a]x[/a]', ['[', 'a', ']', 'x', '[', '/', 'a', ']']],
    ['line breaks, tabs and bidi overrides are dropped', 'a\nb\tc\u202Ed', ['a', 'b', 'c', 'd']],
    ['zero-width space, ZWJ and BOM are dropped', 'a\u200Bb\u200Dc\uFEFF', ['a', 'b', 'c']],
    ['a decomposed accent is composed', 'e\u0301', ['é']],
    ['a mark with no composition is dropped (kaboom cannot cache a 0 px glyph)', 'x\u0301\u0302', ['x']],
    ['variation selectors and skin tones are dropped', '❤\uFE0F👍🏽', ['❤', '👍']],
    ['a ZWJ family becomes its members', '👨\u200D👩\u200D👧', ['👨', '👩', '👧']],
    ['two regional indicators are one flag glyph, a third starts another', '🇫🇷🇩', ['🇫🇷', '🇩']],
    ['letters kaboom joins to the previous character stay joined', 'aष', ['aष']],
    ['lone surrogates become U+FFFD', 'a\uD800b', ['a', '\uFFFD', 'b']],
    ['other spaces become a plain space', 'a\u3000b\u00A0c', ['a', ' ', 'b', ' ', 'c']],
    ['CJK and RTL letters are kept', '中文שלום', ['中', '文', 'ש', 'ל', 'ו', 'ם']],
  ])('%s', (_what, input, expected) => {
    expect(glyphUnits(input)).toEqual(expected);
  });

  it('cuts absurdly long input', () => {
    expect(glyphUnits('x'.repeat(100_000))).toHaveLength(MAX_UNITS);
  });

  it('never yields a unit kaboom would split further or glue to a neighbour', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        for (const u of glyphUnits(s)) {
          expect(u.length).toBeGreaterThan(0);
          expect(/[\p{Cc}\p{Cf}\p{M}\u{1F3FB}-\u{1F3FF}]/u.test(u)).toBe(false);
          expect(/[\uD800-\uDFFF]/u.test(u)).toBe(false);
        }
      }),
    );
  });
});

describe('literalPieces', () => {
  it('ends a piece at every [ so no piece can hold markup', () => {
    expect(literalPieces(glyphUnits('[a]x[/a]'))).toEqual(['[', 'a]x[', '/a]']);
    expect(literalPieces(['a', 'b'])).toEqual(['ab']);
    expect(literalPieces([])).toEqual([]);
  });

  it('keeps every unit, in order, and no piece matches kaboom markup', () => {
    const tagged = fc
      .tuple(fc.stringMatching(/^\w{1,4}$/), fc.string({ maxLength: 6 }))
      .map(([t, x]) => `[${t}]${x}[/${t}]`);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(tagged, fc.string({ unit: 'grapheme', maxLength: 8 })), { maxLength: 6 }),
        (parts) => {
          const units = glyphUnits(parts.join(''));
          const pieces = literalPieces(units);
          expect(pieces.join('')).toBe(units.join(''));
          for (const p of pieces) expect(MARKUP.test(p)).toBe(false);
        },
      ),
    );
  });
});
