/**
 * The host's lobby says when someone could not get in (issue 22): the lobby door counts link
 * setups that failed (`refused.link-failed` in the host counters, docs/DEBUG-API.md); each time the
 * count grows, `#lobby-notice` reads "Someone tried to join but could not connect (no peer-to-peer
 * route)" with the TURN advice and its link, and how often when more than once.
 *
 * Inputs: the session's host counters (null on a joiner: nothing shown), the lobby screen, a poll
 * interval. Output: a stop function. Invariant: counts from before the watch began are not news.
 */
import { HOST_NO_ROUTE_TEXT, TURN_HELP_URL } from '../lobby/failures';
import type { LobbyScreen } from './screens';

export const LINK_FAILED_COUNTER = 'refused.link-failed';

export function watchLinkFailures(
  counters: () => Record<string, number> | null,
  lobby: Pick<LobbyScreen, 'notice'>,
  pollMs = 500,
): () => void {
  const read = (): number => counters()?.[LINK_FAILED_COUNTER] ?? 0;
  const start = read();
  let shown = start;
  const check = (): void => {
    const n = read();
    if (n <= shown) return;
    shown = n;
    const times = n - start > 1 ? ` It happened ${n - start} times.` : '';
    lobby.notice(`${HOST_NO_ROUTE_TEXT}${times}`, { href: TURN_HELP_URL, text: 'How to add a TURN relay' });
  };
  const timer = setInterval(check, pollMs);
  return () => clearInterval(timer);
}
