/**
 * Rewrites the control channel's golden fixture (fixtures/wire-v4-control.json) from the current
 * codecs. Run on purpose only, when the protocol version changes: `npx tsx test/unit/protocol/write-golden.ts`.
 * (fixtures/wire-v3.json, the snapshot and command packet corpus, has its own writer: write-wire-corpus.ts.)
 */
import { writeFileSync } from 'node:fs';
import { controlCorpus } from './control-corpus';

const file = new URL('./fixtures/wire-v4-control.json', import.meta.url);
writeFileSync(file, JSON.stringify(controlCorpus()) + '\n');
console.log(`wrote ${file.pathname}`);
