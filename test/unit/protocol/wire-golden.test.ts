import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { wireCorpus } from './wire-corpus';

// Written by the codecs of protocol version 3 (the v2 corpus proved issue 10's rewrite left the wire
// unchanged; protocol 3 added the snapshot's match block and the pickup event, so it was
// regenerated on purpose: `npx tsx test/unit/protocol/write-wire-corpus.ts`).
// test/unit/protocol/wire-corpus.ts says what each category holds. Any bit that changes on the
// wire, or any change in what a decoder accepts, shows up here: then the protocol version must
// change and docs/PROTOCOL.md with it, and this fixture is regenerated on purpose.
// wire-v3.json was written after issue 14's strict decoders: the mutated snapshots they refuse
// (non-canonical encodings no encoder writes, 7 of 900 in the v2 corpus) are recorded as refused.
const golden = JSON.parse(readFileSync(new URL('./fixtures/wire-v3.json', import.meta.url), 'utf8')) as Record<string, string[]>;

describe('wire format of protocol version 3 stays byte for byte', () => {
  const now = wireCorpus();
  it.each(Object.keys(golden))('%s', (category) => {
    const want = golden[category]!;
    const got = now[category] ?? [];
    const firstDiff = want.findIndex((h, i) => got[i] !== h);
    expect({ category, items: got.length, firstDiff }).toEqual({ category, items: want.length, firstDiff: -1 });
  });
});
