/**
 * The match HUD (issue 12: "timer, your score and rank, the leader"): the MatchView a client builds
 * from the snapshot's match block (src/client/match-view.ts) and the words the HUD draws from it
 * (src/game/match-hud-model.ts).
 */
import { describe, expect, it } from 'vitest';
import { buildMatchView } from '../../../src/arena/client/match-view';
import { awardText, clockText, matchName, phaseLine, scoreLine, standingText } from '../../../src/game/match-hud-model';
import { AwardKind, GameMode, MatchPhase, Team, type PublicMatchState } from '../../../src/sim/match-types';

const TICKRATE = 60;

function block(over: Partial<PublicMatchState> = {}): PublicMatchState {
  return {
    mode: GameMode.Deathmatch,
    mapId: 1,
    phase: MatchPhase.Live,
    phaseEndTick: 0,
    fragLimit: 20,
    timeLimitS: 600,
    friendlyFire: false,
    seq: 1,
    teamScores: [0, 0],
    players: [
      { id: 1, team: Team.None, score: 3, bot: false },
      { id: 2, team: Team.None, score: 7, bot: true },
      { id: 3, team: Team.None, score: 3, bot: false },
      { id: 4, team: Team.None, score: 1, bot: false },
    ],
    pickups: [],
    results: null,
    ...over,
  };
}

const names = new Map([
  [1, 'Ann'],
  [3, 'Cy'],
  [4, 'Dee'],
]);

describe('the match clock', () => {
  it('counts whole seconds down to the phase end, rounded up, and stops at 0:00', () => {
    const m = block({ phaseEndTick: 1000 });
    expect(buildMatchView(m, 1, 1000 - 59.5 * TICKRATE, TICKRATE, []).secondsLeft).toBe(60);
    expect(phaseLine(buildMatchView(m, 1, 1000 - 65 * TICKRATE, TICKRATE, []))).toBe('1:05');
    expect(phaseLine(buildMatchView(m, 1, 1000 + 30, TICKRATE, []))).toBe('0:00');
    expect(clockText(599.9)).toBe('9:59');
  });

  it('names the warm-up, free play, no time limit and the end', () => {
    expect(phaseLine(buildMatchView(block({ phase: MatchPhase.Warmup, phaseEndTick: 300 }), 1, 0, TICKRATE, []))).toBe(
      'Warm-up 0:05',
    );
    expect(phaseLine(buildMatchView(block({ phase: MatchPhase.Waiting, phaseEndTick: 300 }), 1, 0, TICKRATE, []))).toBe(
      'Free play',
    );
    expect(phaseLine(buildMatchView(block({ timeLimitS: 0 }), 1, 0, TICKRATE, []))).toBe('No time limit');
    expect(phaseLine(buildMatchView(block({ phase: MatchPhase.Ended }), 1, 0, TICKRATE, []))).toBe('Match over');
  });
});

describe('score, rank and leader', () => {
  it('deathmatch: your score, your place (equal scores share it) of how many, the leader by name', () => {
    const v = buildMatchView(block(), 3, 0, TICKRATE, []);
    expect(v.ranking.map((r) => [r.id, r.place])).toEqual([
      [2, 1],
      [1, 2],
      [3, 2],
      [4, 4],
    ]);
    const name = (id: number): string => matchName(v, names, id);
    expect(scoreLine(v, name)).toBe('You 3 · 2nd of 4 · Leader Bot 2 7 · first to 20');
    expect(scoreLine(buildMatchView(block({ fragLimit: 0 }), 4, 0, TICKRATE, []), name)).toBe(
      'You 1 · 4th of 4 · Leader Bot 2 7',
    );
    // Free play counts scores but has no limit to reach.
    expect(scoreLine(buildMatchView(block({ phase: MatchPhase.Waiting }), 4, 0, TICKRATE, []), name)).toBe(
      'You 1 · 4th of 4 · Leader Bot 2 7',
    );
  });

  it('team deathmatch: both team scores, your team and score; the leader is on the leading team', () => {
    const m = block({
      mode: GameMode.TeamDeathmatch,
      teamScores: [4, 9],
      fragLimit: 30,
      players: [
        { id: 1, team: Team.Red, score: 8, bot: false },
        { id: 2, team: Team.Blue, score: 5, bot: false },
        { id: 3, team: Team.Blue, score: 4, bot: true },
      ],
    });
    const v = buildMatchView(m, 3, 0, TICKRATE, []);
    expect(v.leader).toEqual({ id: 2, score: 5, bot: false });
    expect(scoreLine(v, (id) => matchName(v, names, id))).toBe('Red 4 : 9 Blue · you: Blue, 4 · first to 30');
  });

  it('a replay names the player followed instead of "you", or leaves the own part out with nobody followed', () => {
    const followed = buildMatchView(block(), 3, 0, TICKRATE, []);
    const name = (id: number): string => matchName(followed, names, id);
    expect(scoreLine(followed, name, 3)).toBe(`${name(3)} 3 · 2nd of 4 · Leader Bot 2 7 · first to 20`);
    const nobody = buildMatchView(block(), -1, 0, TICKRATE, []);
    expect(scoreLine(nobody, name, -1)).toBe('4 players · Leader Bot 2 7 · first to 20');
    const tdm = block({
      mode: GameMode.TeamDeathmatch,
      teamScores: [4, 9],
      players: [
        { id: 1, team: Team.Red, score: 8, bot: false },
        { id: 2, team: Team.Blue, score: 5, bot: false },
      ],
    });
    const t = buildMatchView(tdm, 1, 0, TICKRATE, []);
    expect(scoreLine(t, (id) => matchName(t, names, id), 1)).toBe('Red 4 : 9 Blue · Ann: Red, 8 · first to 20');
    const tNobody = buildMatchView(tdm, -1, 0, TICKRATE, []);
    expect(scoreLine(tNobody, (id) => matchName(tNobody, names, id), -1)).toBe('Red 4 : 9 Blue · first to 20');
  });

  it('names a server bot "Bot N" and a stranger "player N"; writes each award', () => {
    const v = buildMatchView(block(), 1, 0, TICKRATE, []);
    expect(matchName(v, names, 2)).toBe('Bot 2');
    expect(matchName(v, names, 9)).toBe('player 9');
    const name = (id: number): string => matchName(v, names, id);
    expect(awardText({ kind: AwardKind.Accuracy, player: 1, value: 42 }, name)).toBe('Most accurate: Ann (42%)');
    expect(awardText({ kind: AwardKind.Streak, player: 2, value: 4 }, name)).toBe('Longest streak: Bot 2 (4 kills)');
    expect(awardText({ kind: AwardKind.Damage, player: 3, value: 310 }, name)).toBe('Most damage: Cy (310)');
  });

  it('writes an end-screen row with its team, and one kill or death in the singular', () => {
    const name = (id: number): string => matchName(null, names, id);
    expect(standingText({ id: 1, team: Team.None, score: 1, kills: 1, deaths: 1 }, name)).toBe(
      'Ann 1 (1 kill, 1 death)',
    );
    expect(standingText({ id: 3, team: Team.Blue, score: 7, kills: 8, deaths: 0 }, name)).toBe(
      'Cy [Blue] 7 (8 kills, 0 deaths)',
    );
  });

  it('draws a pickup only while the server (or the predicted take) says it is there', () => {
    const v = buildMatchView(block(), 1, 500, TICKRATE, [0, 400, 900]);
    expect(v.pickupsUp).toEqual([true, true, false]);
  });
});
