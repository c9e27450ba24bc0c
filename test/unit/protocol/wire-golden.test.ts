import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { wireCorpus } from './wire-corpus';
import { controlCorpus, migrationCorpus } from './control-corpus';

// Two golden fixtures, each rewritten only on purpose with a version bump:
// - wire-v3.json: snapshots and command packets (wire-corpus.ts says what each category holds).
//   The v2 corpus before it proved issue 10's codec rewrite left the wire unchanged; version 3
//   added the snapshot's match block and the pickup event, and issue 14's strict decoders record
//   the non-canonical mutations they refuse. Written by write-wire-corpus.ts.
// - wire-v4-control.json: the control channel (the handshake with host authentication, rejects,
//   kicks, chat: control-corpus.ts). Written by write-golden.ts.
// - wire-v4-migration.json: host migration's additions to protocol 4 (hello's trailing migration
//   byte, 'successors', 'checkpoint'), written once when they were added; wire-v4-control.json
//   passing unchanged is the proof that they left every older message as it was.
// Any bit that changes on the wire, or any change in what a decoder accepts, shows up here.
const fixture = (name: string): Record<string, string[]> =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, string[]>;

function compare(golden: Record<string, string[]>, now: Record<string, string[]>): void {
  it.each(Object.keys(golden))('%s', (category) => {
    const want = golden[category]!;
    const got = now[category] ?? [];
    const firstDiff = want.findIndex((h, i) => got[i] !== h);
    expect({ category, items: got.length, firstDiff }).toEqual({ category, items: want.length, firstDiff: -1 });
  });
}

describe('snapshots and command packets of protocol versions 3 and 4 stay byte for byte', () => {
  compare(fixture('wire-v3.json'), wireCorpus());
});

describe('the control channel of protocol version 4 stays byte for byte', () => {
  compare(fixture('wire-v4-control.json'), controlCorpus());
});

describe('the host-migration control messages added to protocol version 4 stay byte for byte', () => {
  compare(fixture('wire-v4-migration.json'), migrationCorpus());
});
