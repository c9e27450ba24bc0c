/**
 * Writes fixtures/wire-v3.json from the current codecs: run it (`npx tsx
 * test/unit/protocol/write-wire-corpus.ts`) only when the wire changes on purpose, together with a
 * protocol version bump and docs/PROTOCOL.md.
 */
import { writeFileSync } from 'node:fs';
import { wireCorpus } from './wire-corpus';

const path = new URL('./fixtures/wire-v3.json', import.meta.url);
const lines = Object.entries(wireCorpus()).map(
  ([category, items]) => `  ${JSON.stringify(category)}: ${JSON.stringify(items)}`,
);
writeFileSync(path, `{\n${lines.join(',\n')}\n}\n`);
console.log(`wrote ${path.pathname}`);
