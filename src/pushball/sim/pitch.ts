/**
 * Making and changing a pitch outside the step: `createPitch` (settings clamped into range, each
 * change reported, never throws), `addPlayer` / `removePlayer` (failures are results, not
 * throws), and `clonePitch`. All pure: they return a new world and leave their argument alone.
 */
import { MAX_PLAYER_ID, MAX_PLAYERS, SETTING_RANGES, ticksFor } from './config';
import { kickoffSpot, layoutPlayers } from './kickoff';
import { startKickoff } from './rules';
import { PitchPhase, type PitchWorld, type PitchPlayer, type PitchTeam } from './types';

export interface PitchSettings {
  /** Ticks per second, integer 20..128 (default 60). */
  tickrate?: number;
  /** Integer 1..20 (default 5). */
  goalsToWin?: number;
  /** Match length, whole seconds 30..900 (default 180); the clock runs only while the ball is in play. */
  matchSeconds?: number;
}

/** A setting that was not used as given: missing settings take their default silently. */
export interface SettingIssue {
  setting: keyof PitchSettings;
  given: unknown;
  used: number;
}

export interface CreatedPitch {
  world: PitchWorld;
  issues: SettingIssue[];
}

export type PitchJoinResult =
  | { ok: true; world: PitchWorld; team: PitchTeam }
  | { ok: false; reason: 'bad-id' | 'id-taken' | 'pitch-full'; message: string };

export type LeaveResult = { ok: true; world: PitchWorld } | { ok: false; reason: 'unknown-id'; message: string };

/** `given` as a whole number in the setting's range: non-numbers take the default, others are rounded and clamped. */
function settle(setting: keyof PitchSettings, given: unknown, issues: SettingIssue[]): number {
  const range = SETTING_RANGES[setting];
  if (given === undefined) return range.fallback;
  const used =
    typeof given === 'number' && Number.isFinite(given)
      ? Math.min(Math.max(Math.round(given), range.min), range.max)
      : range.fallback;
  if (used !== given) issues.push({ setting, given, used });
  return used;
}

/** A new pitch in the Kickoff phase with no players; team 0 kicks off first. */
export function createPitch(settings: PitchSettings = {}): CreatedPitch {
  const issues: SettingIssue[] = [];
  const tickrate = settle('tickrate', settings.tickrate, issues);
  const goalsToWin = settle('goalsToWin', settings.goalsToWin, issues);
  const matchTicks = ticksFor(settle('matchSeconds', settings.matchSeconds, issues), tickrate);
  const world: PitchWorld = {
    tick: 0,
    tickrate,
    players: [],
    ball: { x: 0, y: 0, vx: 0, vy: 0, lastTouch: -1 },
    rules: {
      phase: PitchPhase.Kickoff,
      phaseTicksLeft: 0,
      clockTicksLeft: matchTicks,
      scores: [0, 0],
      goalsToWin,
      matchTicks,
      kickoffTeam: 0,
    },
  };
  startKickoff(world);
  return { world, issues };
}

/** A deep copy (the state is plain data: objects of numbers, arrays of them). */
export function clonePitch(world: Readonly<PitchWorld>): PitchWorld {
  return {
    tick: world.tick,
    tickrate: world.tickrate,
    players: world.players.map((p) => ({ ...p })),
    ball: { ...world.ball },
    rules: { ...world.rules, scores: [world.rules.scores[0], world.rules.scores[1]] },
  };
}

/**
 * Adds player `id` (integer 0..255) to the team with fewer players (team 0 on a tie). In the
 * Kickoff phase everyone is laid out again on the kickoff spots; otherwise the newcomer appears
 * at rest on its own kickoff spot.
 */
export function addPlayer(world: Readonly<PitchWorld>, id: number): PitchJoinResult {
  if (!Number.isInteger(id) || id < 0 || id > MAX_PLAYER_ID)
    return { ok: false, reason: 'bad-id', message: `player id must be an integer 0..${MAX_PLAYER_ID}, got ${id}` };
  if (world.players.some((p) => p.id === id))
    return { ok: false, reason: 'id-taken', message: `player id ${id} is already on the pitch` };
  if (world.players.length >= MAX_PLAYERS)
    return { ok: false, reason: 'pitch-full', message: `the pitch is full (${MAX_PLAYERS} players)` };
  const next = clonePitch(world);
  const sizes = [0, 1].map((t) => next.players.filter((p) => p.team === t).length);
  const team: PitchTeam = (sizes[1] ?? 0) < (sizes[0] ?? 0) ? 1 : 0;
  const player: PitchPlayer = { id, team, x: 0, y: 0, vx: 0, vy: 0, kickCooldown: 0 };
  next.players.push(player);
  // Ascending id order is the step's processing order.
  next.players.sort((a, b) => a.id - b.id);
  // The ball rests on the centre spot throughout a kickoff, so only the players need laying out.
  if (next.rules.phase === PitchPhase.Kickoff) {
    layoutPlayers(next.players);
  } else {
    const mates = next.players.filter((p) => p.team === team);
    const spot = kickoffSpot(team, mates.indexOf(player), mates.length);
    player.x = spot.x;
    player.y = spot.y;
  }
  return { ok: true, world: next, team };
}

/** Removes player `id`; a ball last touched by it counts as touched by nobody. Teams are not rebalanced. */
export function removePlayer(world: Readonly<PitchWorld>, id: number): LeaveResult {
  if (!world.players.some((p) => p.id === id))
    return { ok: false, reason: 'unknown-id', message: `player id ${id} is not on the pitch` };
  const next = clonePitch(world);
  next.players = next.players.filter((p) => p.id !== id);
  if (next.ball.lastTouch === id) next.ball.lastTouch = -1;
  return { ok: true, world: next };
}
