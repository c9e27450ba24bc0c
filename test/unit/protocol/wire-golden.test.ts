import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { wireCorpus } from './wire-corpus';

// Written by the codecs of protocol version 2 before issue 10 replaced their implementation
// (test/unit/protocol/wire-corpus.ts says what each category holds). Any bit that changes on the
// wire, or any change in what a decoder accepts, shows up here: then the protocol version must
// change and docs/PROTOCOL.md with it, and this fixture is regenerated on purpose.
// Once so far without a version change: the strict decoders of issue 14 refuse 7 of the 900 mutated
// snapshots that version 2's decoder had accepted with a guessed meaning (non-canonical encodings no
// encoder writes); every encoding and every other decoding stayed as it was.
const golden = JSON.parse(readFileSync(new URL('./fixtures/wire-v2.json', import.meta.url), 'utf8')) as Record<string, string[]>;

describe('wire format of protocol version 2 stays byte for byte', () => {
  const now = wireCorpus();
  it.each(Object.keys(golden))('%s', (category) => {
    const want = golden[category]!;
    const got = now[category] ?? [];
    const firstDiff = want.findIndex((h, i) => got[i] !== h);
    expect({ category, items: got.length, firstDiff }).toEqual({ category, items: want.length, firstDiff: -1 });
  });
});
