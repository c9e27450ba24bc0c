/**
 * What the settings panel shows and how an edit is applied (pure; the DOM panel only renders it).
 *
 * Inputs: the CVARS registry, the current cvar values, a `setCvar` function (the GameHost's).
 * Outputs: groups of items (every cvar exactly once, with its help line and bounds) and, for an
 * edit, the message to show (the host's CvarIssue message when it clamped or ignored the value).
 * Invariant: nothing here throws on bad text; the registry does the checking.
 */
import { CVARS, type CvarIssue, type CvarName, type Cvars } from '../config/cvars';

export interface SettingItem {
  name: CvarName;
  help: string;
  kind: 'flag' | 'number';
  min: number;
  max: number;
  step: number;
  value: number;
}

export interface SettingGroup {
  title: string;
  /** One line under the title saying what the group is for. */
  blurb: string;
  items: SettingItem[];
}

const SWITCHES: readonly CvarName[] = ['cl_predict', 'cl_reconcile', 'cl_interpolate', 'sv_lagcompensation'];
const CONDITIONER: readonly CvarName[] = ['net_fakelag', 'net_fakejitter', 'net_fakeloss', 'net_fakeloss_burst'];

const GROUPS: readonly { title: string; blurb: string; pick: (n: CvarName) => boolean }[] = [
  {
    title: 'Netcode switches',
    blurb: 'Turn each technique off to feel what it does.',
    pick: (n) => SWITCHES.includes(n),
  },
  {
    title: 'Network conditioner',
    blurb: 'Make your own connection worse, live.',
    pick: (n) => CONDITIONER.includes(n),
  },
  {
    title: 'Client tuning',
    blurb: 'Interpolation, smoothing, rates.',
    pick: (n) => n.startsWith('cl_') || n === 'rate',
  },
  { title: 'Host and display', blurb: 'Host-side settings and debug views.', pick: () => true },
];

function itemFor(name: CvarName, cvars: Readonly<Cvars>): SettingItem {
  const def = CVARS[name];
  const isFlag = def.integer && def.min === 0 && def.max === 1;
  return {
    name,
    help: def.help,
    kind: isFlag ? 'flag' : 'number',
    min: def.min,
    max: def.max,
    step: def.integer ? 1 : 0.01,
    value: cvars[name],
  };
}

/** Every cvar in exactly one group, groups in the order above, names in registry order within. */
export function settingGroups(cvars: Readonly<Cvars>): SettingGroup[] {
  const taken = new Set<CvarName>();
  const names = Object.keys(CVARS) as CvarName[];
  return GROUPS.map((g) => {
    const items: SettingItem[] = [];
    for (const n of names) {
      if (taken.has(n) || !g.pick(n)) continue;
      taken.add(n);
      items.push(itemFor(n, cvars));
    }
    return { title: g.title, blurb: g.blurb, items };
  }).filter((g) => g.items.length > 0);
}

export type SetCvar = (name: string, value: number | string) => CvarIssue | null;

/** The outcome of an edit, ready to show under the field. */
export interface EditResult {
  /** The host's message when the value was clamped or ignored, else null. */
  message: string | null;
  /** The value now in force (read back after setting). */
  value: number;
}

/** Applies one edit: a checkbox gives a boolean, a field gives its raw text. */
export function applyEdit(
  set: SetCvar,
  read: () => Readonly<Cvars>,
  name: CvarName,
  raw: string | boolean,
): EditResult {
  const given = typeof raw === 'boolean' ? (raw ? 1 : 0) : raw;
  const issue = set(name, given);
  return { message: issue ? issue.message : null, value: read()[name] };
}

/** How a value is printed in the panel: flags as on/off, numbers without float noise. */
export function formatSetting(item: Pick<SettingItem, 'kind'>, value: number): string {
  if (item.kind === 'flag') return value ? 'on' : 'off';
  return String(Math.round(value * 1000) / 1000);
}
