/**
 * Rewrites the control channel's golden fixtures (fixtures/wire-v4-control.json and, added with
 * host migration, fixtures/wire-v4-migration.json) from the current codecs. Run on purpose only, when the protocol version changes: `npx tsx test/unit/protocol/write-golden.ts`.
 * (fixtures/wire-v3.json, the snapshot and command packet corpus, has its own writer: write-wire-corpus.ts.)
 */
import { writeFileSync } from 'node:fs';
import { controlCorpus, migrationCorpus } from './control-corpus';

// Which file: `npx tsx test/unit/protocol/write-golden.ts migration` writes only the migration corpus.
const corpora: Array<[string, () => Record<string, string[]>]> = [
  ['wire-v4-migration.json', migrationCorpus],
  ['wire-v4-control.json', controlCorpus],
];
for (const [name, corpus] of corpora.filter(([n]) => process.argv[2] !== 'migration' || n.includes('migration'))) {
  const file = new URL(`./fixtures/${name}`, import.meta.url);
  writeFileSync(file, JSON.stringify(corpus()) + '\n');
  console.log(`wrote ${file.pathname}`);
}
