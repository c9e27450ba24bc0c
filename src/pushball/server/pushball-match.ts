/**
 * The server's match bookkeeping for Pushball, as pure functions of the world: the rules block
 * every snapshot carries, the host's start request checked against the current match, and the
 * world a new match starts from.
 *
 * Inputs: the world (PitchWorld), the bot ids, the match number; an untrusted start request.
 * Outputs: a frozen rules block; checked settings with what was changed; a fresh pitch.
 * Invariant: nothing here throws or mutates its arguments.
 */
import { addPlayer, createPitch, type PitchWorld, type SettingIssue } from '../sim';
import type { PushballRulesBlock } from '../protocol/rules-block';
import type { PushballMatchSettings, PushballStarted } from './pushball-types';

export { sameBlock } from '../protocol/rules-block';

/** The rules block of `world`, frozen all the way down (it is shared by every snapshot of a tick). */
export function rulesBlockOf(world: Readonly<PitchWorld>, bots: ReadonlySet<number>, seq: number): PushballRulesBlock {
  const r = world.rules;
  const ids = (team: number): readonly number[] =>
    Object.freeze(world.players.filter((p) => p.team === team).map((p) => p.id));
  return Object.freeze({
    seq,
    phase: r.phase,
    phaseTicksLeft: r.phaseTicksLeft,
    clockTicksLeft: r.clockTicksLeft,
    matchTicks: r.matchTicks,
    scores: Object.freeze([r.scores[0], r.scores[1]] as const),
    goalsToWin: r.goalsToWin,
    kickoffTeam: r.kickoffTeam,
    teams: Object.freeze([ids(0), ids(1)] as const),
    bots: Object.freeze(world.players.filter((p) => bots.has(p.id)).map((p) => p.id)),
  });
}

/** The current match's settings (what a request's missing fields keep). */
export function settingsOf(world: Readonly<PitchWorld>): PushballMatchSettings {
  // matchTicks = matchSeconds × tickrate exactly (both integers); the round only guards odd checkpoints.
  return { goalsToWin: world.rules.goalsToWin, matchSeconds: Math.round(world.rules.matchTicks / world.tickrate) };
}

/**
 * A start request checked against the current match: missing fields keep their value, others are
 * clamped by the sim's own ranges (`createPitch`), and a tickrate other than the server's is
 * refused. Each value not used as given is an issue. Never throws on any input.
 */
export function checkStart(request: unknown, world: Readonly<PitchWorld>): PushballStarted {
  const r: Partial<Record<string, unknown>> = typeof request === 'object' && request !== null ? request : {};
  const current = settingsOf(world);
  const created = createPitch({
    tickrate: world.tickrate,
    // `unknown` goes through as given: createPitch clamps numbers and reports anything else.
    goalsToWin: (r['goalsToWin'] ?? current.goalsToWin) as number,
    matchSeconds: (r['matchSeconds'] ?? current.matchSeconds) as number,
  });
  const issues: SettingIssue[] = created.issues;
  const tickrate = r['tickrate'];
  if (tickrate !== undefined && tickrate !== world.tickrate)
    issues.push({ setting: 'tickrate', given: tickrate, used: world.tickrate });
  return { settings: settingsOf(created.world), issues };
}

/**
 * A new match under `settings` with the same players: teams dealt again in id order (so they are
 * even after people left), everyone on the kickoff spots, scores 0–0, the clock full. The tick goes
 * on from `world`'s: the netcode's timelines never run backwards.
 */
export function newMatchWorld(world: Readonly<PitchWorld>, settings: PushballMatchSettings): PitchWorld {
  let next = createPitch({ tickrate: world.tickrate, ...settings }).world;
  for (const p of world.players) {
    const joined = addPlayer(next, p.id);
    // Cannot fail (ids were valid and unique on the old pitch, which holds no more than the new one).
    if (joined.ok) next = joined.world;
  }
  return { ...next, tick: world.tick };
}
