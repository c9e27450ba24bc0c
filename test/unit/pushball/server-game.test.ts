// Pushball's server table (PushballServerGame, a ServerGame): seats for people and bots, the step
// and its events, the rules block, the host's match start, settings and tick skips.
import { describe, expect, it } from 'vitest';
import type { ServerGame } from '../../../src/server/server-game';
import { BOT_ID_MAX } from '../../../src/pushball/server/pushball-bots';
import { pushballServerGame } from '../../../src/pushball/server/pushball-server-game';
import type { PushballTypes } from '../../../src/pushball/server/pushball-types';
import {
  PitchPhase,
  config,
  isSanitizedPushCmd,
  stepPitch,
  type PushEvent,
  type SanitizedPushCmd,
} from '../../../src/pushball/sim';
import { NO_CONTEXT, gameWith, tickGame, walk } from './server-helpers';

const ids = (game: { world: { players: Array<{ id: number }> } }): number[] => game.world.players.map((p) => p.id);
const none = (): Map<number, SanitizedPushCmd> => new Map();

describe('PushballServerGame seats', () => {
  it('is a ServerGame of PushballTypes, made by its factory', () => {
    const game: ServerGame<PushballTypes> = pushballServerGame({ tickrate: 30, seed: 5 });
    expect(game.world.tickrate).toBe(30);
    expect(game.world.tick).toBe(0);
  });

  it('people join onto the smaller team and leave; unknown leaves change nothing', () => {
    const game = gameWith([3, 1], 0);
    expect(game.world.players.map((p) => [p.id, p.team])).toEqual([
      [1, 1],
      [3, 0],
    ]);
    game.leave(3, true);
    expect(ids(game)).toEqual([1]);
    const before = game.world;
    game.leave(42, false);
    expect(game.world).toBe(before);
    game.join(1, true); // joining again under a seated id does not duplicate the player
    expect(ids(game)).toEqual([1]);
  });

  it('bots take the highest free ids, fill the pitch, and give way to people', () => {
    const game = gameWith([1], 0);
    const added: Array<number | null> = [];
    for (let i = 0; i < config.MAX_PLAYERS; i++) added.push(game.addBot((id) => id === BOT_ID_MAX));
    // 255 is "taken" by a person elsewhere: bots start at 254; the pitch holds 8, so the 8th bot has no room.
    expect(added).toEqual([254, 253, 252, 251, 250, 249, 248, null]);
    expect(game.botCount).toBe(7);
    expect(game.isBot(250)).toBe(true);
    expect(game.isBot(1)).toBe(false);
    game.join(2, false); // the pitch is full: the last bot added (lowest id) leaves for the person
    expect(ids(game)).toEqual([1, 2, 249, 250, 251, 252, 253, 254]);
    expect(game.botCount).toBe(6);
    expect(game.removeBot()).toBe(249);
    expect(game.removeBot(252)).toBe(252);
    expect(game.removeBot(252)).toBeNull();
    expect(game.removeBot(1)).toBeNull(); // a person is not a bot
    expect(ids(game)).toEqual([1, 2, 250, 251, 253, 254]);
  });

  it('a person joining a pitch full of people watches without a body, and nothing throws', () => {
    const game = gameWith([1, 2, 3, 4, 5, 6, 7, 8], 0);
    expect(game.addBot(() => false)).toBeNull();
    game.join(9, false);
    expect(ids(game)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    game.join(300, false); // an id the pitch refuses
    game.leave(9, true);
    expect(game.world.players).toHaveLength(8);
  });
});

describe('PushballServerGame step', () => {
  it('steps the sim with exactly the given commands plus the bots, and returns its events', () => {
    const game = gameWith([1, 2], 2);
    const events: PushEvent[] = [];
    for (let t = 0; t < 1200; t++) {
      const before = game.world;
      const { cmds, events: tickEvents } = tickGame(game, (tick) => new Map([[1, walk(tick)]]));
      // The same tick, run on the sim directly, gives the same world and events (nothing added or lost).
      const expected = stepPitch(before, cmds);
      expect(game.world).toEqual(expected.world);
      expect(tickEvents).toEqual(expected.events);
      expect(cmds.size).toBe(3); // person 1 and the two bots; person 2 sent nothing (NEUTRAL)
      // Bots' commands are made as a client's are: sanitized, for the tick being stepped.
      for (const c of cmds.values()) expect(isSanitizedPushCmd(c) && c.tick === before.tick + 1).toBe(true);
      events.push(...tickEvents);
    }
    expect(events.some((e) => e.type === 'kick' && game.isBot(e.playerId))).toBe(true);
  });

  it('bots are deterministic: the same seed plays the same match, another seed differs', () => {
    const play = (seed: number): string => {
      const game = gameWith([], 3, seed);
      for (let t = 0; t < 900; t++) tickGame(game, none);
      return JSON.stringify(game.world);
    };
    expect(play(4)).toBe(play(4));
    expect(play(4)).not.toBe(play(5));
  });

  it('a goal changes the rules block (scores, phase) and a block that did not change is the same object', () => {
    const game = gameWith([], 1); // one bot alone attacks the empty right goal
    const first = game.rulesBlock();
    expect(game.rulesBlock()).toBe(first);
    expect(first).toMatchObject({ seq: 0, phase: PitchPhase.Kickoff, scores: [0, 0], teams: [[BOT_ID_MAX], []] });
    expect(first.bots).toEqual([BOT_ID_MAX]);
    let goal: PushEvent | undefined;
    for (let t = 0; t < 60 * 60 && !goal; t++) goal = tickGame(game, none).events.find((e) => e.type === 'goal');
    expect(goal).toEqual({ type: 'goal', team: 0, scorerId: BOT_ID_MAX });
    const after = game.rulesBlock();
    expect(after).toMatchObject({ phase: PitchPhase.Goal, scores: [1, 0], kickoffTeam: 1 });
    expect(Object.isFrozen(after) && Object.isFrozen(after.scores) && Object.isFrozen(after.teams[0])).toBe(true);
    // Every field is an integer (the wire carries the block without rounding).
    const numbers = JSON.stringify(after).match(/-?[\d.]+/g) ?? [];
    expect(numbers.every((n) => Number.isInteger(Number(n)))).toBe(true);
  });

  it('skipTicks jumps the tick without simulating; nonsense is ignored; older worlds stay as they were', () => {
    const game = gameWith([1], 1);
    for (let t = 0; t < 100; t++) tickGame(game, (tick) => new Map([[1, walk(tick)]]));
    const before = game.world;
    const frozen = JSON.stringify(before);
    game.skipTicks(37.9);
    expect(game.world.tick).toBe(before.tick + 37);
    expect({ ...game.world, tick: before.tick }).toEqual(before); // clock, players and ball untouched
    expect(JSON.stringify(before)).toBe(frozen);
    for (const n of [0, -5, NaN, Infinity]) game.skipTicks(n);
    expect(game.world.tick).toBe(before.tick + 37);
    expect(tickGame(game, none).tick).toBe(before.tick + 38); // steps go on from the new tick
  });

  it('owns no server setting (no lag compensation)', () => {
    const game = gameWith([1], 0);
    for (const name of ['sv_lagcompensation', 'sv_maxunlag', 'anything']) expect(game.setSetting(name, 1)).toBe(false);
  });
});

describe('PushballServerGame match start', () => {
  it('clamps the request, reports each change, and starts a fresh match on the same tick', () => {
    const game = gameWith([1, 2], 1);
    for (let t = 0; t < 300; t++) tickGame(game, (tick) => new Map([[1, walk(tick)]]));
    const tick = game.world.tick;
    const { started, events } = game.startMatch({ goalsToWin: 99, matchSeconds: 'long', tickrate: 30 });
    expect(events).toEqual([]);
    expect(started.settings).toEqual({ goalsToWin: 20, matchSeconds: 180 });
    expect(started.issues).toEqual([
      { setting: 'goalsToWin', given: 99, used: 20 },
      { setting: 'matchSeconds', given: 'long', used: 180 },
      { setting: 'tickrate', given: 30, used: 60 },
    ]);
    expect(game.world.tick).toBe(tick);
    expect(game.world.tickrate).toBe(60);
    expect(game.rulesBlock()).toMatchObject({
      seq: 1,
      phase: PitchPhase.Kickoff,
      scores: [0, 0],
      goalsToWin: 20,
      clockTicksLeft: 180 * 60,
      teams: [[1, 255], [2]],
    });
  });

  it('keeps the current settings for missing fields and reports nothing when all is in range', () => {
    const game = pushballServerGame({ tickrate: 50, goalsToWin: 3, matchSeconds: 60 });
    expect(game.startMatch({}).started).toEqual({ settings: { goalsToWin: 3, matchSeconds: 60 }, issues: [] });
    expect(game.startMatch({ matchSeconds: 90.4 }).started).toEqual({
      settings: { goalsToWin: 3, matchSeconds: 90 },
      issues: [{ setting: 'matchSeconds', given: 90.4, used: 90 }],
    });
    expect(game.world.rules.matchTicks).toBe(90 * 50);
    // Not an object at all: nothing changes, nothing throws.
    for (const junk of [null, 7, 'x'] as const) game.startMatch(junk as unknown as Record<string, unknown>);
    expect(game.rulesBlock()).toMatchObject({ seq: 5, goalsToWin: 3, matchTicks: 90 * 50 });
  });

  it('reports players, bots and the match', () => {
    const game = gameWith([1], 2);
    game.step(new Map(), NO_CONTEXT);
    expect(game.report()).toEqual({
      players: 3,
      bots: 2,
      seq: 0,
      phase: PitchPhase.Kickoff,
      scores: [0, 0],
      clockTicksLeft: 180 * 60,
    });
  });
});
