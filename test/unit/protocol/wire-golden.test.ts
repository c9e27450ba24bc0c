import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { wireCorpus } from './wire-corpus';
import { controlCorpus } from './control-corpus';

// wire-v2.json was written by the codecs of protocol version 2 before issue 10 replaced their
// implementation (test/unit/protocol/wire-corpus.ts says what each category holds); version 3
// changed only the control channel, so snapshots and command packets must still match it.
// wire-v3-control.json holds version 3's control channel (the handshake with host
// authentication: control-corpus.ts). Any bit that changes on the wire, or any change in what a
// decoder accepts, shows up here: then the protocol version must change and docs/PROTOCOL.md with
// it, and the fixture is regenerated on purpose (write-golden.ts for the control one).
const fixture = (name: string): Record<string, string[]> => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, string[]>;

function compare(golden: Record<string, string[]>, now: Record<string, string[]>): void {
  it.each(Object.keys(golden))('%s', (category) => {
    const want = golden[category]!;
    const got = now[category] ?? [];
    const firstDiff = want.findIndex((h, i) => got[i] !== h);
    expect({ category, items: got.length, firstDiff }).toEqual({ category, items: want.length, firstDiff: -1 });
  });
}

describe('snapshots and command packets stay byte for byte those of protocol version 2', () => {
  compare(fixture('wire-v2.json'), wireCorpus());
});

describe('the control channel of protocol version 3 stays byte for byte', () => {
  compare(fixture('wire-v3-control.json'), controlCorpus());
});
