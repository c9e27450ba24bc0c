/**
 * The host's match settings: defaults, bounds, and `checkRules`, which turns anything (a form, a
 * URL, a message) into valid rules and says in one sentence per field what it changed.
 *
 * Input: a partial, untrusted rules object. Output: complete rules with every field an integer in
 * its range (or a boolean), plus the clamped or ignored fields as readable issues.
 * Invariant: `checkRules(checkRules(x).rules)` reports no issues and returns the same rules.
 */
import { GAME_MODE_COUNT, GameMode, type MatchRules } from './match-types';
import { MAPS } from './maps';

export const RULE_LIMITS = Object.freeze({
  fragLimit: { min: 0, max: 200 },
  timeLimitS: { min: 0, max: 3600 },
  warmupS: { min: 0, max: 60 },
});

export const DEFAULT_RULES: MatchRules = Object.freeze({
  mode: GameMode.Deathmatch,
  mapId: 0,
  fragLimit: 20,
  timeLimitS: 600,
  warmupS: 5,
  friendlyFire: false,
});

export interface RuleIssue {
  field: keyof MatchRules;
  message: string;
}

export const MODE_NAMES: readonly string[] = Object.freeze(['Deathmatch', 'Team deathmatch']);

/** How each setting is named on screen (the lobby's labels), so an issue reads as one plain sentence. */
const LABELS: Readonly<Record<keyof MatchRules, string>> = Object.freeze({
  mode: 'Mode',
  mapId: 'Map',
  fragLimit: 'Frag limit',
  timeLimitS: 'Time limit (seconds)',
  warmupS: 'Warm-up (seconds)',
  friendlyFire: 'Friendly fire',
});

function intIn(field: 'fragLimit' | 'timeLimitS' | 'warmupS', value: unknown, issues: RuleIssue[]): number {
  const { min, max } = RULE_LIMITS[field];
  const fallback = DEFAULT_RULES[field];
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) {
    if (value !== undefined) issues.push({ field, message: `${LABELS[field]} must be a number; kept ${fallback}.` });
    return fallback;
  }
  const clamped = Math.min(Math.max(Math.round(n), min), max);
  if (clamped !== n)
    issues.push({ field, message: `${LABELS[field]} ${n} is outside ${min}-${max}; using ${clamped}.` });
  return clamped;
}

function pick(value: unknown, count: number, field: 'mode' | 'mapId', issues: RuleIssue[]): number {
  if (value === undefined) return DEFAULT_RULES[field];
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < count) return n;
  issues.push({ field, message: `${LABELS[field]} ${String(value)} is unknown; using ${DEFAULT_RULES[field]}.` });
  return DEFAULT_RULES[field];
}

/** Complete, valid rules from an untrusted partial object, and what had to be changed. */
export function checkRules(input: Partial<Record<keyof MatchRules, unknown>> | null | undefined): {
  rules: MatchRules;
  issues: RuleIssue[];
} {
  const src = input ?? {};
  const issues: RuleIssue[] = [];
  const rules: MatchRules = {
    mode: pick(src.mode, GAME_MODE_COUNT, 'mode', issues) as GameMode,
    mapId: pick(src.mapId, MAPS.length, 'mapId', issues),
    fragLimit: intIn('fragLimit', src.fragLimit, issues),
    timeLimitS: intIn('timeLimitS', src.timeLimitS, issues),
    warmupS: intIn('warmupS', src.warmupS, issues),
    friendlyFire: src.friendlyFire === true || src.friendlyFire === 1 || src.friendlyFire === 'true',
  };
  return { rules, issues };
}

/** "Team deathmatch on bastion, first to 30, 10 min" — for lobby texts and logs. */
export function describeRules(r: MatchRules): string {
  const map = MAPS[r.mapId]?.name ?? 'a custom map';
  const limits = [
    r.fragLimit > 0 ? `first to ${r.fragLimit}` : '',
    r.timeLimitS > 0 ? `${Math.round((r.timeLimitS / 60) * 10) / 10} min` : '',
  ].filter(Boolean);
  const ff = r.mode === GameMode.TeamDeathmatch && r.friendlyFire ? ', friendly fire' : '';
  return `${MODE_NAMES[r.mode] ?? 'Deathmatch'} on ${map}${limits.length ? ', ' + limits.join(', ') : ', no limit'}${ff}`;
}
