/**
 * Starts `npm run host` (src/dedicated/main.ts through tsx) as a child process for the e2e and
 * integration tests, and reads what it prints: the lobby link and the health endpoint.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));

export interface DedicatedProcess {
  child: ChildProcess;
  link: string;
  healthUrl: string;
  /** Everything it printed so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  terminate(): Promise<number | null>;
}

/** `onOutput`: called with everything printed so far each time it prints (tests that read it before the link). */
export function startDedicatedHost(
  args: string[],
  timeoutMs = 60_000,
  onOutput?: (out: string) => void,
): Promise<DedicatedProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/dedicated/main.ts', ...args], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the dedicated host did not print its link in time:\n${out}`)),
      timeoutMs,
    );
    const onData = (d: Buffer): void => {
      out += d.toString();
      onOutput?.(out);
      const link = /lobby link: (\S+)/.exec(out)?.[1];
      const healthUrl = /health: (\S+)/.exec(out)?.[1];
      if (!link || !healthUrl) return;
      clearTimeout(timer);
      resolve({
        child,
        link,
        healthUrl,
        output: () => out,
        terminate: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then(
      (code) => (clearTimeout(timer), reject(new Error(`the dedicated host exited (${code}):\n${out}`))),
    );
  });
}
