/**
 * A virtual X display for the e2e tests that need a non-headless browser (Firefox gets WebGL only
 * with a display: Mesa's llvmpipe under Xvfb). `startXvfb()` lets Xvfb pick a free display number
 * itself (`-displayfd`), so parallel runs and other engineers' displays never collide, and resolves
 * once the server accepts clients. `stop()` ends that Xvfb (only the process started here).
 */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface VirtualDisplay {
  /** The DISPLAY value, e.g. ":3". */
  display: string;
  stop(): Promise<void>;
}

export const XVFB_PATH = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

export function startXvfb(timeoutMs = 15_000): Promise<VirtualDisplay> {
  // fd 3 is where Xvfb writes the display number it chose, once it is ready for clients.
  const child = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let said = '';
    let errors = '';
    const fail = (why: string): void => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`Xvfb (${XVFB_PATH}) did not start: ${why}${errors ? `\n${errors}` : ''}`));
    };
    const timer = setTimeout(() => fail(`no display number within ${timeoutMs} ms`), timeoutMs);
    child.stderr?.on('data', (d: Buffer) => (errors += d.toString()));
    (child.stdio[3] as Readable).on('data', (d: Buffer) => {
      said += d.toString();
      const m = /^(\d+)\n/.exec(said);
      if (!m) return;
      clearTimeout(timer);
      resolve({ display: `:${m[1]}`, stop });
    });
    child.once('error', (err) => fail(err.message));
    child.once('exit', (code, signal) => fail(`exited with ${code ?? signal}`));
  });
}
