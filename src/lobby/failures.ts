/**
 * Every way joining or playing can fail, and the sentence the player reads for it. One table so
 * the start screen, the lobby and the e2e tests agree on the words.
 *
 * Inputs: a `JoinFailure` (from transport errors, a reject, a kick, a timeout, a failed host
 * check). Outputs: text. Invariants: every message says what happened once, in sentence case, and
 * where there is one, what to do next. For a reject or a kick the headline is ours (by reason);
 * the host's text is only a detail shown after it as its own sentence (capital first letter, final
 * period), and left out when it says the same as the headline (the host sends details, not
 * headlines, and a joiner drops the text of a reject that came before the host proved itself).
 */
import type { KickReason, RejectReason } from '../protocol/control-messages';
import { nameProblemText, type NameProblem } from './player-name';

export type JoinFailure =
  | { kind: 'signaling-unreachable'; address: string; detail: string }
  | { kind: 'room-not-found'; roomId: string }
  | { kind: 'connection-failed'; detail: string }
  /** ICE found no route between the two networks (no TURN relay, or none that works). */
  | { kind: 'no-route'; detail: string }
  /** The page is not a secure context (plain http:// on a network address): no crypto.subtle, no lobby. */
  | { kind: 'insecure-context' }
  | { kind: 'rejected'; reason: RejectReason; text: string }
  | { kind: 'kicked'; reason: KickReason; text: string }
  | { kind: 'host-left' }
  | { kind: 'handshake-timeout' }
  | { kind: 'id-taken' }
  /**
   * The peer on the lobby's id could not prove it holds the key the link names. `refused`: it
   * answered the challenge with a reject of this reason instead (anyone can: shown as not-host all
   * the same; only 'busy' makes the joiner ask again).
   */
  | { kind: 'not-host'; refused?: RejectReason }
  /** Our own check of the name typed, before connecting. */
  | { kind: 'bad-name'; problem: NameProblem }
  /** The host kept sending snapshots no honest host sends (client/host-plausibility.ts). */
  | { kind: 'host-implausible' }
  | { kind: 'other'; detail: string };

export const HOST_LEFT_TEXT = 'The host left.';

/**
 * The deployment recipe (README "Friends on other networks"), shipped with the page as
 * public/turn-relay.html so the link works wherever the page is served, even offline.
 */
export const TURN_HELP_URL = 'turn-relay.html';
export const TURN_ADVICE =
  'Your friend\'s network needs a TURN relay: whoever serves this page can add one with the one-command deployment (README "Friends on other networks").';
/** What the host's lobby says when a joiner's link could not be set up (LobbyDoor's 'link-failed'). */
export const HOST_NO_ROUTE_TEXT = `Someone tried to join but could not connect (no peer-to-peer route). ${TURN_ADVICE}`;
export const INSECURE_CONTEXT_TEXT =
  'This page was opened over plain http:// on a network address, so the browser turns off what lobbies need (crypto.subtle; it is not a secure context). Open it over https:// (the one-command deployment serves it so), or at http://localhost on the machine that serves it.';

/** A link to show under a failure's text, for the failures whose fix is on a page of its own. */
export function failureHelp(f: JoinFailure): { href: string; text: string } | null {
  if (f.kind === 'no-route' || f.kind === 'insecure-context')
    return { href: TURN_HELP_URL, text: 'How to set up the deployment with a TURN relay' };
  return null;
}
export const NOT_HOST_TEXT = 'This is not the host of this lobby.';

const REJECT_TEXT: Record<RejectReason, string> = {
  full: 'The lobby is full.',
  version:
    "Version mismatch: this page and the host run different versions of the game. Reload the page to get the host's version.",
  password: 'Wrong password.',
  kicked: 'You were kicked from this lobby and cannot rejoin this match.',
  banned: 'You are banned from this lobby.',
  'bad-hello': 'The host could not read your join request.',
  started: 'The match has already started and the host does not take new players.',
  attempts: 'Too many wrong passwords.',
  name: 'The host refused your name.',
  busy: 'The host is busy with other join requests. Try again in a few seconds.',
};

const KICK_TEXT: Record<KickReason, string> = {
  host: 'You were kicked by the host.',
  malformed: 'You were kicked for sending malformed packets.',
  flood: 'You were kicked for sending too many packets.',
  timeout: 'You were kicked after 5 seconds without hearing from you.',
  // Not a kick as players understand it: the server went away and said why.
  shutdown: 'The server shut down.',
};

/** A host-sent fragment as one sentence: trimmed, capitalised, with a final period ('' stays ''). */
export function asSentence(text: string): string {
  const t = text.trim();
  if (t === '') return '';
  const first = t.codePointAt(0) ?? 0;
  const head = String.fromCodePoint(first);
  const body = head.toLocaleUpperCase() + t.slice(head.length);
  return /[.!?…]$/u.test(body) ? body : `${body}.`;
}

/** Our headline, then the host's detail as its own sentence unless it says the same. */
function withDetail(headline: string, detail: string): string {
  const d = asSentence(detail);
  const same = (a: string): string =>
    a
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  if (d === '' || same(headline).includes(same(d)) || same(d).includes(same(headline))) return headline;
  return `${headline} ${d}`;
}

export function failureText(f: JoinFailure): string {
  switch (f.kind) {
    case 'signaling-unreachable':
      return `Cannot reach the signaling server (PeerServer) at ${f.address}. Is it running? (${f.detail}) Check that the server that gave you this page is up and that this network lets it through (some firewalls and proxies block WebSockets).`;
    case 'room-not-found':
      return `Lobby not found: no lobby "${f.roomId}" is open. The host may have closed it; ask for a new link.`;
    case 'connection-failed':
      return `Connection failed: no peer-to-peer route to the host (${f.detail}). Across strict NATs or firewalls you need a TURN server: see README "ICE servers".`;
    case 'no-route':
      return `Could not connect to the host: no peer-to-peer route between your networks (${f.detail}). ${TURN_ADVICE}`;
    case 'insecure-context':
      return INSECURE_CONTEXT_TEXT;
    case 'rejected':
      return withDetail(REJECT_TEXT[f.reason], f.text);
    case 'kicked':
      return withDetail(KICK_TEXT[f.reason], f.text);
    case 'host-left':
      return HOST_LEFT_TEXT;
    case 'handshake-timeout':
      return 'The host did not answer the join request in time.';
    case 'id-taken':
      return 'That lobby id is already in use on the signaling server; create a new lobby.';
    case 'not-host':
      return NOT_HOST_TEXT;
    case 'bad-name':
      return nameProblemText(f.problem);
    case 'host-implausible':
      return 'The host kept sending impossible game states, so you left the match.';
    case 'other':
      return `Something went wrong: ${f.detail}`;
  }
}
