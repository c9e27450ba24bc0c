/**
 * The host's match controls over the server worker: the rules for the next match (checked here
 * with the same `checkRules` the worker applies, so the forms show at once what will be used), the
 * bots, and what the last start had to change (one sentence per setting, for the lobby to show).
 *
 * Inputs: the worker API, a callback that marks the lobby started (joiners enter the match; called
 * once the worker answered the start, whether it succeeded or not).
 * Output: MatchControls (src/game/game-host.ts) plus `issues()`. Invariant: the worker is the
 * authority; a refused bot (full server) leaves the count as it was.
 */
import type { Remote } from 'comlink';
import type { MatchControls } from '../game/game-host';
import type { BotActions } from '../game/match-settings-form';
import type { GameChoice } from './session-games';
import type { AnyWorkerGame, ServerWorkerApi } from '../host/worker-api';
import { checkRules, DEFAULT_RULES } from '../sim/match-rules';
import type { MatchRules, PublicMatchState } from '../sim/match-types';

/** What a successor's controls carry on from: the rules and bot count of the match it restored (its newest snapshot's). */
export type CarriedControls = { rules: Partial<MatchRules>; bots: number };

export function carriedControls(seen: PublicMatchState | undefined): CarriedControls | undefined {
  if (!seen) return undefined;
  const { mode, mapId, fragLimit, timeLimitS, friendlyFire } = seen;
  return {
    rules: { mode, mapId, fragLimit, timeLimitS, friendlyFire },
    bots: seen.players.filter((r) => r.bot).length,
  };
}

export interface HostMatchControls extends MatchControls {
  /** What the last start clamped or ignored, as sentences (empty when nothing). */
  issues(): string[];
}

/**
 * `carried`: a successor host's controls start from the match it took over (its rules as the
 * players saw them, and the bots the restored server still runs), not from the defaults.
 */
export function hostMatchControls(
  api: Remote<ServerWorkerApi<AnyWorkerGame>>,
  markStarted: () => void,
  carried?: CarriedControls,
): HostMatchControls {
  let rules: MatchRules = { ...DEFAULT_RULES, ...carried?.rules };
  let issues: string[] = [];
  return {
    ...workerBots(api, carried?.bots ?? 0),
    rules: () => rules,
    issues: () => issues,
    start(input) {
      const checked = checkRules(input);
      rules = checked.rules;
      issues = checked.issues.map((i) => i.message);
      // The host's page enters the match at once: the joiners follow whatever the worker answers,
      // so a failed call (a worker not running) never leaves them waiting in the lobby.
      void Promise.resolve(api.startMatch({ ...rules }))
        .catch((err: unknown) => {
          issues = [
            ...issues,
            `The server could not start the match: ${err instanceof Error ? err.message : String(err)}.`,
          ];
        })
        .finally(markStarted);
    },
  };
}

/** What the lobby's host gets: the arena's rules form's controls (null in another game), its bots, and "Start match". */
export interface LobbyStart {
  rulesForm: MatchControls | null;
  bots: BotActions;
  /** With `rules` when given (a record the worker's game clamps), else the rules chosen last. */
  start(rules?: Readonly<Record<string, unknown>>): void;
}

/** The worker's bots, counted here from `initial` (a refused bot, a full server, leaves the count as it was). */
function workerBots(api: Remote<ServerWorkerApi<AnyWorkerGame>>, initial: number): BotActions {
  let bots = initial;
  return {
    botCount: () => bots,
    async addBot() {
      if ((await api.addBot()) !== null) bots++;
    },
    async removeBot() {
      if ((await api.removeBot()) !== null) bots = Math.max(0, bots - 1);
    },
  };
}

/**
 * The host's start for the game its worker runs. The arena has its rules form (a successor's
 * carried on from `carried`); Pushball starts a fresh match on its current rules (by default first
 * to 5 goals or 3 minutes), teams dealt again, with no rules form yet.
 */
export function lobbyStart(
  game: GameChoice,
  api: Remote<ServerWorkerApi<AnyWorkerGame>>,
  markStarted: () => void,
  carried?: CarriedControls,
): LobbyStart {
  if (game === 'pushball')
    return {
      rulesForm: null,
      bots: workerBots(api, carried?.bots ?? 0),
      start: (rules) =>
        void Promise.resolve(api.startMatch({ ...rules }))
          .catch(() => undefined)
          .finally(markStarted),
    };
  const controls = hostMatchControls(api, markStarted, carried);
  return { rulesForm: controls, bots: controls, start: (rules) => controls.start(rules ?? controls.rules()) };
}
