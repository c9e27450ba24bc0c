/**
 * Link recovery: what a joiner does when its host falls silent or the route under the link fails
 * (issue 22: a network change is a hiccup, not a migration). Silence alone cannot say whose
 * network it was, so the page asks before it blames anyone: it tries to join the lobby again, the
 * way a reload does (the seat proof brings its seat and score back, the client keeps its
 * prediction), quickly and often, and reads the answer:
 *  - the old link is heard again: it rode the outage out (nothing else happens);
 *  - a join gets through: back in (the same host, or one that took over meanwhile);
 *  - the signaling server itself is out of reach: it is this page's network; it says so and keeps
 *    trying (the host is not judged meanwhile);
 *  - the server says nobody holds the lobby's id (its socket closed: the host left or crashed) for
 *    HOST_GONE_WAIT_MS, even when the old link has closed too: a host whose own network changed
 *    loses both lines at once (its route and its signaling socket) and is back on the id within a
 *    few seconds, so one such answer says nothing; or the server delivers our offers but the host never answers (frozen, or its
 *    network changed and the server still holds its old socket: it can take its id back only after
 *    8 s of silence, scripts/id-holds.mjs) for HOST_WAIT_MS, counted from when this page's own
 *    network was last seen working: then, and only then, the page migrates or says the host left.
 *
 * Inputs: injected clock, sleep, one join attempt, the old link's `resumed`, a sentence sink.
 * Output: the outcome. Invariant: never waits without bound (OWN_NETWORK_WAIT_MS at most).
 */
import type { JoinFailure } from '../lobby/failures';

/** Between attempts: an attempt that fails fast (no network) is asked again this soon. */
export const RECOVER_RETRY_MS = 250;
/**
 * A host that does not answer (frozen, or its network changed) gets this long before anyone takes
 * over: the server gives its id back after 8 s of its old socket's silence, and it asks every second.
 */
export const HOST_WAIT_MS = 12_000;
/** Nobody holds the lobby's id for this long: the host's signaling socket closed and did not come back. */
export const HOST_GONE_WAIT_MS = 3000;
/** This page's own network gets this long to come back. */
export const OWN_NETWORK_WAIT_MS = 60_000;
/** A reconnecting page's join attempt: signaling and link timeouts (ms). */
export const QUICK_JOIN = Object.freeze({ signalingTimeoutMs: 1500, linkTimeoutMs: 3000 });

export const RECONNECTING_TEXT = 'Reconnecting… (the connection to the host dropped)';
export const OWN_NETWORK_TEXT = 'Reconnecting… your network seems to be down: waiting for it to come back.';

export type AttemptResult<T> = { inner: T } | { failure: JoinFailure } | { retry: string };

export type RecoveryOutcome<T> =
  | { kind: 'resumed' }
  | { kind: 'rejoined'; inner: T }
  | { kind: 'refused'; failure: JoinFailure }
  | { kind: 'host-gone' }
  | { kind: 'own-network-gone' }
  | { kind: 'closed' };

export interface RecoveryDeps<T> {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** The old link was heard again since the silence began. */
  resumed(): boolean;
  closed(): boolean;
  /** One join attempt; `retry` carries the failure's kind ('signaling-unreachable', 'room-not-found', …). */
  attempt(): Promise<AttemptResult<T>>;
  say(text: string): void;
}

export async function recoverLink<T>(d: RecoveryDeps<T>): Promise<RecoveryOutcome<T>> {
  const start = d.now();
  // The host is judged only on time this page could reach the signaling server.
  let hostWaitFrom = start;
  let notFoundSince: number | null = null;
  let ownDown = false;
  // Nothing is said before the first attempt failed: a quick rejoin is not worth a banner.
  let said = false;
  for (;;) {
    if (d.closed()) return { kind: 'closed' };
    if (d.resumed()) return { kind: 'resumed' };
    const r = await d.attempt();
    if ('inner' in r) return { kind: 'rejoined', inner: r.inner };
    if ('failure' in r) return { kind: 'refused', failure: r.failure };
    if (d.resumed()) return { kind: 'resumed' };
    const t = d.now();
    if (r.retry === 'signaling-unreachable') {
      if (!ownDown) d.say(OWN_NETWORK_TEXT);
      ownDown = said = true;
      hostWaitFrom = t;
      notFoundSince = null;
      if (t - start > OWN_NETWORK_WAIT_MS) return { kind: 'own-network-gone' };
    } else {
      if (ownDown || !said) d.say(RECONNECTING_TEXT);
      ownDown = false;
      said = true;
      notFoundSince = r.retry === 'room-not-found' ? (notFoundSince ?? t) : null;
      if (notFoundSince !== null && t - notFoundSince > HOST_GONE_WAIT_MS) return { kind: 'host-gone' };
      if (t - hostWaitFrom > HOST_WAIT_MS) return { kind: 'host-gone' };
    }
    await d.sleep(RECOVER_RETRY_MS);
  }
}
