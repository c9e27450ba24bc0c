/**
 * The host's decision on a joiner's hello, as a pure function so every rule is unit-tested:
 * version first (an old client cannot even be told the rest reliably), then kicked, password,
 * lobby full, a running match that does not take joiners.
 *
 * Inputs: the decoded hello and the lobby's current facts. Outputs: accept with the cleaned
 * name, or reject with a `RejectReason` and the sentence the joiner will see.
 * Invariant: the name in an accept is trimmed, stripped of control characters, 1..24 characters.
 */
import type { RejectReason } from '../protocol/messages';
import { MAX_LOBBY_PLAYERS } from '../protocol/control';

export const MAX_NAME_LENGTH = 24;
export { MAX_LOBBY_PLAYERS };

export interface HelloFacts {
  protocolVersion: number;
  playerCount: number;
  maxPlayers: number;
  /** Empty = no password. */
  password: string;
  /** Peer was kicked from this lobby before. */
  wasKicked: boolean;
  started: boolean;
  joinRunningMatch: boolean;
}

export interface Hello {
  protocolVersion: number;
  name: string;
  password: string;
}

export type HelloDecision = { accept: true; name: string } | { accept: false; reason: RejectReason; text: string };

/** Trims, removes control characters and collapses spaces; '' when nothing printable is left. */
export function cleanName(raw: string): string {
  const printable = raw.replace(/[\t\n\r]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, '');
  return [...printable.replace(/\s+/g, ' ').trim()].slice(0, MAX_NAME_LENGTH).join('').trim();
}

export function rejectText(reason: RejectReason, facts: Pick<HelloFacts, 'maxPlayers' | 'protocolVersion'>): string {
  switch (reason) {
    case 'full':
      return `Lobby full: all ${facts.maxPlayers} places are taken.`;
    case 'version':
      return `Version mismatch: the host runs protocol ${facts.protocolVersion}. Reload the page to get the same version as the host.`;
    case 'password':
      return 'Wrong password.';
    case 'kicked':
      return 'You were kicked from this lobby.';
    case 'banned':
      return 'You are banned from this lobby.';
    case 'bad-hello':
      return 'Your name is empty or your join message was malformed.';
    case 'started':
      return 'The match has already started and the host does not take new players.';
  }
}

export function decideHello(hello: Hello, facts: HelloFacts): HelloDecision {
  const reject = (reason: RejectReason): HelloDecision => ({ accept: false, reason, text: rejectText(reason, facts) });
  if (hello.protocolVersion !== facts.protocolVersion) return reject('version');
  if (facts.wasKicked) return reject('kicked');
  if (facts.password !== '' && hello.password !== facts.password) return reject('password');
  const max = Math.min(Math.max(facts.maxPlayers, 1), MAX_LOBBY_PLAYERS);
  if (facts.playerCount >= max) return reject('full');
  if (facts.started && !facts.joinRunningMatch) return reject('started');
  const name = cleanName(hello.name);
  if (name === '') return reject('bad-hello');
  return { accept: true, name };
}

/** Makes a name unique in the lobby by appending " (2)", " (3)"… within the length limit. */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = [...name].slice(0, MAX_NAME_LENGTH - suffix.length).join('') + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
