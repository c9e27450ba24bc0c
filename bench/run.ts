/**
 * `npm run bench`: runs every benchmark module listed below in one process, one after another,
 * each measuring our code beside its baseline in the same run, and writes the results to
 * docs/BENCHMARKS.md (sections in this order). Pass names to run a subset:
 * `npm run bench -- snapshot-bytes` (a subset prints its sections but does not rewrite the file).
 */
import { writeFileSync } from 'node:fs';
import { cpus, platform, release } from 'node:os';

export interface BenchModule {
  /** Short id used on the command line. */
  name: string;
  /** Runs the benchmark and returns a markdown section (starting with a `## ` heading). */
  run(): Promise<string>;
}

const modules: Array<() => Promise<{ default: BenchModule }>> = [
  // Each bench file default-exports a BenchModule; add new ones here.
  () => import('./client.bench'),
  () => import('./snapshot-bytes.bench'),
  () => import('./match-block-bytes.bench'),
  () => import('./checkpoint-bytes.bench'),
  () => import('./codec-speed.bench'),
  () => import('./webrtc.bench'),
  () => import('./server-tick.bench'),
  () => import('./lag-compensation.bench'),
  () => import('./replay.bench'),
  () => import('./kill-cam.bench'),
  () => import('./frame.bench'),
  () => import('./dedicated-lobbies.bench'),
  () => import('./webrtc-node.bench'),
];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const sections: string[] = [];
  for (const load of modules) {
    const mod = (await load()).default;
    if (only.length && !only.includes(mod.name)) continue;
    process.stdout.write(`bench ${mod.name} …\n`);
    const section = await mod.run();
    process.stdout.write(section + '\n');
    sections.push(section);
  }
  if (only.length) return;
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const header = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts); rerun it to reproduce. Every table measures our code',
    'and its baseline side by side in the same run.',
    '',
    `Machine of the last run: ${cpus().length} × ${cpu}, ${platform()} ${release()}, Node ${process.version}.`,
    '',
  ].join('\n');
  writeFileSync(new URL('../docs/BENCHMARKS.md', import.meta.url), header + '\n' + sections.join('\n\n') + '\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
