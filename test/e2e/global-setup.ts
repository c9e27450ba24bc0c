/**
 * E2E global setup: builds the game if dist/ is missing, then starts scripts/serve.mjs (the built
 * game + the embedded PeerServer in one Node process) on a free port as a child process, and
 * provides its URL to the tests as `inject('baseUrl')`. Teardown kills the child.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** Starts serve.mjs and resolves with the URL it prints once listening. */
export function startServe(env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: repo,
    env: { ...process.env, REWIND_HOST: '127.0.0.1', REWIND_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve.mjs did not start in 20 s:\n${out}`)), 20_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /serving (http:\/\/[^\s]+\/)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`serve.mjs exited with ${code}:\n${out}`))));
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(`${repo}dist/index.html`)) {
    const build = spawnSync('npx', ['vite', 'build'], { cwd: repo, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const { child, url } = await startServe();
  project.provide('baseUrl', url);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    if (child.exitCode === null) child.kill('SIGKILL');
  };
}
