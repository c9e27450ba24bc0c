/**
 * docs/PROTOCOL.md's worked example is generated (scripts/protocol-example.ts): the game's codecs
 * write the bytes, the reference client's traced decoder annotates them. This fails when the doc
 * differs from what the codecs write now (the wire changed, or someone edited the region by hand):
 * run `npm run protocol-example` and review the diff.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BEGIN, DOC_PATH, END, renderWorkedExample, withExample } from '../../../scripts/protocol-example';

describe('docs/PROTOCOL.md worked example', () => {
  const doc = readFileSync(DOC_PATH, 'utf8');

  it('has the generated region once', () => {
    expect(doc.split(BEGIN).length).toBe(2);
    expect(doc.split(END).length).toBe(2);
  });

  it('equals what the codecs write today', () => {
    const region = (text: string): string => text.slice(text.indexOf(BEGIN), text.indexOf(END));
    expect(region(doc)).toBe(region(withExample(doc, renderWorkedExample())));
  });

  it('notices a changed byte', () => {
    const stale = doc.replace('| 0-31 | serverTick |', '| 0-31 | server tick |');
    expect(withExample(stale, renderWorkedExample())).not.toBe(stale);
  });
});
