import { describe, expect, it } from 'vitest';
import { cleanName, MAX_NAME_LENGTH, normalizeName, type NameCheck } from '../../../src/lobby/player-name';
import { NAME_RULE, textProblem } from '../../../src/protocol/text';

/** Nasty inputs and what the name rules must make of them. */
const TABLE: Array<[string, string, NameCheck]> = [
  ['plain', 'Ada', { ok: true, name: 'Ada' }],
  ['spaces collapsed and trimmed', '  Ada   Lovelace  ', { ok: true, name: 'Ada Lovelace' }],
  ['full-width letters (NFKC)', 'ＡＤＡ', { ok: true, name: 'ADA' }],
  ['ligature (NFKC)', 'ﬁsh', { ok: true, name: 'fish' }],
  ['C0 controls and DEL', 'a\u0000b\u0007c\u007f', { ok: true, name: 'abc' }],
  ['C1 control', 'a\u0085b', { ok: true, name: 'a b' }],
  ['newline and tab become spaces', 'a\nb\tc', { ok: true, name: 'a b c' }],
  ['zero-width space/joiner/non-joiner', 'A\u200bd\u200ca\u200d', { ok: true, name: 'Ada' }],
  ['bidi override (RLO)', '\u202eAda', { ok: true, name: 'Ada' }],
  ['bidi isolate', '\u2066Ada\u2069', { ok: true, name: 'Ada' }],
  ['BOM', '\ufeffAda', { ok: true, name: 'Ada' }],
  ['tag characters', 'Ada\u{e0041}\u{e0042}', { ok: true, name: 'Ada' }],
  ['variation selector', 'A\ufe0fda', { ok: true, name: 'Ada' }],
  ['soft hyphen', 'A\u00adda', { ok: true, name: 'Ada' }],
  ['lone surrogate', 'Ada\ud800', { ok: true, name: 'Ada\ufffd' }],
  ['private use', 'Ada\ue000', { ok: true, name: 'Ada' }],
  [
    'Zalgo marks capped at 2 per letter',
    'a\u0301\u0302\u0303\u0304b',
    { ok: true, name: 'a\u0301\u0302b'.normalize('NFKC') },
  ],
  [
    'precomposed letters count their accent',
    '\u00e1\u0302\u0303\u0304',
    { ok: true, name: 'a\u0301\u0302'.normalize('NFKC') },
  ],
  ['kaboom markup is just text', '[a]x[/a]', { ok: true, name: '[a]x[/a]' }],
  ['HTML is just text', '<img src=x>', { ok: true, name: '<img src=x>' }],
  ['cut to 24 code points', 'x'.repeat(40), { ok: true, name: 'x'.repeat(24) }],
  ['emoji count as one code point each', '😀'.repeat(30), { ok: true, name: '😀'.repeat(24) }],
  ['empty', '', { ok: false, problem: 'empty' }],
  ['only spaces', '     ', { ok: false, problem: 'empty' }],
  ['Hangul filler U+3164', '\u3164', { ok: false, problem: 'invisible' }],
  ['Hangul fillers U+115F/U+1160/U+FFA0', '\u115f\u1160\uffa0', { ok: false, problem: 'invisible' }],
  ['braille blank U+2800', '\u2800\u2800', { ok: false, problem: 'invisible' }],
  ['only zero-width characters', '\u200b\u200c\u200d\u2060', { ok: false, problem: 'invisible' }],
  ['only controls', '\u0000\u0001', { ok: false, problem: 'invisible' }],
  ['only combining marks', '\u0301\u0302', { ok: false, problem: 'invisible' }],
  ['only ideographic space', '\u3000\u3000', { ok: false, problem: 'empty' }],
  ['object replacement character', '\ufffc', { ok: false, problem: 'invisible' }],
  ['fake host marker', 'Alice ★ host', { ok: false, problem: 'host-marker' }],
  ['white star', 'Alice ☆', { ok: false, problem: 'host-marker' }],
  ['emoji star', 'Alice ⭐', { ok: false, problem: 'host-marker' }],
  ['(host) suffix', 'Alice (host)', { ok: false, problem: 'ui-text' }],
  ['(you) suffix', 'Bob (you)', { ok: false, problem: 'ui-text' }],
  ['[admin] prefix', '[ADMIN] Eve', { ok: false, problem: 'ui-text' }],
  ['full-width (host) after NFKC', 'Eve （host）', { ok: false, problem: 'ui-text' }],
  ['(host) hidden by a zero-width space', 'Eve (ho\u200bst)', { ok: false, problem: 'ui-text' }],
];

describe('normalizeName', () => {
  it.each(TABLE)('%s', (_label, raw, expected) => {
    expect(normalizeName(raw)).toEqual(expected);
  });

  it('accepted names pass the wire rule, are within the limit and are fixed points', () => {
    for (const [, raw] of TABLE) {
      const r = normalizeName(raw);
      if (!r.ok) continue;
      expect(textProblem(r.name, NAME_RULE)).toBeNull();
      expect([...r.name].length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
      expect(normalizeName(r.name)).toEqual(r);
      expect(cleanName(r.name)).toBe(r.name);
    }
  });
});
