/**
 * The dedicated host's settings, from the command line and the environment (the command line
 * wins). `sv_` cvars go through the cvar registry (src/config/cvars.ts) exactly as the page's URL
 * does: out-of-range values are clamped, unparsable or unknown ones ignored, and every such case is
 * reported. Other cvars are a client's own settings and are refused with a sentence.
 *
 *   --page-url URL   REWIND_PAGE_URL     the game page players open (its /rewind-config.json names the PeerServer)
 *   --room ID        REWIND_ROOM         a fixed room id (16 base32 characters) for a stable link; default random
 *   --password P     REWIND_PASSWORD     lobby password
 *   --bots N         REWIND_BOTS         server-side bots kept in the match (at most sv_maxplayers - 1: a human always fits)
 *   --start-when N   REWIND_START_WHEN   start the match when N players have joined (0: at once); default 1
 *   --health H:P     REWIND_HEALTH       health endpoint address; default 127.0.0.1:0 (any free port); "off"
 *   --ice-ports A-B  REWIND_ICE_PORTS    UDP ports WebRTC may use (a firewall or container rule); default any
 *   --agones         REWIND_AGONES=1     report the lifecycle to the Agones SDK sidecar
 *   --empty-timeout S REWIND_EMPTY_TIMEOUT  seconds an emptied lobby waits before Agones Shutdown (default 30)
 *   --record DIR     REWIND_RECORD       write each match's replay into DIR (created when missing)
 *   --sv_NAME V      sv_NAME / REWIND_SV_NAME   any sv_ cvar (sv_tickrate, sv_maxplayers, ...)
 *   --mode, --map, --maps, --frag-limit, --time-limit, --warmup, --friendly-fire, --next-match-delay:
 *                    the match rules and the map rotation (src/dedicated/match-options.ts)
 *
 * Output: `{ options, notices, errors }`; never throws. Errors (a malformed URL, a bad room id)
 * stop the host; notices (clamped cvars, capped bots) are printed and the host starts.
 */
import { CVARS, defaultCvars, isCvarName, setCvar, type Cvars } from '../config/cvars';
import { isRoomId } from '../lobby/room-id';
import { MATCH_ENV, MATCH_FLAGS, MATCH_USAGE, parseMatchPlan, type MatchPlan } from './match-options';

export interface DedicatedOptions {
  pageUrl: URL;
  roomId: string | null;
  password: string;
  bots: number;
  startWhen: number;
  health: { host: string; port: number } | null;
  icePorts: { first: number; last: number } | null;
  agones: boolean;
  emptyTimeoutS: number;
  /** Where each match's replay is written (`--record DIR`), or null: none written. */
  recordDir: string | null;
  cvars: Cvars;
  /** The rules of every match, the map rotation, the pause between matches. */
  match: MatchPlan;
}

export interface ParsedOptions {
  options: DedicatedOptions;
  notices: string[];
  errors: string[];
  help: boolean;
}

const FLAGS = [
  'page-url',
  'room',
  'password',
  'bots',
  'start-when',
  'health',
  'ice-ports',
  'agones',
  'empty-timeout',
  'record',
  'help',
  ...MATCH_FLAGS,
] as const;
type Flag = (typeof FLAGS)[number];
const BOOLEAN_FLAGS: ReadonlySet<string> = new Set(['agones', 'help', 'friendly-fire']);
const ENV_OF: Record<Exclude<Flag, 'help'>, string> = {
  ...MATCH_ENV,
  'page-url': 'REWIND_PAGE_URL',
  room: 'REWIND_ROOM',
  password: 'REWIND_PASSWORD',
  bots: 'REWIND_BOTS',
  'start-when': 'REWIND_START_WHEN',
  health: 'REWIND_HEALTH',
  'ice-ports': 'REWIND_ICE_PORTS',
  agones: 'REWIND_AGONES',
  'empty-timeout': 'REWIND_EMPTY_TIMEOUT',
  record: 'REWIND_RECORD',
};

export const USAGE = `npm run host -- [options] [--sv_NAME value ...]
  --page-url URL     the game page players open (default http://127.0.0.1:8080/, i.e. npm run serve)
  --room ID          fixed room id (16 characters a-z, 2-7) for a stable link; default random
  --password P       lobby password
  --bots N           server-side bots kept in the match (at most sv_maxplayers - 1;
                     a person joining a full lobby takes a bot's seat, the bot comes back when one leaves)
  --start-when N     start the match when N players have joined (0: at once; default 1)
  --health HOST:PORT health endpoint (default 127.0.0.1:0 = any free port; "off" for none)
  --ice-ports A-B    UDP port range for WebRTC (default: any)
  --agones           report Ready/Allocated/Shutdown and health to the Agones SDK sidecar
  --empty-timeout S  with --agones: seconds an emptied lobby waits before Shutdown (default 30)
  --record DIR       write each match's replay (.rwnd, watch it with "Watch a replay") into DIR
${MATCH_USAGE}
  --sv_tickrate 128  any sv_ cvar, e.g. sv_maxplayers, sv_maxunlag, sv_lagcompensation
Every option also reads an environment variable: REWIND_PAGE_URL, REWIND_ROOM, REWIND_PASSWORD,
REWIND_BOTS, REWIND_START_WHEN, REWIND_HEALTH, REWIND_ICE_PORTS, REWIND_AGONES=1,
REWIND_EMPTY_TIMEOUT, REWIND_RECORD, REWIND_MODE, REWIND_MAP, REWIND_MAPS, REWIND_FRAG_LIMIT, REWIND_TIME_LIMIT,
REWIND_WARMUP, REWIND_FRIENDLY_FIRE, REWIND_NEXT_MATCH_DELAY, and sv_NAME or REWIND_SV_NAME for
cvars. The command line wins.`;

/** Splits `--name value`, `--name=value` and bare `--flag` into pairs; anything else is an error. */
function readArgv(argv: readonly string[], errors: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      errors.push(`unexpected argument "${arg}" (options start with --)`);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    if (eq >= 0) out.set(name, arg.slice(eq + 1));
    else if (BOOLEAN_FLAGS.has(name)) out.set(name, '1');
    else if (i + 1 < argv.length) out.set(name, argv[++i] as string);
    else errors.push(`--${name} needs a value`);
  }
  return out;
}

function wholeNumber(
  name: string,
  raw: string,
  min: number,
  max: number,
  notices: string[],
  errors: string[],
): number | null {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) return (errors.push(`${name}: "${raw}" is not a number`), null);
  const v = Math.min(max, Math.max(min, Math.round(n)));
  if (v !== n) notices.push(`${name}: ${raw} is outside ${min}..${max} (whole numbers); using ${v}`);
  return v;
}

function parseHealth(raw: string, errors: string[]): DedicatedOptions['health'] {
  const m = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(raw.trim());
  const port = m ? Number(m[2]) : NaN;
  if (!m || port > 65535) return (errors.push(`health: "${raw}" is not HOST:PORT (or "off")`), null);
  return { host: (m[1] as string).replace(/^\[|\]$/g, ''), port };
}

function parseIcePorts(raw: string, errors: string[]): DedicatedOptions['icePorts'] {
  const m = /^(\d{1,5})-(\d{1,5})$/.exec(raw.trim());
  const first = m ? Number(m[1]) : NaN;
  const last = m ? Number(m[2]) : NaN;
  if (!m || first < 1024 || last > 65535 || first > last)
    return (errors.push(`ice-ports: "${raw}" is not a range FIRST-LAST within 1024-65535`), null);
  return { first, last };
}

function parseRecordDir(raw: string | undefined, errors: string[]): string | null {
  if (raw === undefined) return null;
  if (raw.trim() === '') return (errors.push('record: needs a folder'), null);
  return raw;
}

/** The cvar assignments: environment first (sv_x or REWIND_SV_X), then the command line over it. */
function cvarAssignments(
  args: Map<string, string>,
  env: Readonly<Record<string, string | undefined>>,
  notices: string[],
): Array<[string, string]> {
  const fromEnv: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const name = key.startsWith('REWIND_SV_')
      ? key.slice('REWIND_'.length).toLowerCase()
      : key.startsWith('sv_')
        ? key
        : null;
    if (name !== null) fromEnv.push([name, value]);
  }
  const fromArgs = [...args].filter(([name]) => !(FLAGS as readonly string[]).includes(name));
  const out: Array<[string, string]> = [];
  for (const [name, value] of [...fromEnv, ...fromArgs]) {
    if (isCvarName(name) && !name.startsWith('sv_'))
      notices.push(`${name} is a player's own setting (set it in the page's URL); ignored here`);
    else out.push([name, value]);
  }
  return out;
}

export function parseDedicatedOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ParsedOptions {
  const notices: string[] = [];
  const errors: string[] = [];
  const args = readArgv(argv, errors);
  const get = (flag: Exclude<Flag, 'help'>): string | undefined => args.get(flag) ?? env[ENV_OF[flag]];
  const cvars: Cvars = defaultCvars();
  for (const [name, value] of cvarAssignments(args, env, notices)) {
    const issue = setCvar(cvars, name, value);
    if (issue)
      notices.push(
        issue.outcome === 'ignored' && !isCvarName(name)
          ? `unknown option or setting "${name}"; ignored`
          : issue.message,
      );
  }
  let pageUrl = new URL('http://127.0.0.1:8080/');
  const rawUrl = get('page-url');
  if (rawUrl !== undefined) {
    try {
      pageUrl = new URL(rawUrl);
      if (pageUrl.protocol !== 'http:' && pageUrl.protocol !== 'https:') throw new Error('not http(s)');
    } catch {
      errors.push(`page-url: "${rawUrl}" is not an http(s) URL`);
    }
  }
  const roomId = get('room') ?? null;
  if (roomId !== null && !isRoomId(roomId))
    errors.push(`room: "${roomId}" is not a room id (16 characters a-z and 2-7)`);
  const maxBots = cvars.sv_maxplayers - 1;
  const bots = wholeNumber('bots', get('bots') ?? '0', 0, maxBots, notices, errors) ?? 0;
  const startWhen =
    wholeNumber('start-when', get('start-when') ?? '1', 0, CVARS.sv_maxplayers.max, notices, errors) ?? 1;
  const emptyTimeoutS = wholeNumber('empty-timeout', get('empty-timeout') ?? '30', 0, 86_400, notices, errors) ?? 30;
  const healthRaw = get('health') ?? '127.0.0.1:0';
  const iceRaw = get('ice-ports');
  const agonesRaw = get('agones');
  const match = parseMatchPlan(get, notices, errors);
  return {
    options: {
      pageUrl,
      roomId: roomId !== null && isRoomId(roomId) ? roomId : null,
      password: get('password') ?? '',
      bots,
      startWhen,
      health: healthRaw === 'off' ? null : parseHealth(healthRaw, errors),
      icePorts: iceRaw === undefined ? null : parseIcePorts(iceRaw, errors),
      agones: agonesRaw === '1' || agonesRaw === 'true',
      emptyTimeoutS,
      recordDir: parseRecordDir(get('record'), errors),
      cvars,
      match,
    },
    notices,
    errors,
    help: args.has('help'),
  };
}
