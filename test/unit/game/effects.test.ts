import { describe, it, expect } from 'vitest';
import type { ViewEvent } from '../../../src/arena/client/view-model';
import {
  KILL_FEED_MAX,
  LIFE,
  createEffects,
  fade,
  ingestEvents,
  killLineText,
  noteCorrection,
  pruneEffects,
} from '../../../src/game/effects';

const fired = (shooter: number, predicted: boolean): ViewEvent => ({
  predicted,
  tick: 10,
  event: { type: 'fired', shooter, weapon: 0, x: 1, y: 2, aim: 0, endX: 300, endY: 2 },
});
const hit = (shooter: number, target: number, predicted = false): ViewEvent => ({
  predicted,
  tick: 10,
  event: { type: 'hit', shooter, target, weapon: 0, damage: 20, x: 50, y: 60 },
});
const killed = (killer: number, victim: number): ViewEvent => ({
  predicted: false,
  tick: 11,
  event: { type: 'killed', killer, victim, weapon: 1 },
});

describe('effects from events', () => {
  it('shows a predicted shot at once with a fire sound', () => {
    const fx = createEffects();
    const cues = ingestEvents(fx, [fired(1, true)], 5, 1);
    expect(fx.tracers).toHaveLength(1);
    expect(fx.flashes).toHaveLength(1);
    expect(cues).toEqual([{ kind: 'fire', weapon: 0, local: true, x: 1, y: 2 }]);
  });

  it('marks a confirmed hit by the local player, and ignores a predicted one', () => {
    const fx = createEffects();
    ingestEvents(fx, [hit(1, 2, true)], 5, 1);
    expect(fx.damage).toHaveLength(0);
    expect(fx.hitMarkerAt).toBe(-Infinity);
    const cues = ingestEvents(fx, [hit(1, 2)], 6, 1);
    expect(fx.hitMarkerAt).toBe(6);
    expect(fx.damage[0]).toMatchObject({ amount: 20, x: 50, y: 60, byLocal: true });
    expect(cues).toEqual([{ kind: 'hit' }]);
  });

  it('flashes the screen when the local player is hit, without a hit marker, with a hurt sound', () => {
    const fx = createEffects();
    const cues = ingestEvents(fx, [hit(2, 1)], 7, 1);
    expect(fx.hurtAt).toBe(7);
    expect(fx.hitMarkerAt).toBe(-Infinity);
    expect(cues).toEqual([{ kind: 'hurt' }]);
  });

  it('keeps the newest kills, at most KILL_FEED_MAX', () => {
    const fx = createEffects();
    for (let i = 0; i < KILL_FEED_MAX + 3; i++) ingestEvents(fx, [killed(1, 10 + i)], i, 1);
    expect(fx.killFeed).toHaveLength(KILL_FEED_MAX);
    expect(fx.killFeed[0]?.victim).toBe(13);
    expect(fx.killFeed[KILL_FEED_MAX - 1]?.victim).toBe(17);
  });

  it('ages effects out after their lifetime', () => {
    const fx = createEffects();
    ingestEvents(fx, [fired(2, false), killed(2, 3)], 0, 1);
    pruneEffects(fx, LIFE.tracer / 2);
    expect(fx.tracers).toHaveLength(1);
    pruneEffects(fx, LIFE.tracer + 0.01);
    expect(fx.tracers).toHaveLength(0);
    expect(fx.killFeed).toHaveLength(1);
    pruneEffects(fx, LIFE.killFeed + 0.01);
    expect(fx.killFeed).toHaveLength(0);
  });

  it('fades linearly', () => {
    expect(fade(0, 0, 2)).toBe(1);
    expect(fade(0, 1, 2)).toBe(0.5);
    expect(fade(0, 3, 2)).toBe(0);
  });

  it('writes kill lines, including suicide', () => {
    const name = (id: number): string => ['x', 'ann', 'bob'][id] ?? '?';
    const weapon = (w: number): string => (w === 0 ? 'rifle' : 'rocket');
    expect(killLineText({ killer: 1, victim: 2, weapon: 0, born: 0 }, name, weapon)).toBe('ann [rifle] bob');
    expect(killLineText({ killer: 2, victim: 2, weapon: 1, born: 0 }, name, weapon)).toBe('bob blew themselves up');
  });
});

describe('prediction error marks (cl_showerror)', () => {
  it('marks a frame where the smoothing offset grows, at the predicted position, and not while it decays', () => {
    const fx = createEffects();
    noteCorrection(fx, 100, 100, 0, 0, 0);
    expect(fx.errorMarks).toHaveLength(0);
    noteCorrection(fx, 106, 92, 6, -8, 1);
    expect(fx.errorMarks).toEqual([{ x: 100, y: 100, size: 10, born: 1 }]);
    noteCorrection(fx, 105, 93, 3, -4, 1.02);
    expect(fx.errorMarks).toHaveLength(1);
    pruneEffects(fx, 1 + LIFE.errorMark + 0.01);
    expect(fx.errorMarks).toHaveLength(0);
  });
});
