// Pushball's HUD words (src/pushball/game/pushball-hud.ts): the clock from the rules block's ticks
// and the tickrate, the score, the phase banner (kickoff, goal with its scorer, match over with the
// winning team or a draw), the ping, and the hint for the input in use.
import { describe, expect, it } from 'vitest';
import {
  CONTROLS_HINT,
  TEAM_NAMES,
  clockText,
  hudModel,
  latestGoal,
  phaseBanner,
  pingText,
  scoreText,
  scorerText,
  type GoalEvent,
} from '../../../src/pushball/game/pushball-hud';
import { EMPTY_RULES, type PushballRulesBlock } from '../../../src/pushball/protocol/rules-block';
import { PitchPhase } from '../../../src/pushball/sim';

const rules = (patch: Partial<PushballRulesBlock>): PushballRulesBlock => ({
  ...EMPTY_RULES,
  goalsToWin: 5,
  matchTicks: 180 * 60,
  clockTicksLeft: 180 * 60,
  teams: [
    [1, 3],
    [2, 255],
  ],
  ...patch,
});
const names = new Map([
  [1, 'Ann'],
  [2, 'Bob'],
  [3, '  Cy   D  '],
]);

describe('clockText', () => {
  it('shows mm:ss of the ticks left at the tickrate, rounding up', () => {
    expect(clockText(180 * 60, 60)).toBe('03:00');
    expect(clockText(179 * 60 + 1, 60)).toBe('03:00');
    expect(clockText(179 * 60, 60)).toBe('02:59');
    expect(clockText(61 * 30, 30)).toBe('01:01');
    expect(clockText(1, 128)).toBe('00:01');
    expect(clockText(0, 60)).toBe('00:00');
    expect(clockText(900 * 20, 20)).toBe('15:00');
  });

  it('never shows a negative or nonsense time', () => {
    expect(clockText(-40, 60)).toBe('00:00');
    expect(clockText(100, 0)).toBe('--:--');
    expect(clockText(Number.NaN, 60)).toBe('--:--');
  });
});

describe('scoreText and pingText', () => {
  it('puts team 0 first, with an en dash', () => {
    expect(scoreText([0, 0])).toBe('0 – 0');
    expect(scoreText([3, 12])).toBe('3 – 12');
  });

  it('rounds the ping and says when there is none', () => {
    expect(pingText(41.6)).toBe('ping 42 ms');
    expect(pingText(null)).toBe('ping –');
  });
});

describe('phaseBanner', () => {
  it('says who kicks off', () => {
    expect(phaseBanner(rules({ phase: PitchPhase.Kickoff, kickoffTeam: 0 }))).toBe(`Kickoff: ${TEAM_NAMES[0]} to play`);
    expect(phaseBanner(rules({ phase: PitchPhase.Kickoff, kickoffTeam: 1 }))).toBe('Kickoff: Orange to play');
  });

  it('shows nothing in play, and a wait before the first snapshot', () => {
    expect(phaseBanner(rules({ phase: PitchPhase.Playing }))).toBeNull();
    expect(phaseBanner(null)).toBe('Waiting for the match…');
  });

  it('names the scoring team in the goal pause (the team that conceded kicks off next), with the scorer', () => {
    expect(phaseBanner(rules({ phase: PitchPhase.Goal, kickoffTeam: 1 }))).toBe('Goal! Blue scores');
    expect(phaseBanner(rules({ phase: PitchPhase.Goal, kickoffTeam: 0 }), 'Bob')).toBe('Goal! Orange scores (Bob)');
  });

  it('ends the match with the winner by team, or a draw', () => {
    expect(phaseBanner(rules({ phase: PitchPhase.Ended, scores: [5, 3] }))).toBe('Match over: Blue wins 5 – 3');
    expect(phaseBanner(rules({ phase: PitchPhase.Ended, scores: [1, 2] }))).toBe('Match over: Orange wins 1 – 2');
    expect(phaseBanner(rules({ phase: PitchPhase.Ended, scores: [2, 2] }))).toBe('Match over: draw 2 – 2');
    expect(phaseBanner(rules({ phase: PitchPhase.Ended, scores: [0, 0] }))).toBe('Match over: draw 0 – 0');
  });
});

describe('the goal scorer', () => {
  const goal = (team: 0 | 1, scorerId: number): GoalEvent => ({ type: 'goal', team, scorerId });

  it('names the scorer, an own goal as such, and nobody when nobody touched the ball', () => {
    const r = rules({ phase: PitchPhase.Goal });
    expect(scorerText(goal(0, 3), r, names)).toBe('Cy D');
    expect(scorerText(goal(1, 1), r, names)).toBe('own goal by Ann');
    expect(scorerText(goal(1, 255), r, names)).toBe('player 255');
    expect(scorerText(goal(0, -1), r, names)).toBe('');
  });

  it('keeps the newest goal from the frames events until the next one', () => {
    const g1 = goal(0, 1);
    const g2 = goal(1, 2);
    const shown = (event: GoalEvent | { type: 'kick'; playerId: number }) => ({ predicted: false, tick: 1, event });
    expect(latestGoal([], null)).toBeNull();
    expect(latestGoal([shown(g1), shown({ type: 'kick', playerId: 2 })], null)).toBe(g1);
    expect(latestGoal([], g1)).toBe(g1);
    expect(latestGoal([shown(g2)], g1)).toBe(g2);
  });
});

describe('hudModel', () => {
  it('puts the frame together: score, clock, banner with the scorer, ping, hint', () => {
    const hud = hudModel({
      rules: rules({ phase: PitchPhase.Goal, kickoffTeam: 1, scores: [2, 1], clockTicksLeft: 95 * 60 }),
      tickrate: 60,
      pingMs: 80.2,
      goal: { type: 'goal', team: 0, scorerId: 1 },
      names,
      kind: 'gamepad',
    });
    expect(hud).toEqual({
      score: '2 – 1',
      clock: '01:35',
      banner: 'Goal! Blue scores (Ann)',
      ping: 'ping 80 ms',
      hint: CONTROLS_HINT.gamepad,
    });
  });

  it('before the first snapshot: 0 – 0, no clock, the wait banner', () => {
    const hud = hudModel({ rules: null, tickrate: 60, pingMs: null, goal: null, names, kind: 'keyboard' });
    expect(hud).toMatchObject({ score: '0 – 0', clock: '--:--', banner: 'Waiting for the match…', ping: 'ping –' });
    expect(hud.hint).toMatch(/Space/);
  });

  it('watching a replay: no ping (no network) and no controls hint (nobody plays)', () => {
    const hud = hudModel({ rules: null, tickrate: 60, pingMs: 0, goal: null, names, kind: 'keyboard', watching: true });
    expect(hud).toMatchObject({ ping: '', hint: '', score: '0 – 0' });
  });
});
