// Match rules: goals and the pause after them, the kickoff reset and who kicks off, the clock, the end of the match.
import { describe, expect, it } from 'vitest';
import { CENTRE_X, CENTRE_Y, FIELD_X0, FIELD_X1, KICKOFF_OFFSET_X } from '../../../src/pushball/sim/config';
import { stepPitch } from '../../../src/pushball/sim/step';
import { PitchPhase, type PitchWorld, type RulesState } from '../../../src/pushball/sim/types';
import { cmd, pitchWith, player, playing, run, runUntil, withBall, withPlayer } from './helpers';

/** Players 1 (team 0) and 2 (team 1) in play; the ball about to enter the right goal (team 1's), last touched by `touch`. */
function aboutToScoreRight(touch = 1, rules: Partial<RulesState> = {}): PitchWorld {
  const w = playing(pitchWith([1, 2]));
  const moved = withPlayer(withPlayer(w, 1, { x: 700, y: 150 }), 2, { x: 300, y: 450 });
  const withRules = { ...moved, rules: { ...moved.rules, ...rules } };
  return withBall(withRules, { x: FIELD_X1 - 20, y: CENTRE_Y, vx: 600, vy: 0, lastTouch: touch });
}

describe('goals', () => {
  it('counts a goal for the attacking team with the last toucher as scorer, then pauses 2 s', () => {
    const { world, events } = runUntil(aboutToScoreRight(), (w) => w.rules.phase !== PitchPhase.Playing, 30);
    expect(events).toEqual([{ type: 'goal', team: 0, scorerId: 1 }]);
    expect(world.rules.scores).toEqual([1, 0]);
    expect(world.rules.phase).toBe(PitchPhase.Goal);
    expect(world.rules.phaseTicksLeft).toBe(2 * 60);
    // Team 1 conceded: it kicks off next.
    expect(world.rules.kickoffTeam).toBe(1);
  });

  it('reports an own goal with the scorer on the conceding team', () => {
    const { events } = runUntil(aboutToScoreRight(2), (w) => w.rules.phase !== PitchPhase.Playing, 30);
    expect(events).toEqual([{ type: 'goal', team: 0, scorerId: 2 }]);
  });

  it('counts nothing during the pause after a goal', () => {
    const paused: PitchWorld = {
      ...aboutToScoreRight(),
      rules: { ...aboutToScoreRight().rules, phase: PitchPhase.Goal },
    };
    const inNet = withBall({ ...paused, rules: { ...paused.rules, phaseTicksLeft: 100 } }, { x: FIELD_X1 + 25 });
    const { world, events } = run(inNet, 30);
    expect(events).toEqual([]);
    expect(world.rules.scores).toEqual([0, 0]);
  });

  it('after the pause, everyone and the ball go back to the kickoff spots and the conceding team kicks off', () => {
    const scored = runUntil(aboutToScoreRight(), (w) => w.rules.phase === PitchPhase.Goal, 30).world;
    const pause = runUntil(scored, (w) => w.rules.phase !== PitchPhase.Goal, 1000);
    expect(pause.ticks).toBe(2 * 60);
    const w = pause.world;
    expect(w.rules.phase).toBe(PitchPhase.Kickoff);
    expect(w.rules.phaseTicksLeft).toBe(3 * 60);
    expect(w.ball).toEqual({ x: CENTRE_X, y: CENTRE_Y, vx: 0, vy: 0, lastTouch: -1 });
    expect(player(w, 1)).toMatchObject({ x: CENTRE_X - KICKOFF_OFFSET_X, y: CENTRE_Y, vx: 0, vy: 0 });
    expect(player(w, 2)).toMatchObject({ x: CENTRE_X + KICKOFF_OFFSET_X, y: CENTRE_Y, vx: 0, vy: 0 });
    // Team 1 (player 2) may take the ball; team 0 (player 1) may not come near it.
    const both = (): Map<number, ReturnType<typeof cmd>> =>
      new Map([
        [1, cmd(127, 0)],
        [2, cmd(-127, 0)],
      ]);
    const after = runUntil(w, (x) => x.rules.phase !== PitchPhase.Kickoff, 120, both);
    expect(after.world.ball.lastTouch).toBe(2);
    expect(after.world.ball.vx).toBeLessThan(0);
  });

  it('starts play after 3 s if the kicking team never touches the ball', () => {
    const w = pitchWith([1, 2]);
    const { world, ticks } = runUntil(w, (x) => x.rules.phase !== PitchPhase.Kickoff, 1000);
    expect(ticks).toBe(3 * 60);
    expect(world.rules.phase).toBe(PitchPhase.Playing);
    expect(world.ball.vx).toBe(0);
  });
});

describe('the clock and the end of the match', () => {
  it('runs the clock only in play', () => {
    const kickoff = pitchWith([1, 2]);
    expect(run(kickoff, 10).world.rules.clockTicksLeft).toBe(kickoff.rules.matchTicks);
    const inPlay = playing(kickoff);
    expect(run(inPlay, 10).world.rules.clockTicksLeft).toBe(kickoff.rules.matchTicks - 10);
    const paused = { ...inPlay, rules: { ...inPlay.rules, phase: PitchPhase.Goal, phaseTicksLeft: 50 } };
    expect(run(paused, 10).world.rules.clockTicksLeft).toBe(kickoff.rules.matchTicks);
  });

  it('ends the match on the winning goal', () => {
    const w = aboutToScoreRight(1, { scores: [4, 2] });
    const { world, events } = runUntil(w, (x) => x.rules.phase !== PitchPhase.Playing, 30);
    expect(events).toEqual([
      { type: 'goal', team: 0, scorerId: 1 },
      { type: 'match-end', winner: 0, goals0: 5, goals1: 2 },
    ]);
    expect(world.rules.phase).toBe(PitchPhase.Ended);
    // Nothing counts any more: a ball in the goal after the end is no goal.
    const later = run(withBall(world, { x: FIELD_X0 - 25, y: CENTRE_Y, vx: 0, vy: 0 }), 200);
    expect(later.events).toEqual([]);
    expect(later.world.rules).toEqual(world.rules);
  });

  it('respects goalsToWin from the settings', () => {
    const w = aboutToScoreRight(1);
    const one = { ...w, rules: { ...w.rules, goalsToWin: 1 } };
    const { events } = runUntil(one, (x) => x.rules.phase !== PitchPhase.Playing, 30);
    expect(events.map((e) => e.type)).toEqual(['goal', 'match-end']);
  });

  it('ends the match when the clock runs out: a win on score, or a draw', () => {
    const base = playing(pitchWith([1, 2], { matchSeconds: 30 }));
    const lead = { ...base, rules: { ...base.rules, scores: [1, 2] as [number, number] } };
    const { world, events, ticks } = runUntil(lead, (x) => x.rules.phase === PitchPhase.Ended, 5000);
    expect(ticks).toBe(30 * 60);
    expect(events).toEqual([{ type: 'match-end', winner: 1, goals0: 1, goals1: 2 }]);
    expect(world.rules.clockTicksLeft).toBe(0);
    const last = { ...base, rules: { ...base.rules, clockTicksLeft: 1 } };
    expect(stepPitch(last, new Map()).events).toEqual([{ type: 'match-end', winner: -1, goals0: 0, goals1: 0 }]);
  });

  it('a goal on the last tick counts, and ends the match', () => {
    const w = aboutToScoreRight(1);
    const goalTick = runUntil(w, (x) => x.rules.phase !== PitchPhase.Playing, 30).ticks;
    const tight = { ...w, rules: { ...w.rules, clockTicksLeft: goalTick } };
    const { world, events } = runUntil(tight, (x) => x.rules.phase !== PitchPhase.Playing, 30);
    expect(events).toEqual([
      { type: 'goal', team: 0, scorerId: 1 },
      { type: 'match-end', winner: 0, goals0: 1, goals1: 0 },
    ]);
    expect(world.rules.phase).toBe(PitchPhase.Ended);
  });
});
