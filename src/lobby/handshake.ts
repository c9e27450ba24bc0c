/**
 * The host's decision on a joiner's hello, as a pure function so every rule is unit-tested:
 * version first (an old client cannot even be told the rest reliably), then a banned browser, the
 * password (not asked of a returning seat token) (its attempt limits are the caller's, passed in as `checkPassword`, consulted only when
 * every earlier rule passed), lobby full, a running match that does not take joiners, the name
 * rules (player-name.ts) and the lobby's glyph budget.
 *
 * Inputs: the decoded hello and the lobby's current facts. Outputs: accept with the normalized
 * name, or reject with a `RejectReason` and a *detail* sentence (may be empty): the joiner shows
 * its own sentence for the reason first (failures.ts), so the detail never repeats it.
 */
import type { Hello, RejectReason } from '../protocol/control-messages';
import { MAX_LOBBY_PLAYERS } from '../protocol/control';
import { MAX_NAME_LENGTH, nameProblemText, normalizeName } from './player-name';
import { nameSkeleton } from './name-skeleton';

export { MAX_NAME_LENGTH } from './player-name';
export { MAX_LOBBY_PLAYERS };

export interface HelloFacts {
  protocolVersion: number;
  playerCount: number;
  maxPlayers: number;
  /** This browser token was kicked from this match. */
  banned: boolean;
  /**
   * The hello's seat token names a seat this lobby gave before (issue 13, rejoin): the tab was
   * admitted once, so the password is not asked again and a running match takes it back.
   */
  returning?: boolean;
  started: boolean;
  joinRunningMatch: boolean;
  /** Whether the lobby's glyph budget still has room for this (normalized) name. */
  nameFits(name: string): boolean;
}

/** What the host's password guard said about this attempt. */
export type PasswordOutcome =
  | { ok: true }
  | { ok: false; reason: 'password'; attemptsLeft: number }
  | { ok: false; reason: 'attempts'; retryAfterMs: number };

export type HelloDecision = { accept: true; name: string } | { accept: false; reason: RejectReason; text: string };

const reject = (reason: RejectReason, text = ''): HelloDecision => ({ accept: false, reason, text });

function passwordDetail(o: Exclude<PasswordOutcome, { ok: true }>): string {
  if (o.reason === 'attempts') return `Try again in ${Math.max(1, Math.ceil(o.retryAfterMs / 1000))} s.`;
  return o.attemptsLeft === 1 ? '1 attempt left.' : `${o.attemptsLeft} attempts left.`;
}

export function decideHello(
  hello: Pick<Hello, 'protocolVersion' | 'name'>,
  facts: HelloFacts,
  checkPassword: () => PasswordOutcome,
): HelloDecision {
  if (hello.protocolVersion !== facts.protocolVersion)
    return reject('version', `The host runs protocol ${facts.protocolVersion}.`);
  if (facts.banned) return reject('kicked');
  if (!facts.returning) {
    const password = checkPassword();
    if (!password.ok) return reject(password.reason, passwordDetail(password));
  }
  const max = Math.min(Math.max(facts.maxPlayers, 1), MAX_LOBBY_PLAYERS);
  if (facts.playerCount >= max) return reject('full', `It holds ${max} players.`);
  if (facts.started && !facts.joinRunningMatch && !facts.returning) return reject('started');
  const name = normalizeName(hello.name);
  if (!name.ok) return reject('name', nameProblemText(name.problem));
  if (!facts.nameFits(name.name))
    return reject(
      'name',
      'This lobby has no room left for new characters in names: choose a name with common letters.',
    );
  return { accept: true, name: name.name };
}

/**
 * Makes a name unique in the lobby by appending " (2)", " (3)"… within the length limit. Names are
 * compared by skeleton (name-skeleton.ts): a look-alike of a name in the lobby ("Ηost" with a Greek
 * Eta beside "Host") is numbered like an exact copy, so nobody can pass for someone else.
 */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  const skeletons = new Set([...taken].map(nameSkeleton));
  if (!skeletons.has(nameSkeleton(name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate =
      [...name]
        .slice(0, MAX_NAME_LENGTH - suffix.length)
        .join('')
        .trimEnd() + suffix;
    if (!skeletons.has(nameSkeleton(candidate))) return candidate;
  }
}
