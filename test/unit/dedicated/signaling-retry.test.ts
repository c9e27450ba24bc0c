/**
 * The dedicated host started before its PeerServer: one error line, then a line per failed
 * attempt with the backoff's wait, then the lobby opens on the first attempt that succeeds; a
 * signal meanwhile stops the retries. Virtual timers: the waits are asserted as numbers, not timed.
 */
import { describe, expect, it } from 'vitest';
import { openWithRetry, RetryAborted, type RetryTimers } from '../../../src/dedicated/signaling-retry';

/** Timers that run only when told, recording each wait asked for. */
function manualTimers(): RetryTimers & { waits: number[]; fire(): void } {
  const pending: Array<() => void> = [];
  const waits: number[] = [];
  return {
    waits,
    after(ms, fn) {
      waits.push(ms);
      pending.push(fn);
      return () => pending.splice(pending.indexOf(fn), 1);
    },
    fire: () => pending.shift()?.(),
  };
}

const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('openWithRetry', () => {
  it('logs one clear error, then one line per attempt with a growing wait, until the server answers', async () => {
    const timers = manualTimers();
    const lines: string[] = [];
    let calls = 0;
    const opened = openWithRetry(
      async () => {
        calls++;
        if (calls < 5) throw new Error('Lost connection to server.');
        return 'peer';
      },
      {
        where: () => 'http://127.0.0.1:9000/peerjs',
        describe: () => ({ why: 'connect ECONNREFUSED 127.0.0.1:9000', idHeld: false }),
        timers,
        log: (l) => lines.push(l),
        random: () => 0.5,
      },
    );
    for (let i = 0; i < 4; i++) {
      await flush();
      timers.fire();
    }
    expect(await opened).toBe('peer');
    expect(calls).toBe(5);
    expect(timers.waits).toEqual([500, 1000, 2000, 4000]);
    expect(lines[0]).toBe(
      'error: cannot reach the PeerServer at http://127.0.0.1:9000/peerjs (connect ECONNREFUSED 127.0.0.1:9000); is it running? The lobby opens once it answers. Retrying with backoff.',
    );
    expect(lines.slice(1, 5)).toEqual([
      'signaling: attempt 1 failed (connect ECONNREFUSED 127.0.0.1:9000); retrying in 1 s',
      'signaling: attempt 2 failed (connect ECONNREFUSED 127.0.0.1:9000); retrying in 1 s',
      'signaling: attempt 3 failed (connect ECONNREFUSED 127.0.0.1:9000); retrying in 2 s',
      'signaling: attempt 4 failed (connect ECONNREFUSED 127.0.0.1:9000); retrying in 4 s',
    ]);
    expect(lines[5]).toBe('signaling: the PeerServer at http://127.0.0.1:9000/peerjs answered on attempt 5');
    expect(lines).toHaveLength(6);
  });

  it('caps the wait at 15 s and says when the server holds the room for the host that had it', async () => {
    const timers = manualTimers();
    const lines: string[] = [];
    const opened = openWithRetry(() => Promise.reject(new Error('ID "rewind-x" is taken')), {
      where: () => 'ws',
      describe: (e) => ({ why: (e as Error).message, idHeld: true }),
      timers,
      log: (l) => lines.push(l),
      random: () => 0.5,
    });
    for (let i = 0; i < 8; i++) {
      await flush();
      timers.fire();
    }
    await flush();
    expect(timers.waits.slice(-3)).toEqual([15000, 15000, 15000]);
    expect(lines[0]).toMatch(
      /^error: the PeerServer at ws still keeps this room for the host that had it \(ID "rewind-x" is taken\); it gives the room back once its hold ends/,
    );
    expect(lines.filter((l) => l.startsWith('signaling: attempt'))).toHaveLength(9); // 8 fired waits, the 9th pending
    void opened.catch(() => undefined);
  });

  it('stops retrying when aborted (a signal before the lobby opened)', async () => {
    const timers = manualTimers();
    const abort = new AbortController();
    const opened = openWithRetry(() => Promise.reject(new Error('down')), {
      where: () => 'ws',
      describe: () => ({ why: 'down', idHeld: false }),
      timers,
      log: () => undefined,
      signal: abort.signal,
    });
    await flush();
    expect(timers.waits).toHaveLength(1);
    abort.abort();
    await expect(opened).rejects.toBeInstanceOf(RetryAborted);
    timers.fire();
    await flush();
    expect(timers.waits).toHaveLength(1);
  });
});
