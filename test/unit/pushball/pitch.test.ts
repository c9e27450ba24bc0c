// createPitch (settings clamped and reported, never throws), addPlayer / removePlayer (teams, limits, purity).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CENTRE_X, CENTRE_Y, KICKOFF_OFFSET_X } from '../../../src/pushball/sim/config';
import { addPlayer, createPitch, removePlayer } from '../../../src/pushball/sim/pitch';
import { PitchPhase, type PitchWorld } from '../../../src/pushball/sim/types';
import { pitchWith, playing, player } from './helpers';

describe('createPitch', () => {
  it('uses the defaults without issues: 60 Hz, 5 goals, 180 s, kickoff by team 0, ball on the centre spot', () => {
    const { world, issues } = createPitch();
    expect(issues).toEqual([]);
    expect(world.tickrate).toBe(60);
    expect(world.tick).toBe(0);
    expect(world.players).toEqual([]);
    expect(world.ball).toEqual({ x: CENTRE_X, y: CENTRE_Y, vx: 0, vy: 0, lastTouch: -1 });
    expect(world.rules).toEqual({
      phase: PitchPhase.Kickoff,
      phaseTicksLeft: 3 * 60,
      clockTicksLeft: 180 * 60,
      scores: [0, 0],
      goalsToWin: 5,
      matchTicks: 180 * 60,
      kickoffTeam: 0,
    });
  });

  it('converts the match length to ticks once, at the chosen tickrate', () => {
    const { world, issues } = createPitch({ tickrate: 128, goalsToWin: 3, matchSeconds: 90 });
    expect(issues).toEqual([]);
    expect(world.rules.matchTicks).toBe(90 * 128);
    expect(world.rules.clockTicksLeft).toBe(90 * 128);
    expect(world.rules.goalsToWin).toBe(3);
  });

  it('clamps out-of-range settings and reports each change', () => {
    const { world, issues } = createPitch({ tickrate: 500, goalsToWin: 0, matchSeconds: 10 });
    expect([world.tickrate, world.rules.goalsToWin, world.rules.matchTicks]).toEqual([128, 1, 30 * 128]);
    expect(issues).toEqual([
      { setting: 'tickrate', given: 500, used: 128 },
      { setting: 'goalsToWin', given: 0, used: 1 },
      { setting: 'matchSeconds', given: 10, used: 30 },
    ]);
  });

  it('rounds fractions and replaces non-numbers with the default, reporting both', () => {
    const { world, issues } = createPitch({ tickrate: 30.4, goalsToWin: NaN, matchSeconds: '60' as unknown as number });
    expect([world.tickrate, world.rules.goalsToWin, world.rules.matchTicks]).toEqual([30, 5, 180 * 30]);
    expect(issues.map((i) => [i.setting, i.used])).toEqual([
      ['tickrate', 30],
      ['goalsToWin', 5],
      ['matchSeconds', 180],
    ]);
  });

  it('never throws, and always gives settings in range (property)', () => {
    const junk = fc.oneof(fc.double(), fc.integer(), fc.anything());
    fc.assert(
      fc.property(fc.record({ tickrate: junk, goalsToWin: junk, matchSeconds: junk }, { requiredKeys: [] }), (s) => {
        const { world } = createPitch(s as Parameters<typeof createPitch>[0]);
        expect(Number.isInteger(world.tickrate) && world.tickrate >= 20 && world.tickrate <= 128).toBe(true);
        expect(world.rules.goalsToWin >= 1 && world.rules.goalsToWin <= 20).toBe(true);
        expect(world.rules.matchTicks % world.tickrate).toBe(0);
      }),
    );
  });
});

describe('addPlayer / removePlayer', () => {
  it('puts each newcomer in the smaller team, team 0 on a tie', () => {
    const world = pitchWith([10, 4, 7, 2]);
    expect(world.players.map((p) => [p.id, p.team])).toEqual([
      [2, 1],
      [4, 1],
      [7, 0],
      [10, 0],
    ]);
  });

  it('fills the team that lost a player', () => {
    const r = removePlayer(pitchWith([1, 2, 3, 4]), 1);
    if (!r.ok) throw new Error(r.message);
    const again = addPlayer(r.world, 9);
    // 1 was on team 0 (first to join), so team 0 is the smaller team now.
    expect(again.ok && again.team).toBe(0);
  });

  it('keeps players sorted by id and lays them out on kickoff spots spread by id order', () => {
    const world = pitchWith([5, 3, 1, 0]);
    expect(world.players.map((p) => p.id)).toEqual([0, 1, 3, 5]);
    // Team 0 = 5 and 1 (joined 1st and 3rd); ordered by id: 1 above 5.
    expect([player(world, 1).x, player(world, 1).y]).toEqual([CENTRE_X - KICKOFF_OFFSET_X, CENTRE_Y - 40]);
    expect([player(world, 5).x, player(world, 5).y]).toEqual([CENTRE_X - KICKOFF_OFFSET_X, CENTRE_Y + 40]);
    expect(player(world, 0).x).toBe(CENTRE_X + KICKOFF_OFFSET_X);
  });

  it('refuses bad ids, taken ids and a full pitch without throwing', () => {
    const world = pitchWith([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const bad of [-1, 256, 1.5, NaN]) expect(addPlayer(pitchWith([]), bad)).toMatchObject({ reason: 'bad-id' });
    expect(addPlayer(pitchWith([3]), 3)).toMatchObject({ ok: false, reason: 'id-taken' });
    expect(addPlayer(world, 200)).toMatchObject({ ok: false, reason: 'pitch-full' });
    expect(addPlayer(pitchWith([]), 255).ok).toBe(true);
    expect(removePlayer(world, 99)).toMatchObject({ ok: false, reason: 'unknown-id' });
  });

  it('leaves its argument untouched', () => {
    const world = pitchWith([1, 2]);
    const before = structuredClone(world);
    addPlayer(world, 3);
    removePlayer(world, 1);
    expect(world).toEqual(before);
  });

  it('places a player joining during play on its own kickoff spot, and leaves the others where they are', () => {
    const world = playing(pitchWith([1, 2]));
    const moved = { ...world, players: world.players.map((p) => ({ ...p, y: 150 })) };
    const r = addPlayer(moved, 3);
    if (!r.ok) throw new Error(r.message);
    expect(player(r.world, 1).y).toBe(150);
    expect([player(r.world, 3).x, player(r.world, 3).y]).toEqual([CENTRE_X - KICKOFF_OFFSET_X, CENTRE_Y + 40]);
  });

  it('forgets the last toucher when it leaves (no goal credited to a departed player)', () => {
    const world: PitchWorld = { ...pitchWith([1, 2]), ball: { ...pitchWith([]).ball, lastTouch: 2 } };
    const r = removePlayer(world, 2);
    expect(r.ok && r.world.ball.lastTouch).toBe(-1);
  });
});
