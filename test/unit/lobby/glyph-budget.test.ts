import { describe, expect, it } from 'vitest';
import { GlyphBudget } from '../../../src/lobby/glyph-budget';

describe('GlyphBudget', () => {
  it('lets ASCII through for free and counts each new non-ASCII code point once', () => {
    const b = new GlyphBudget(5);
    expect(b.fits('Ada Lovelace ~!@#')).toBe(true);
    b.add('Ada');
    expect(b.used).toBe(0);
    b.add('漢字漢');
    expect(b.used).toBe(2);
    expect(b.newGlyphs('漢字語')).toBe(1);
  });

  it('refuses a name that would pass the cap, and never passes it', () => {
    const b = new GlyphBudget(5);
    b.add('一二三四');
    expect(b.fits('五')).toBe(true);
    expect(b.fits('五六')).toBe(false);
    // A rejoiner bringing 15 new CJK characters each time is stopped at the cap (issue 11 #2).
    const big = new GlyphBudget();
    let accepted = 0;
    for (let i = 0; i < 200; i++) {
      const name = Array.from({ length: 15 }, (_, j) => String.fromCodePoint(0x4e00 + i * 15 + j)).join('');
      if (big.fits(name)) (big.add(name), accepted++);
    }
    expect(big.used).toBeLessThanOrEqual(big.cap);
    expect(accepted).toBe(Math.floor(big.cap / 15));
  });
});
