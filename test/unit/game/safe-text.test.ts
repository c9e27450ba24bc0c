// The safe-text path against a recording stand-in for kaboom's text calls: markup never reaches
// kaboom as one piece, and a crisp font (with an atlas of its own) is only ever asked for glyphs
// of the fixed CRISP_SET, so nothing a peer sends can fill that atlas.
import type { GfxFont, KaboomCtx } from 'kaboom';
import { describe, expect, it } from 'vitest';
import { createSafeText, CRISP_SET, type CrispFonts, type TextFace } from '../../../src/game/safe-text';

interface Call {
  kind: 'drawText' | 'formatText' | 'drawFormattedText';
  text: string;
  font: unknown;
  size: number;
}

/** What drawFormattedText was handed (position, colour and opacity as they were at that call: read before the next draw). */
interface Drawn {
  opt: { pos: { x: number; y: number }; color: unknown; opacity: number };
  chars: { color: unknown; opacity: number }[];
}

/** Just enough of kaboom for safe-text: each call is recorded with its text, font and size. */
function recordingKaboom(calls: Call[], drawn: Drawn[] = []): KaboomCtx {
  const vec = (x: number, y: number): unknown => ({ x, y, add: (dx: number, dy: number) => vec(x + dx, y + dy) });
  // As kaboom's formatText: every glyph carries the colour and opacity it was formatted with.
  const format = (opt: { text: string; font?: unknown; size: number; color?: unknown; opacity?: number }): unknown => {
    calls.push({ kind: 'formatText', text: opt.text, font: opt.font, size: opt.size });
    const chars = [...opt.text].map((ch, i) => ({
      ch,
      pos: vec(i * 10, 0),
      color: opt.color,
      opacity: opt.opacity ?? 1,
    }));
    return { width: [...opt.text].length * 10, height: opt.size, chars, opt };
  };
  const fake = {
    vec2: vec,
    rgb: (r: number, g: number, b: number) => ({ r, g, b }),
    formatText: format,
    drawText: (opt: { text: string; font?: unknown; size: number }) =>
      calls.push({ kind: 'drawText', text: opt.text, font: opt.font, size: opt.size }),
    drawFormattedText: (f: { opt: { text: string; font?: unknown; size: number } }) => {
      drawn.push(f as never);
      calls.push({ kind: 'drawFormattedText', text: f.opt.text, font: f.opt.font, size: f.opt.size });
    },
  };
  return fake as unknown as KaboomCtx;
}

/** A crisp font that records every glyph it is asked to rasterise. */
function recordingFonts(asked: Set<string>, density = 2): CrispFonts & { font: GfxFont } {
  const font = { tex: null, map: {}, size: 32 } as unknown as GfxFont;
  return {
    density,
    font,
    pick(text: string, size: number, _face: TextFace) {
      for (const ch of text) asked.add(ch);
      return { font, size: Math.round(size * density) / density };
    },
  };
}

const white = { r: 255, g: 255, b: 255 } as never;

describe('createSafeText', () => {
  it('draws [a]x[/a] as pieces that each end at "[" (no piece kaboom could read as markup)', () => {
    const calls: Call[] = [];
    const safe = createSafeText(recordingKaboom(calls), () => 30);
    calls.length = 0;
    safe.draw('[a]x[/a]', 0, 0, { size: 16, color: white });
    const pieces = calls.filter((c) => c.kind === 'formatText').map((c) => c.text);
    expect(pieces).toEqual(['[', 'a]x[', '/a]']);
    expect(calls.at(-1)).toMatchObject({ kind: 'drawFormattedText', text: '[a]x[/a]' });
    expect(safe.probe('[a]x[/a]')).toBe('[a]x[/a]');
  });

  it('asks the crisp font only for glyphs of the fixed set, whatever the text', () => {
    const calls: Call[] = [];
    const asked = new Set<string>();
    const safe = createSafeText(recordingKaboom(calls), () => 30);
    const fonts = recordingFonts(asked);
    safe.useCrispFonts(fonts);
    calls.length = 0;
    safe.draw('Score 12 · José', 10.3, 20.2, { size: 18, color: white });
    expect(calls.filter((c) => c.kind !== 'formatText')).toEqual([
      { kind: 'drawFormattedText', text: 'Score 12 · José', font: fonts.font, size: 18 },
    ]);
    for (const hostile of ['李小龙', 'ab🙂', 'x\u0307y', 'Ωmega', '[b]李[/b]']) {
      calls.length = 0;
      safe.draw(hostile, 0, 0, { size: 18, color: white });
      expect(
        calls.every((c) => c.font === undefined),
        hostile,
      ).toBe(true);
    }
    for (let cp = 0x20; cp < 0x3000; cp += 7)
      safe.draw(`name ${String.fromCodePoint(cp)}`, 0, 0, { size: 14, color: white, face: 'mono' });
    expect([...asked].every((ch) => CRISP_SET.has(ch))).toBe(true);
  });

  it("keeps a crisp [a]x[/a] literal too, and falls back to kaboom's font while the crisp one is not ready", () => {
    const calls: Call[] = [];
    const safe = createSafeText(recordingKaboom(calls), () => 30);
    const fonts = recordingFonts(new Set());
    safe.useCrispFonts({ density: 1, pick: () => null });
    calls.length = 0;
    safe.draw('HP', 0, 0, { size: 18, color: white });
    expect(calls.filter((c) => c.kind !== 'formatText')).toEqual([
      { kind: 'drawFormattedText', text: 'HP', font: undefined, size: 18 },
    ]);
    safe.useCrispFonts(fonts);
    calls.length = 0;
    safe.draw('[a]x[/a]', 0, 0, { size: 18, color: white });
    expect(calls.filter((c) => c.kind === 'formatText').map((c) => [c.text, c.font])).toEqual([
      ['[', fonts.font],
      ['a]x[', fonts.font],
      ['/a]', fonts.font],
    ]);
  });

  it('lays a string out once and reuses it, again for a new font, size or anchor, with position, colour and opacity of each draw', () => {
    const calls: Call[] = [];
    const drawn: Drawn[] = [];
    const safe = createSafeText(recordingKaboom(calls, drawn), () => 30);
    const red = { r: 255, g: 0, b: 0 } as never;
    calls.length = 0;
    const formats = (): number => calls.filter((c) => c.kind === 'formatText').length;
    safe.draw('bot 7', 10, 20, { size: 13, color: white, anchor: 'bot' });
    safe.draw('bot 7', 30, 40, { size: 13, color: red, opacity: 0.5, anchor: 'bot' });
    expect(formats()).toBe(1);
    const last = drawn.at(-1);
    expect(last?.opt.pos).toMatchObject({ x: 30, y: 40 });
    expect(last?.opt).toMatchObject({ color: red, opacity: 0.5 });
    expect(last?.chars.every((c) => c.color === red && c.opacity === 0.5)).toBe(true);
    safe.draw('bot 7', 0, 0, { size: 14, color: white, anchor: 'bot' });
    safe.draw('bot 7', 0, 0, { size: 14, color: white, anchor: 'center' });
    expect(formats()).toBe(3);
    expect(drawn.at(-1)?.chars.every((c) => c.color === white && c.opacity === 1)).toBe(true);
    const fonts = recordingFonts(new Set());
    safe.useCrispFonts(fonts);
    safe.draw('bot 7', 0, 0, { size: 14, color: white, anchor: 'center' });
    expect(formats()).toBe(4);
    expect(calls.at(-1)).toMatchObject({ kind: 'drawFormattedText', font: fonts.font });
    safe.draw('[a]x[/a]', 0, 0, { size: 14, color: white });
    safe.draw('[a]x[/a]', 5, 5, { size: 14, color: white });
    expect(formats()).toBe(7);
  });
});
