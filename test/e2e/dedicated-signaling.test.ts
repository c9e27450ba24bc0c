/**
 * `npm run host` started before its PeerServer (a container that came up first): it prints one
 * clear error line, then a line per attempt while it retries with backoff, and no stack trace;
 * once the PeerServer (here `npm run serve`, page and PeerServer on one port) starts on the port it
 * was pointed at, the next attempt opens the lobby and the link is printed. The test only orders
 * events: the host's waits are the backoff's, not asserted.
 */
import { createServer } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe } from './global-setup';
import { startDedicatedHost, type DedicatedProcess } from './dedicated-host-process';

let host: DedicatedProcess | null = null;
let serve: ChildProcess | null = null;

afterAll(async () => {
  await host?.terminate();
  serve?.kill('SIGTERM');
});

/** A port nothing listens on now (bound, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const attempts = (out: string): string[] =>
  out.match(/signaling: attempt \d+ failed \([^)]*\); retrying in \d+ s/g) ?? [];

async function until(what: string, ok: () => boolean, ms: number, out: () => string): Promise<void> {
  for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 100)))
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}:\n${out()}`);
}

describe('dedicated host before its PeerServer', () => {
  it('says why in one line, retries with a line per attempt, and prints the lobby link once the PeerServer is up', async () => {
    const port = await freePort();
    // ?peer= pins the PeerServer to that port (the page is not up either, so its config cannot say where).
    const pageUrl = `http://127.0.0.1:${port}/?peer=127.0.0.1:${port}/peerjs`;
    let out = '';
    const started = startDedicatedHost(['--page-url', pageUrl, '--health', '127.0.0.1:0'], 120_000, (o) => (out = o));
    started.catch(() => undefined);
    await until(
      'three failed attempts',
      () => attempts(out).length >= 3,
      60_000,
      () => out,
    );
    const before = out;
    expect(before).toContain(
      `--page-url ${pageUrl}: could not read http://127.0.0.1:${port}/rewind-config.json (connect ECONNREFUSED 127.0.0.1:${port})`,
    );
    const errors = before.split('\n').filter((l) => / error: /.test(l));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      `error: cannot reach the PeerServer at http://127.0.0.1:${port}/peerjs (connect ECONNREFUSED 127.0.0.1:${port}); is it running?`,
    );
    expect(before).not.toMatch(/Unhandled|    at /);
    expect(before).not.toContain('lobby link:');

    serve = (await startServe({ REWIND_PORT: String(port) })).child;
    host = await started;
    const lines = attempts(host.output());
    console.log(
      `dedicated host before its PeerServer: ${lines.length} failed attempts logged, waits ${lines.map((l) => /in (\d+) s/.exec(l)?.[1]).join(', ')} s`,
    );
    expect(host.output()).toMatch(
      /signaling: the PeerServer at http:\/\/127\.0\.0\.1:\d+\/peerjs answered on attempt \d+/,
    );
    expect(host.link).toMatch(/#join=[a-z2-7]{16}&key=[A-Za-z0-9_-]{43}$/);
    // The backoff grows between attempts (0.5 s doubling, ±20 % jitter, shown rounded to whole seconds).
    const waits = lines.map((l) => Number(/in (\d+) s/.exec(l)?.[1]));
    expect(waits[waits.length - 1]!).toBeGreaterThanOrEqual(waits[0]!);
    const health = (await (await fetch(host.healthUrl)).json()) as { lobby: { link: string } };
    expect(health.lobby.link).toBe(host.link);
    expect(await host.terminate()).toBe(0);
    host = null;
  }, 150_000);
});
