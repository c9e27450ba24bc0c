/**
 * The typed cvar registry (DESIGN §6): every tunable with its default, bounds and one-line
 * explanation, named as in Valve's games where a name exists.
 *
 * Contract: `parseCvars` and `setCvar` never throw. Out-of-range numbers are clamped, unknown
 * names and unparsable values are ignored, and each such case is returned as a `CvarIssue`
 * so the UI can report it. Values are plain numbers (booleans are 0/1).
 */

export interface CvarDef {
  readonly default: number;
  readonly min: number;
  readonly max: number;
  /** Whole numbers only (ticks, counts, switches). */
  readonly integer: boolean;
  readonly help: string;
}

const num = (d: number, min: number, max: number, help: string): CvarDef => ({
  default: d,
  min,
  max,
  integer: false,
  help,
});
const int = (d: number, min: number, max: number, help: string): CvarDef => ({
  default: d,
  min,
  max,
  integer: true,
  help,
});
const flag = (d: 0 | 1, help: string): CvarDef => int(d, 0, 1, help);

export const CVARS = {
  cl_interp: num(0.1, 0, 0.5, 'Minimum interpolation delay (s): others are drawn this far in the past.'),
  cl_interp_ratio: num(
    2,
    1,
    5,
    'Interpolation delay in snapshot intervals: delay = max(cl_interp, ratio / cl_updaterate).',
  ),
  cl_interp_adaptive: flag(
    1,
    'Raise the interpolation delay above the minimum when snapshots arrive in bursts (gaps), lower it slowly after.',
  ),
  cl_interp_max: num(0.5, 0.05, 1, 'Largest interpolation delay (s) cl_interp_adaptive may use.'),
  cl_updaterate: int(30, 10, 128, 'Snapshots per second asked from the host (capped at its tickrate).'),
  cl_cmdrate: int(60, 10, 128, 'Command packets per second sent to the host (each carries the newest 3 commands).'),
  cl_predict: flag(1, 'Predict your own movement and weapon locally instead of waiting for the host.'),
  cl_reconcile: flag(1, 'Replay unacknowledged commands on each snapshot (off: prediction snaps back).'),
  cl_interpolate: flag(1, 'Interpolate other players between snapshots (off: draw the newest snapshot).'),
  cl_smooth: flag(1, 'Smooth prediction corrections over cl_smoothtime instead of snapping.'),
  cl_smoothtime: num(0.1, 0.01, 2, 'Time (s) over which a prediction error is smoothed away.'),
  cl_extrapolate: flag(1, 'Extrapolate others briefly when snapshots stop arriving.'),
  cl_extrapolate_amount: num(0.25, 0, 1, 'Longest extrapolation (s) before others are held still.'),
  cl_showerror: flag(0, 'Mark prediction errors on screen.'),
  cl_killcam: flag(1, "When you are killed, watch the last seconds through your killer's eyes (Space or a tap skips)."),
  sv_tickrate: int(60, 20, 128, 'Host simulation ticks per second.'),
  sv_maxunlag: num(1, 0, 2, 'Longest rewind (s) the host accepts for lag compensation.'),
  sv_lagcompensation: flag(1, 'Rewind other players to what the shooter saw before testing a hit.'),
  sv_showhitboxes: flag(0, 'Draw the host-time hitboxes of other players.'),
  sv_maxplayers: int(8, 2, 32, 'Lobby size.'),
  sv_maxspectators: int(8, 0, 32, 'Spectator places (people watching by link take no seat; 0: nobody may watch).'),
  sv_spectator_delay: num(
    0,
    0,
    120,
    'Seconds spectators see the match late (tournaments; 0: live). Set before the lobby opens.',
  ),
  rate: int(40000, 2500, 1000000, 'Most bytes per second the host may send you.'),
  net_fakelag: int(0, 0, 1000, 'Extra one-way delay (ms) added to your packets both ways.'),
  net_fakejitter: int(0, 0, 500, 'Random extra delay (ms) per packet.'),
  net_fakeloss: num(0, 0, 90, 'Percent of your packets dropped each way (the average, with net_fakeloss_burst).'),
  net_fakeloss_burst: int(
    0,
    0,
    2000,
    'Mean length (ms) of a loss burst: losses come in runs like on Wi-Fi (0: each packet independently).',
  ),
  net_graph: flag(0, 'Show the net graph (F2).'),
} as const satisfies Record<string, CvarDef>;

export type CvarName = keyof typeof CVARS;
export type Cvars = { [K in CvarName]: number };

export interface CvarIssue {
  name: string;
  given: string;
  /** What happened: clamped to a bound, or ignored. */
  outcome: 'clamped' | 'ignored';
  value?: number;
  message: string;
}

export function isCvarName(name: string): name is CvarName {
  return Object.prototype.hasOwnProperty.call(CVARS, name);
}

export function defaultCvars(): Cvars {
  const out = {} as Cvars;
  for (const name of Object.keys(CVARS) as CvarName[]) out[name] = CVARS[name].default;
  return out;
}

/** Checks one value against its definition: returns the value to store and an issue if it was changed. */
export function checkCvar(name: CvarName, raw: string | number): { value: number | null; issue: CvarIssue | null } {
  const def = CVARS[name];
  const given = String(raw);
  const parsed = typeof raw === 'number' ? raw : given.trim() === '' ? NaN : Number(given);
  if (!Number.isFinite(parsed)) {
    return {
      value: null,
      issue: {
        name,
        given,
        outcome: 'ignored',
        message: `${name}: "${given}" is not a number; kept the current value`,
      },
    };
  }
  const rounded = def.integer ? Math.round(parsed) : parsed;
  const value = Math.min(Math.max(rounded, def.min), def.max);
  if (value !== parsed) {
    return {
      value,
      issue: {
        name,
        given,
        outcome: 'clamped',
        value,
        message: `${name}: ${given} is outside ${def.min}..${def.max}${def.integer ? ' (whole numbers)' : ''}; using ${value}`,
      },
    };
  }
  return { value, issue: null };
}

/** Applies one assignment to `cvars` (in place), returning the issue if any. */
export function setCvar(cvars: Cvars, name: string, raw: string | number): CvarIssue | null {
  if (!isCvarName(name)) return { name, given: String(raw), outcome: 'ignored', message: `unknown setting "${name}"` };
  const { value, issue } = checkCvar(name, raw);
  if (value !== null) cvars[name] = value;
  return issue;
}

/** Reads cvars from URL query parameters (`?cl_interp=0.05&net_fakelag=100`); other parameters are left alone. */
export function parseCvars(
  params: URLSearchParams,
  base: Cvars = defaultCvars(),
): { cvars: Cvars; issues: CvarIssue[] } {
  const cvars = { ...base };
  const issues: CvarIssue[] = [];
  for (const [name, raw] of params) {
    if (!isCvarName(name)) continue;
    const issue = setCvar(cvars, name, raw);
    if (issue) issues.push(issue);
  }
  return { cvars, issues };
}

/** Interpolation delay in seconds, DESIGN §3: max(cl_interp, cl_interp_ratio / cl_updaterate). */
export function interpDelaySeconds(c: Pick<Cvars, 'cl_interp' | 'cl_interp_ratio' | 'cl_updaterate'>): number {
  return Math.max(c.cl_interp, c.cl_interp_ratio / c.cl_updaterate);
}
