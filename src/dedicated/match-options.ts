/**
 * The dedicated host's match rules, from the command line or the environment, with the names of
 * the browser host's match settings: mode, map (and a rotation of maps), frag limit, time limit,
 * warm-up, friendly fire, and the pause between one match's end screen and the next match.
 *
 *   --mode M              REWIND_MODE              deathmatch (dm, 0) or team-deathmatch (tdm, team, 1)
 *   --map NAME            REWIND_MAP               the first match's map (crossfire, plaza, warrens, bastion, or its number)
 *   --maps A,B,C          REWIND_MAPS              the rotation: each next match is on the next map (after the last, the first)
 *   --frag-limit N        REWIND_FRAG_LIMIT        score that ends the match (0: none); default 20
 *   --time-limit S        REWIND_TIME_LIMIT        seconds of play (0: none); default 600
 *   --warmup S            REWIND_WARMUP            warm-up seconds before each match (0: none); default 5
 *   --friendly-fire[=0|1] REWIND_FRIENDLY_FIRE     team deathmatch: team mates hurt each other
 *   --next-match-delay S  REWIND_NEXT_MATCH_DELAY  seconds the end screen shows before the next match; default 10
 *
 * Output: the rules of the first match (`checkRules` of src/sim, the same clamps as the lobby's
 * form, each clamp reported as a notice) and the rotation. Invariant: never throws; a name that
 * is no map or mode is an error (the host does not start on a guess).
 */
import { checkRules } from '../sim/match-rules';
import { MAPS } from '../sim/maps';
import { GameMode, type MatchRules } from '../sim/match-types';

export const MATCH_FLAGS = [
  'mode',
  'map',
  'maps',
  'frag-limit',
  'time-limit',
  'warmup',
  'friendly-fire',
  'next-match-delay',
] as const;
export type MatchFlag = (typeof MATCH_FLAGS)[number];

export const MATCH_ENV: Record<MatchFlag, string> = {
  mode: 'REWIND_MODE',
  map: 'REWIND_MAP',
  maps: 'REWIND_MAPS',
  'frag-limit': 'REWIND_FRAG_LIMIT',
  'time-limit': 'REWIND_TIME_LIMIT',
  warmup: 'REWIND_WARMUP',
  'friendly-fire': 'REWIND_FRIENDLY_FIRE',
  'next-match-delay': 'REWIND_NEXT_MATCH_DELAY',
};

export const MATCH_USAGE = `  --mode M           deathmatch (dm) or team-deathmatch (tdm); default deathmatch
  --map NAME         the first match's map: ${MAPS.map((m) => m.name).join(', ')} (or its number); default ${MAPS[0]?.name ?? ''}
  --maps A,B,C       map rotation: each next match on the next map of the list
  --frag-limit N     score that ends a match (0: none; default 20)
  --time-limit S     seconds of play per match (0: none; default 600)
  --warmup S         warm-up seconds before each match (0: none; default 5)
  --friendly-fire    team deathmatch: team mates hurt each other (--friendly-fire=0: off)
  --next-match-delay S  seconds the end screen shows before the next match starts (default 10)`;

export interface MatchPlan {
  /** The first match's rules (its map is `rotation[0]`). */
  rules: MatchRules;
  /** Map ids in play order; the next match after the last one is on the first again. */
  rotation: number[];
  nextMatchDelayS: number;
}

const MODES: Readonly<Record<string, GameMode>> = {
  deathmatch: GameMode.Deathmatch,
  dm: GameMode.Deathmatch,
  '0': GameMode.Deathmatch,
  'team-deathmatch': GameMode.TeamDeathmatch,
  teamdeathmatch: GameMode.TeamDeathmatch,
  tdm: GameMode.TeamDeathmatch,
  team: GameMode.TeamDeathmatch,
  '1': GameMode.TeamDeathmatch,
};

/** A map's id from its name (any case) or its number; null when there is no such map. */
export function mapIdOf(raw: string): number | null {
  const t = raw.trim().toLowerCase();
  const byName = MAPS.findIndex((m) => m.name === t);
  if (byName >= 0) return byName;
  return /^\d+$/.test(t) && Number(t) < MAPS.length ? Number(t) : null;
}

function flag(raw: string | undefined, name: string, errors: string[]): boolean | undefined {
  if (raw === undefined) return undefined;
  const t = raw.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes', ''].includes(t)) return true;
  if (['0', 'false', 'off', 'no'].includes(t)) return false;
  errors.push(`${name}: "${raw}" is not on or off (1/0, true/false)`);
  return undefined;
}

function rotationOf(maps: string | undefined, map: string | undefined, errors: string[]): number[] {
  const names = MAPS.map((m) => m.name).join(', ');
  const one = (raw: string, what: string): number | null => {
    const id = mapIdOf(raw);
    if (id === null) errors.push(`${what}: "${raw}" is not a map (${names}, or 0-${MAPS.length - 1})`);
    return id;
  };
  const list =
    maps === undefined
      ? []
      : maps
          .split(',')
          .filter((s) => s.trim() !== '')
          .map((s) => one(s, 'maps'));
  if (maps !== undefined && list.length === 0) errors.push(`maps: "${maps}" names no map`);
  const first = map === undefined ? null : one(map, 'map');
  const rotation = list.filter((id): id is number => id !== null);
  if (rotation.length === 0) return [first ?? 0];
  if (first === null) return rotation;
  // --map picks where in the rotation the first match is.
  const at = rotation.indexOf(first);
  if (at < 0) errors.push(`map: "${map}" is not in --maps (${maps})`);
  return at <= 0 ? rotation : [...rotation.slice(at), ...rotation.slice(0, at)];
}

/** `get(flag)`: the command line's value, else the environment's, else undefined. */
export function parseMatchPlan(
  get: (flag: MatchFlag) => string | undefined,
  notices: string[],
  errors: string[],
): MatchPlan {
  const rawMode = get('mode');
  const mode = rawMode === undefined ? undefined : MODES[rawMode.trim().toLowerCase()];
  if (rawMode !== undefined && mode === undefined)
    errors.push(`mode: "${rawMode}" is not a mode (deathmatch or team-deathmatch)`);
  const rotation = rotationOf(get('maps'), get('map'), errors);
  const checked = checkRules({
    mode,
    mapId: rotation[0],
    fragLimit: get('frag-limit'),
    timeLimitS: get('time-limit'),
    warmupS: get('warmup'),
    friendlyFire: flag(get('friendly-fire'), 'friendly-fire', errors),
  });
  for (const issue of checked.issues) notices.push(issue.message);
  const rawDelay = get('next-match-delay') ?? '10';
  const delay = Number(rawDelay);
  let nextMatchDelayS = 10;
  if (rawDelay.trim() === '' || !Number.isFinite(delay))
    errors.push(`next-match-delay: "${rawDelay}" is not a number of seconds`);
  else {
    nextMatchDelayS = Math.min(300, Math.max(1, Math.round(delay)));
    if (nextMatchDelayS !== delay)
      notices.push(`next-match-delay: ${rawDelay} is outside 1..300 (whole seconds); using ${nextMatchDelayS}`);
  }
  return { rules: checked.rules, rotation, nextMatchDelayS };
}
