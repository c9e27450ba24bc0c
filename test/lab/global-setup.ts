// The lab serves the built game (scripts/serve.mjs): build it once if dist/ is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { REPO } from './servers';

export default function setup(): void {
  if (existsSync(`${REPO}dist/index.html`)) return;
  const build = spawnSync('npx', ['vite', 'build'], { cwd: REPO, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}
