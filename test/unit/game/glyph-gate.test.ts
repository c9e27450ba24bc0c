// The glyph gate mirrors kaboom's atlas packing: it must refuse exactly before kaboom would run
// out of rows, drop 0 px glyphs, and never change an answer.
import { describe, expect, it } from 'vitest';
import { GlyphGate, KABOOM_ATLAS, MAX_GLYPH_PX, REPLACEMENT } from '../../../src/game/glyph-gate';

/** kaboom's own packer (kaboom.ts formatText), as a model: throws where kaboom throws. */
class KaboomAtlasModel {
  x = 0;
  y = 0;
  add(w: number, h = 64): void {
    if (w === 0) throw new Error('getImageData: source width is 0');
    if (this.x + w > 2048) {
      this.x = 0;
      this.y += h;
      if (this.y > 2048) throw new Error('Font atlas exceeds character limit');
    }
    if (this.y + h > 2048) throw new Error('glyph outside the texture');
    this.x += w;
  }
}

const cjk = (i: number): string => String.fromCodePoint(0x4e00 + i);

describe('GlyphGate', () => {
  it('admits glyphs until the atlas would overflow, then answers the replacement', () => {
    const gate = new GlyphGate(() => 64);
    const model = new KaboomAtlasModel();
    model.add(64); // the replacement glyph, cached first
    let admitted = 0;
    for (let i = 0; i < 5000; i++) {
      const out = gate.resolve(cjk(i));
      if (out === cjk(i)) {
        model.add(64); // must never throw: the gate only admits what fits
        admitted++;
      } else expect(out).toBe(REPLACEMENT);
    }
    // 32 glyphs of 64 px a row; 31 of the 32 rows are used (one spare): 991 + the replacement.
    expect(admitted).toBe(32 * 31 - 1);
    expect(gate.stats()).toMatchObject({ full: true, admitted: admitted + 1 });
  });

  it('fits more narrow glyphs than wide ones, packing rows the way kaboom does', () => {
    const gate = new GlyphGate(() => 38.5);
    let admitted = 0;
    for (let i = 0; i < 5000; i++) if (gate.resolve(cjk(i)) !== REPLACEMENT) admitted++;
    // ceil(38.5) = 39 px: 52 a row.
    expect(admitted).toBe(52 * 31 - 1);
  });

  it('drops glyphs that measure 0 px and replaces overly wide ones', () => {
    const widths: Record<string, number> = { a: 20, '\u0301': 0, '﷽': MAX_GLYPH_PX + 1 };
    const gate = new GlyphGate((u) => widths[u] ?? 30);
    expect(gate.resolve('a')).toBe('a');
    expect(gate.resolve('\u0301')).toBe('');
    expect(gate.resolve('﷽')).toBe(REPLACEMENT);
    expect(gate.stats()).toMatchObject({ dropped: 1, replaced: 1 });
  });

  it('answers a unit the same way every time and measures it once', () => {
    let calls = 0;
    const gate = new GlyphGate(() => (calls++, 64));
    const first = gate.resolve('x');
    for (let i = 0; i < 10; i++) expect(gate.resolve('x')).toBe(first);
    expect(calls).toBe(2); // the replacement glyph and 'x'
  });

  it('stops measuring once full (a flood costs no work and no memory)', () => {
    let calls = 0;
    const gate = new GlyphGate(() => (calls++, 150));
    for (let i = 0; i < 1000; i++) gate.resolve(cjk(i));
    expect(gate.stats().full).toBe(true);
    const before = calls;
    for (let i = 1000; i < 20_000; i++) expect(gate.resolve(cjk(i))).toBe(REPLACEMENT);
    expect(calls).toBe(before);
  });

  it('accounts for an outlined font (taller rows, wider glyphs)', () => {
    const gate = new GlyphGate(() => 60, { ...KABOOM_ATLAS, rowHeight: 64 + 3 * 4, extraWidth: 8 });
    let admitted = 0;
    for (let i = 0; i < 5000; i++) if (gate.resolve(cjk(i)) !== REPLACEMENT) admitted++;
    // 68 px wide: 30 a row; 76 px rows: 26 fit in 2048, 25 used (one spare).
    expect(admitted).toBe(30 * 25 - 1);
  });
});
