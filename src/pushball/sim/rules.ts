/**
 * The match rules, run once per tick after the physics: the kickoff, goals, the pause after a
 * goal and the kickoff reset, the match clock and the end of the match. Pure bookkeeping on the
 * step's own copy of the world; durations in ticks.
 */
import { GOAL_PAUSE_SECONDS, KICKOFF_SECONDS, ticksFor } from './config';
import { scoringTeam } from './ball';
import { centreBall, layoutPlayers } from './kickoff';
import { PitchPhase, type PitchWorld, type PushEvent, type PitchTeam } from './types';

function endMatch(world: PitchWorld, events: PushEvent[]): void {
  const [a, b] = world.rules.scores;
  world.rules.phase = PitchPhase.Ended;
  world.rules.phaseTicksLeft = 0;
  events.push({ type: 'match-end', winner: a > b ? 0 : b > a ? 1 : -1, goals0: a, goals1: b });
}

/** `team` scores: the match ends on the winning goal or a goal after the clock ran out, else a pause. */
function scoreGoal(world: PitchWorld, team: PitchTeam, events: PushEvent[]): void {
  const rules = world.rules;
  rules.scores[team] += 1;
  const scorer = world.ball.lastTouch;
  events.push({ type: 'goal', team, scorerId: scorer >= 0 ? scorer : -1 });
  if (rules.scores[team] >= rules.goalsToWin || rules.clockTicksLeft === 0) {
    endMatch(world, events);
    return;
  }
  rules.phase = PitchPhase.Goal;
  rules.phaseTicksLeft = ticksFor(GOAL_PAUSE_SECONDS, world.tickrate);
  // The team that conceded kicks off.
  rules.kickoffTeam = team === 0 ? 1 : 0;
}

/** Everyone and the ball back to the kickoff spots; the kicking team was chosen when the goal fell. */
export function startKickoff(world: PitchWorld): void {
  layoutPlayers(world.players);
  centreBall(world.ball);
  world.rules.phase = PitchPhase.Kickoff;
  world.rules.phaseTicksLeft = ticksFor(KICKOFF_SECONDS, world.tickrate);
}

/**
 * The tick whose step ends the pause after a goal with the kickoff reset (everyone on the kickoff
 * spots), as `world` foretells it; null when no reset is due. The pause counts down one tick per
 * step and the reset happens in the step that brings it to 0: the rules have no other input.
 */
export function kickoffResetTick(world: Readonly<PitchWorld>): number | null {
  const r = world.rules;
  return r.phase === PitchPhase.Goal && r.phaseTicksLeft > 0 ? world.tick + r.phaseTicksLeft : null;
}

/** One tick of the rules, after this tick's physics. Mutates `world`, appends to `events`. */
export function advanceRules(world: PitchWorld, events: PushEvent[]): void {
  const rules = world.rules;
  switch (rules.phase) {
    case PitchPhase.Kickoff:
      rules.phaseTicksLeft = Math.max(rules.phaseTicksLeft - 1, 0);
      // Play starts when the kicking team has moved the ball (it rests until then), or when it waited too long.
      if (world.ball.vx !== 0 || world.ball.vy !== 0 || rules.phaseTicksLeft === 0) {
        rules.phase = PitchPhase.Playing;
        rules.phaseTicksLeft = 0;
      }
      return;
    case PitchPhase.Playing: {
      rules.clockTicksLeft = Math.max(rules.clockTicksLeft - 1, 0);
      const team = scoringTeam(world.ball);
      if (team !== null) scoreGoal(world, team, events);
      else if (rules.clockTicksLeft === 0) endMatch(world, events);
      return;
    }
    case PitchPhase.Goal:
      rules.phaseTicksLeft = Math.max(rules.phaseTicksLeft - 1, 0);
      if (rules.phaseTicksLeft === 0) startKickoff(world);
      return;
    case PitchPhase.Ended:
      return;
  }
}
