/**
 * The host's match settings as a DOM form, shared by the lobby screen and the end screen: Mode,
 * Map, Frag limit, Time limit (min), Friendly fire, and the bot buttons (Add bot, Remove bot).
 * Labels and element ids are a public contract (docs/GAME.md): outside tools select by them.
 *
 * Input: the document, the rules to show, the bot actions. Output: the element and `read()`: the
 * rules, or null when an entry was out of range or not a number; then the form shows what it would
 * use instead (one sentence per setting, in `#rules-issues`) and puts those values in the fields, so
 * the host sees the change and starts again. The server clamps whatever reaches it all the same.
 * Invariant: only textContent and value properties are set (no markup from anywhere).
 */
import { MAPS } from '../sim/maps';
import { MODE_NAMES, RULE_LIMITS, checkRules } from '../sim/match-rules';
import type { MatchRules } from '../sim/match-types';

export interface BotActions {
  addBot(): Promise<void> | void;
  removeBot(): Promise<void> | void;
  botCount(): number;
}

export interface MatchSettingsForm {
  element: HTMLElement;
  /** The rules as the form shows them (time limit back in seconds), or null after showing what was wrong. */
  read(): MatchRules | null;
  set(rules: MatchRules): void;
  /** Refreshes the bot count line. */
  refresh(): void;
}

export function field(doc: Document, label: string, control: HTMLElement): HTMLLabelElement {
  const l = doc.createElement('label');
  l.className = 'match-setting';
  const span = doc.createElement('span');
  span.textContent = label;
  l.append(span, control);
  return l;
}

function select(doc: Document, id: string, options: readonly string[]): HTMLSelectElement {
  const s = doc.createElement('select');
  s.id = id;
  options.forEach((text, i) => {
    const o = doc.createElement('option');
    o.value = String(i);
    o.textContent = text;
    s.append(o);
  });
  return s;
}

export function numberInput(doc: Document, id: string, min: number, max: number): HTMLInputElement {
  const i = doc.createElement('input');
  Object.assign(i, { id, type: 'number', min: String(min), max: String(max) });
  return i;
}

function actionButton(doc: Document, id: string, text: string, onClick: () => void): HTMLButtonElement {
  const b = doc.createElement('button');
  Object.assign(b, { id, type: 'button', textContent: text });
  b.addEventListener('click', onClick);
  return b;
}

/** The bot count line and the Add bot / Remove bot buttons; `refresh` rewrites the count. */
export function botControls(doc: Document, bots: BotActions): { row: HTMLElement; refresh: () => void } {
  const botLine = doc.createElement('span');
  botLine.id = 'bot-count';
  const refresh = (): void => {
    botLine.textContent = `Bots: ${bots.botCount()}`;
  };
  const act = (fn: () => Promise<void> | void) => () => void Promise.resolve(fn()).then(refresh);
  const row = doc.createElement('div');
  row.className = 'match-bots';
  row.append(
    botLine,
    actionButton(doc, 'add-bot', 'Add bot', act(bots.addBot)),
    actionButton(doc, 'remove-bot', 'Remove bot', act(bots.removeBot)),
  );
  return { row, refresh };
}

/** The fields' entries as checkRules takes them (unchecked). */
function readFields(
  mode: HTMLSelectElement,
  map: HTMLSelectElement,
  frag: HTMLInputElement,
  time: HTMLInputElement,
  ff: HTMLInputElement,
): Record<'mode' | 'mapId' | 'fragLimit' | 'timeLimitS' | 'friendlyFire', unknown> {
  return {
    mode: mode.value,
    mapId: map.value,
    fragLimit: frag.value,
    // Minutes on screen, seconds in the rules; an empty or odd entry goes to checkRules as is.
    timeLimitS: time.value.trim() === '' || !Number.isFinite(Number(time.value)) ? time.value : Number(time.value) * 60,
    friendlyFire: ff.checked,
  };
}

export function createMatchSettingsForm(doc: Document, rules: MatchRules, bots: BotActions): MatchSettingsForm {
  const mode = select(doc, 'match-mode', MODE_NAMES);
  const map = select(
    doc,
    'match-map',
    MAPS.map((m) => m.name),
  );
  const frag = numberInput(doc, 'frag-limit', RULE_LIMITS.fragLimit.min, RULE_LIMITS.fragLimit.max);
  const time = numberInput(doc, 'time-limit', 0, RULE_LIMITS.timeLimitS.max / 60);
  time.step = 'any';
  const ff = doc.createElement('input');
  Object.assign(ff, { id: 'friendly-fire', type: 'checkbox' });
  const { row: botRow, refresh } = botControls(doc, bots);
  const issues = doc.createElement('p');
  issues.id = 'rules-issues';
  issues.setAttribute('role', 'alert');
  const element = doc.createElement('fieldset');
  element.id = 'match-settings';
  const legend = doc.createElement('legend');
  legend.textContent = 'Match settings';
  element.append(
    legend,
    field(doc, 'Mode', mode),
    field(doc, 'Map', map),
    field(doc, 'Frag limit', frag),
    field(doc, 'Time limit (min)', time),
    field(doc, 'Friendly fire', ff),
    botRow,
    issues,
  );
  const set = (r: MatchRules): void => {
    mode.value = String(r.mode);
    map.value = String(r.mapId);
    frag.value = String(r.fragLimit);
    time.value = String(Math.round((r.timeLimitS / 60) * 100) / 100);
    ff.checked = r.friendlyFire;
  };
  set(rules);
  refresh();
  return {
    element,
    read: () => {
      const checked = checkRules({ ...readFields(mode, map, frag, time, ff), warmupS: rules.warmupS });
      issues.textContent = checked.issues.map((i) => i.message).join(' ');
      if (checked.issues.length === 0) return checked.rules;
      set(checked.rules);
      return null;
    },
    set,
    refresh,
  };
}
