/**
 * Opening the dedicated host's lobby on the PeerServer until it answers. A browser host whose
 * signaling drops shows a banner and retries with backoff (src/lobby/signaling-reconnect.ts); a
 * dedicated host started before its PeerServer (a container that came up first, a PeerServer being
 * restarted) does the same from its first attempt: one clear error line, then one line per attempt
 * with the wait before the next, the same backoff (0.5 s doubling to 15 s, ±20 % jitter), forever.
 *
 * Inputs: `attempt`, a function that tries once to open the signaling connection and resolves with
 * it or rejects (so the caller can point it at any signaling client), a `describe` that turns a
 * failure into words, timers, a log sink, an abort signal. Output: what the first successful
 * attempt resolved with. Invariants: attempts never overlap; nothing runs after an abort (the
 * promise then rejects with `RetryAborted`); every failure is logged, never thrown.
 */
import { backoffDelay } from '../lobby/signaling-reconnect';

export interface RetryTimers {
  after(ms: number, fn: () => void): () => void;
}

export interface RetryOptions {
  /** The PeerServer's address, for the log lines. */
  where: () => string;
  /** A failed attempt in words, and whether it is the server keeping our id for a host that just left. */
  describe: (err: unknown) => { why: string; idHeld: boolean };
  timers: RetryTimers;
  log: (line: string) => void;
  signal?: AbortSignal;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

export class RetryAborted extends Error {
  constructor() {
    super('stopped before the PeerServer answered');
  }
}

/** The first line: what is wrong and what happens next, in one sentence. */
export function firstFailureLine(where: string, why: string, idHeld: boolean): string {
  if (idHeld)
    return `error: the PeerServer at ${where} still keeps this room for the host that had it (${why}); it gives the room back once its hold ends (up to a minute after that host stopped), or use another --room. Retrying with backoff.`;
  return `error: cannot reach the PeerServer at ${where} (${why}); is it running? The lobby opens once it answers. Retrying with backoff.`;
}

/** One line per failed attempt, with the wait before the next (as the browser host's banner says it). */
export function retryLine(attempt: number, why: string, retryInMs: number): string {
  return `signaling: attempt ${attempt} failed (${why}); retrying in ${Math.max(1, Math.round(retryInMs / 1000))} s`;
}

export async function openWithRetry<T>(attempt: () => Promise<T>, o: RetryOptions): Promise<T> {
  const baseMs = o.baseDelayMs ?? 500;
  const maxMs = o.maxDelayMs ?? 15_000;
  const random = o.random ?? Math.random;
  for (let n = 1; ; n++) {
    if (o.signal?.aborted) throw new RetryAborted();
    try {
      const opened = await attempt();
      if (n > 1) o.log(`signaling: the PeerServer at ${o.where()} answered on attempt ${n}`);
      return opened;
    } catch (err) {
      if (o.signal?.aborted) throw new RetryAborted();
      const { why, idHeld } = o.describe(err);
      if (n === 1) o.log(firstFailureLine(o.where(), why, idHeld));
      const waitMs = backoffDelay(n - 1, baseMs, maxMs, random);
      o.log(retryLine(n, why, waitMs));
      await wait(waitMs, o.timers, o.signal);
    }
  }
}

function wait(ms: number, timers: RetryTimers, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      cancel();
      reject(new RetryAborted());
    };
    const cancel = timers.after(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
