/**
 * The lab's public servers, started inside its internet namespace: coturn through
 * deploy/coturn/start.sh with deploy/coturn/turnserver.conf (what deploy/compose.yaml runs), and
 * scripts/serve.mjs (the built page + PeerServer) with deploy/rewind.env's settings for the
 * deployment case, or the project's defaults (no ICE servers) and a STUN-only setting for the others.
 *
 * Inputs: the namespace, settings. Outputs: the page's URL once the server says it listens.
 * Invariant: every child is recorded in LabResources at once, so cleanup ends it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LabResources } from './netns';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const DEPLOY_ENV = `${REPO}deploy/rewind.env`;
export const COTURN_START = `${REPO}deploy/coturn/start.sh`;

/** KEY=VALUE lines of an env file (comments and blank lines skipped). */
export function readEnvFile(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)=(.*)$/.exec(line);
    if (m?.[1]) out[m[1]] = m[2] ?? '';
  }
  return out;
}

/** Starts `cmd` in `ns` and resolves once its output matches `ready` (the match), or rejects with what it said. */
function startIn(
  res: LabResources,
  ns: string,
  cmd: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  what: string,
): Promise<RegExpExecArray> {
  const child = spawn('ip', ['netns', 'exec', ns, cmd, ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  res.children.add(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start in 20 s:\n${out}`)), 20_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`${what} exited with ${code}:\n${out}`))));
  });
}

export async function startCoturn(res: LabResources, ns: string, secret: string, dir: string): Promise<void> {
  // Only a pid file of our own is added to what the container runs.
  await startIn(
    res,
    ns,
    COTURN_START,
    [`--pidfile=${dir}/turnserver.pid`],
    { REWIND_TURN_SECRET: secret },
    /Total General servers/,
    'coturn',
  );
}

/** Starts scripts/serve.mjs in `ns` on `address:port` with `env`; resolves with the page URL. */
export async function startPageServer(
  res: LabResources,
  ns: string,
  address: string,
  port: number,
  env: Record<string, string>,
): Promise<string> {
  const m = await startIn(
    res,
    ns,
    process.execPath,
    ['scripts/serve.mjs'],
    { ...env, REWIND_HOST: address, REWIND_PORT: String(port) },
    /serving (http:\/\/\S+\/)/,
    `serve.mjs on port ${port}`,
  );
  return m[1] ?? '';
}
