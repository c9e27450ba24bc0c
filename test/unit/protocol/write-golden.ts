/**
 * Rewrites the control channel's golden fixture (fixtures/wire-v3-control.json) from the current
 * codecs. Run on purpose only, when the protocol version changes: `npx tsx test/unit/protocol/write-golden.ts`.
 * (fixtures/wire-v2.json, the snapshot and command packet corpus, is left alone: version 3 did not change them.)
 */
import { writeFileSync } from 'node:fs';
import { controlCorpus } from './control-corpus';

const file = new URL('./fixtures/wire-v3-control.json', import.meta.url);
writeFileSync(file, JSON.stringify(controlCorpus()) + '\n');
console.log(`wrote ${file.pathname}`);
