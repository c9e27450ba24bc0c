/**
 * Every way joining or playing can fail, and the sentence the player reads for it. One table so
 * the start screen, the lobby and the e2e tests agree on the words.
 *
 * Inputs: a `JoinFailure` (from transport errors, a reject, a kick, a timeout). Outputs: text.
 * Invariant: every message says what happened and, where there is one, what to do next, once:
 * a refusal is the host's sentence when it sent one (else our own headline), never both, and a
 * reason from the host is shown as a sentence (capital first letter, final period).
 */
import type { KickReason, RejectReason } from '../protocol/messages';

export type JoinFailure =
  | { kind: 'signaling-unreachable'; address: string; detail: string }
  | { kind: 'room-not-found'; roomId: string }
  | { kind: 'connection-failed'; detail: string }
  | { kind: 'rejected'; reason: RejectReason; text: string }
  | { kind: 'kicked'; reason: KickReason; text: string }
  | { kind: 'host-left' }
  | { kind: 'handshake-timeout' }
  | { kind: 'id-taken' }
  | { kind: 'other'; detail: string };

export const HOST_LEFT_TEXT = 'The host left.';

const REJECT_HEADLINE: Record<RejectReason, string> = {
  full: 'Lobby full.',
  version: 'Version mismatch.',
  password: 'Wrong password.',
  kicked: 'You were kicked.',
  banned: 'You are banned from this lobby.',
  'bad-hello': 'The host could not read your join request.',
  started: 'The match has already started.',
};

const KICK_TEXT: Record<KickReason, string> = {
  host: 'by the host',
  malformed: 'for sending malformed packets',
  flood: 'for sending too many packets',
  timeout: 'after 5 seconds without hearing from you',
  shutdown: 'because the server shut down',
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

export function failureText(f: JoinFailure): string {
  switch (f.kind) {
    case 'signaling-unreachable':
      return `Cannot reach the signaling server (PeerServer) at ${f.address}. Is it running? (${f.detail})`;
    case 'room-not-found':
      return `Lobby not found: no lobby "${f.roomId}" is open. The host may have closed it; ask for a new link.`;
    case 'connection-failed':
      return `Connection failed: no peer-to-peer route to the host (${f.detail}). Across strict NATs or firewalls you need a TURN server: see README "ICE servers".`;
    case 'rejected':
      return asSentence(f.text) || REJECT_HEADLINE[f.reason];
    case 'kicked':
      return kickText(f.reason, f.text);
    case 'host-left':
      return HOST_LEFT_TEXT;
    case 'handshake-timeout':
      return 'The host did not answer the join request in time.';
    case 'id-taken':
      return 'That lobby id is already in use on the signaling server; create a new lobby.';
    case 'other':
      return `Something went wrong: ${f.detail}`;
  }
}

/** "You were kicked <why>." plus the host's detail as its own sentence, unless it says the same. */
function kickText(reason: KickReason, text: string): string {
  // 'shutdown' is not a kick as players understand it: the server went away and said why.
  const head = reason === 'shutdown' ? 'The server shut down.' : `You were kicked ${KICK_TEXT[reason]}.`;
  const detail = asSentence(text);
  const same = (a: string): string => a.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  if (detail === '' || same(head).includes(same(detail)) || same(detail).includes(same(head))) return head;
  return `${head} ${detail}`;
}
