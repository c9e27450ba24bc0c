/**
 * The host's Pushball settings as a DOM form in the lobby: Goals to win, Match length (min), and
 * the bot buttons (Add bot, Remove bot, as the arena's form has them). Ids are a public contract
 * (docs/DEBUG-API.md): `#goals-to-win`, `#match-minutes`, `#add-bot`, `#remove-bot`, `#bot-count`,
 * `#rules-issues`.
 *
 * Input: the document, the bot actions. Output: the element, `read()` (the start request, or null
 * when an entry was out of range or not a number: the form then says what it would use instead in
 * `#rules-issues` and puts those values in the fields), `refresh()` (the bot count). The server
 * clamps whatever reaches it all the same. Invariant: only textContent and values are set.
 */
import { botControls, field, numberInput, type BotActions } from '../../game/match-settings-form';
import { config } from '../sim';

/** What the host asks Pushball's server for (its start request; a record the worker clamps). */
export type PushballStartRequest = {
  goalsToWin: number;
  matchSeconds: number;
};

export interface PushballSettingsForm {
  element: HTMLElement;
  read(): PushballStartRequest | null;
  refresh(): void;
}

const GOALS = config.SETTING_RANGES.goalsToWin;
const SECONDS = config.SETTING_RANGES.matchSeconds;

/** `raw` as a whole number in [min, max], or the nearest one with the sentence saying so; the fallback when not a number. */
function settle(raw: string, min: number, max: number, fallback: number, what: string): [number, string | null] {
  const v = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(v))
    return [fallback, `${what}: "${raw}" is not a number, ${fallback} is used.`];
  const clamped = Math.min(Math.max(v, min), max);
  return clamped === v ? [v, null] : [clamped, `${what} must be ${min} to ${max}: ${clamped} is used.`];
}

export function createPushballSettingsForm(doc: Document, bots: BotActions): PushballSettingsForm {
  const goals = numberInput(doc, 'goals-to-win', GOALS.min, GOALS.max);
  goals.value = String(GOALS.fallback);
  const minutes = numberInput(doc, 'match-minutes', SECONDS.min / 60, SECONDS.max / 60);
  minutes.step = '0.5';
  minutes.value = String(SECONDS.fallback / 60);
  const issues = doc.createElement('p');
  issues.id = 'rules-issues';
  const { row, refresh } = botControls(doc, bots);
  const element = doc.createElement('section');
  element.id = 'match-settings';
  element.append(field(doc, 'Goals to win', goals), field(doc, 'Match length (min)', minutes), row, issues);
  refresh();
  return {
    element,
    refresh,
    read() {
      const [g0, rangeIssue] = settle(goals.value, GOALS.min, GOALS.max, GOALS.fallback, 'Goals to win');
      // Goals are whole: 2.5 is said and made 3, like an entry out of range.
      const g = Math.round(g0);
      const goalIssue = rangeIssue ?? (g === g0 ? null : `Goals to win is a whole number: ${g} is used.`);
      const [m, minuteIssue] = settle(
        minutes.value,
        SECONDS.min / 60,
        SECONDS.max / 60,
        SECONDS.fallback / 60,
        'Match length',
      );
      const said = [goalIssue, minuteIssue].filter((x): x is string => x !== null);
      issues.textContent = said.join(' ');
      if (said.length > 0) {
        goals.value = String(g);
        minutes.value = String(m);
        return null;
      }
      return { goalsToWin: g, matchSeconds: Math.round(m * 60) };
    },
  };
}
