/**
 * Where the dedicated host signals: the game page's /rewind-config.json, as a page reads it, then
 * `?peer=`/`?peerkey=`/`?ice=` of --page-url over it (src/lobby/signaling-config.ts).
 *
 * Inputs: --page-url, a fetch, a log sink. Output: the PeerServer options, and whether the page
 * answered at all. Invariant: never throws; a page that cannot be read is reported in one
 * line naming the URL tried and why (the network error's own cause, e.g. "connect ECONNREFUSED
 * 127.0.0.1:8080", not just "fetch failed"), and the defaults are used meanwhile.
 */
import { describeSignaling, resolveSignaling } from '../lobby/signaling-config';
import type { SignalingOptions } from '../transport/peer-link';

export const CONFIG_TIMEOUT_MS = 5000;

export type FetchLike = (
  url: URL,
  init: { signal: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface PageSignaling {
  options: SignalingOptions;
  /** False when the page did not answer at all (not up yet?): worth asking again before the next attempt. */
  answered: boolean;
}

/** The innermost reason of a failed fetch: undici wraps the socket's error as `cause`. */
export function whyFailed(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e !== undefined && e !== null && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    const text = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
    if (text && !parts.includes(text)) parts.push(text);
    if (!(e instanceof Error)) break;
  }
  const inner = parts.at(-1) ?? String(err);
  if (/aborted|timeout/i.test(inner)) return `no answer in ${CONFIG_TIMEOUT_MS / 1000} s`;
  return inner;
}

/** Reads --page-url's /rewind-config.json (quietly when `quiet`: a retry after a logged failure). */
export async function pageSignaling(
  pageUrl: URL,
  log: (line: string) => void,
  fetchJson: FetchLike,
  quiet = false,
): Promise<PageSignaling> {
  const configUrl = new URL('/rewind-config.json', pageUrl);
  let json: unknown;
  let answered = true;
  const fallback = (why: string, again: boolean): void => {
    if (quiet) return;
    const options = resolveSignaling(undefined, pageUrl.searchParams, {
      hostname: pageUrl.hostname,
      port: pageUrl.port,
      protocol: pageUrl.protocol,
    }).options;
    log(
      `--page-url ${pageUrl.href}: could not read ${configUrl.href} (${why}); using the PeerServer at ${describeSignaling(options)}${again ? ' until the page answers' : ''}`,
    );
  };
  try {
    const res = await fetchJson(configUrl, { signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
    if (!res.ok) fallback(`it answered HTTP ${res.status}; is --page-url the game page?`, false);
    else {
      try {
        json = await res.json();
      } catch (err) {
        fallback(`its answer is not JSON: ${whyFailed(err)}; is --page-url the game page?`, false);
      }
    }
  } catch (err) {
    answered = false;
    fallback(whyFailed(err), true);
  }
  const { options, issues } = resolveSignaling(json, pageUrl.searchParams, {
    hostname: pageUrl.hostname,
    port: pageUrl.port,
    protocol: pageUrl.protocol,
  });
  if (!quiet) for (const issue of issues) log(issue);
  return { options, answered };
}
