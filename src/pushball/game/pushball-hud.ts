/**
 * What Pushball's HUD says (pure; pushball-draw-hud.ts draws it through the safe text path): the
 * score, the match clock, the phase banner (kickoff, goal, match over with the winner or a draw),
 * the ping and the controls hint for the input in use.
 *
 * Inputs: the frame's rules block (null before the first snapshot), the tickrate, the last goal
 * seen in the view's events, the names. Invariants: the clock never shows a negative time and
 * rounds up (00:01 until the last tick is gone); team 0 plays left and is always named first.
 */
import { displayName } from '../../game/hud-model';
import type { PushballRulesBlock } from '../protocol/rules-block';
import { PitchPhase, type PushEvent, type PitchTeam } from '../sim';
import type { PushInputKind } from './pushball-input';

export const TEAM_NAMES: readonly [string, string] = ['Blue', 'Orange'];

export type GoalEvent = Extract<PushEvent, { type: 'goal' }>;

export interface PushballHud {
  /** "team 0 – team 1". */
  score: string;
  /** Match time left, "mm:ss". */
  clock: string;
  /** Kickoff, goal or match over; null in play. */
  banner: string | null;
  ping: string;
  hint: string;
}

export const CONTROLS_HINT: Readonly<Record<PushInputKind, string>> = {
  keyboard: 'WASD / arrows move · Space or K kicks · Esc leaves',
  gamepad: 'Left stick moves · A kicks',
  touch: 'Left thumb moves · Kick button kicks',
};

const two = (n: number): string => String(n).padStart(2, '0');

/** Ticks left on the clock as "mm:ss" (seconds rounded up). */
export function clockText(clockTicksLeft: number, tickrate: number): string {
  if (!(tickrate > 0) || !Number.isFinite(clockTicksLeft)) return '--:--';
  const seconds = Math.ceil(Math.max(clockTicksLeft, 0) / tickrate);
  return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
}

export function scoreText(scores: readonly [number, number]): string {
  return `${scores[0]} – ${scores[1]}`;
}

export function pingText(pingMs: number | null): string {
  return pingMs === null || !Number.isFinite(pingMs) ? 'ping –' : `ping ${Math.round(pingMs)} ms`;
}

/** A name as drawn (trimmed, at most 16 characters; "player <id>" when unknown). */
export function shownName(names: ReadonlyMap<number, string>, id: number): string {
  return displayName(names.get(id), id);
}

/** Who scored, for the goal banner: the scorer's name, "own goal by …", or nothing when nobody touched it. */
export function scorerText(goal: GoalEvent, rules: PushballRulesBlock, names: ReadonlyMap<number, string>): string {
  if (goal.scorerId < 0) return '';
  const name = shownName(names, goal.scorerId);
  const own = rules.teams[goal.team === 0 ? 1 : 0].includes(goal.scorerId);
  return own ? `own goal by ${name}` : name;
}

/** The banner over the pitch for the match's phase; `scorer` is the goal's scorerText. */
export function phaseBanner(rules: PushballRulesBlock | null, scorer = ''): string | null {
  if (!rules) return 'Waiting for the match…';
  switch (rules.phase) {
    case PitchPhase.Kickoff:
      return `Kickoff: ${TEAM_NAMES[rules.kickoffTeam]} to play`;
    case PitchPhase.Goal: {
      // The team that conceded kicks off next (the sim sets it when the goal falls).
      const team: PitchTeam = rules.kickoffTeam === 0 ? 1 : 0;
      return `Goal! ${TEAM_NAMES[team]} scores${scorer === '' ? '' : ` (${scorer})`}`;
    }
    case PitchPhase.Ended: {
      const [a, b] = rules.scores;
      if (a === b) return `Match over: draw ${scoreText(rules.scores)}`;
      return `Match over: ${TEAM_NAMES[a > b ? 0 : 1]} wins ${scoreText(rules.scores)}`;
    }
    default:
      return null;
  }
}

/** The newest goal among a frame's events, else `previous` (a goal is shown through its pause). */
export function latestGoal(events: readonly { event: PushEvent }[], previous: GoalEvent | null): GoalEvent | null {
  let goal = previous;
  for (const e of events) if (e.event.type === 'goal') goal = e.event;
  return goal;
}

export interface HudInputs {
  rules: PushballRulesBlock | null;
  tickrate: number;
  pingMs: number | null;
  goal: GoalEvent | null;
  names: ReadonlyMap<number, string>;
  kind: PushInputKind;
  /** A replay is watched: no ping (no network), no controls hint (nobody plays). */
  watching?: boolean;
}

export function hudModel(h: HudInputs): PushballHud {
  const r = h.rules;
  const scorer = r && r.phase === PitchPhase.Goal && h.goal ? scorerText(h.goal, r, h.names) : '';
  return {
    score: scoreText(r ? r.scores : [0, 0]),
    clock: r ? clockText(r.clockTicksLeft, h.tickrate) : '--:--',
    banner: phaseBanner(r, scorer),
    ping: h.watching ? '' : pingText(h.pingMs),
    hint: h.watching ? '' : CONTROLS_HINT[h.kind],
  };
}
