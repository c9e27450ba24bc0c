import { describe, it, expect } from 'vitest';
import { LagCompensator } from '../../../src/server/lag-compensator';
import { ARENA_HITBOX_RADII } from '../../../src/arena/server/shot-judge';
import { CROUCH_RADIUS, PLAYER_RADIUS } from '../../../src/sim/config';
import type { PublicPlayerState } from '../../../src/sim/types';

function player(id: number, x: number, y: number, extra: Partial<PublicPlayerState> = {}): PublicPlayerState {
  return {
    id,
    x,
    y,
    vx: 0,
    vy: 0,
    aim: 0,
    health: 100,
    alive: true,
    crouch: false,
    weapon: 0,
    teleportSeq: 0,
    kills: 0,
    deaths: 0,
    ...extra,
  };
}

/** Records ticks 0..n-1 with player 2 moving +10 x per tick and player 1 (the shooter) still. */
function movingHistory(n: number, comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII)): LagCompensator {
  for (let t = 0; t < n; t++) comp.record(t, [player(1, 0, 0), player(2, 100 + 10 * t, 50)]);
  return comp;
}

describe('LagCompensator.hitboxesAt', () => {
  it('returns the exact record at an integer time, without the shooter', () => {
    const comp = movingHistory(30);
    const boxes = comp.hitboxesAt(12, 1);
    expect(boxes).toEqual([{ id: 2, x: 220, y: 50, radius: PLAYER_RADIUS, alive: true, crouch: false }]);
  });

  it('interpolates positions between the two records that bracket the time', () => {
    const comp = movingHistory(30);
    const [b] = comp.hitboxesAt(12.25, 1);
    expect(b?.x).toBeCloseTo(222.5, 10);
    expect(b?.y).toBe(50);
  });

  it('takes alive and crouch (and so the radius) from the older record', () => {
    const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
    comp.record(5, [player(2, 0, 0)]);
    comp.record(6, [player(2, 10, 0, { crouch: true })]);
    comp.record(7, [player(2, 20, 0, { crouch: true, alive: false, health: 0 })]);
    expect(comp.hitboxesAt(5.5, 1)[0]).toMatchObject({ x: 5, crouch: false, radius: PLAYER_RADIUS, alive: true });
    expect(comp.hitboxesAt(6.5, 1)[0]).toMatchObject({ crouch: true, radius: CROUCH_RADIUS, alive: true, x: 10 });
    expect(comp.hitboxesAt(7, 1)[0]).toMatchObject({ alive: false });
  });

  it('never interpolates across a teleport: the older record stands', () => {
    const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
    comp.record(5, [player(2, 100, 100, { teleportSeq: 3 })]);
    comp.record(6, [player(2, 900, 700, { teleportSeq: 4 })]);
    expect(comp.hitboxesAt(5.9, 1)[0]).toMatchObject({ x: 100, y: 100 });
  });

  it('a player who has since died and respawned is found only where they were', () => {
    const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
    for (let t = 0; t <= 10; t++) comp.record(t, [player(2, 100 + t, 100)]);
    comp.record(11, [player(2, 111, 100, { alive: false, health: 0 })]);
    comp.record(12, [player(2, 800, 600, { teleportSeq: 1 })]);
    const then = comp.hitboxesAt(8.5, 1)[0];
    expect(then).toMatchObject({ x: 108.5, y: 100, alive: true });
    expect(comp.hitboxesAt(11.5, 1)[0]).toMatchObject({ alive: false });
  });

  it('leaves out players who had not joined yet and keeps those who left later', () => {
    const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
    comp.record(1, [player(2, 0, 0), player(4, 5, 5)]);
    comp.record(2, [player(2, 0, 0), player(3, 1, 1)]);
    expect(comp.hitboxesAt(1.5, 9).map((b) => b.id)).toEqual([2, 4]);
  });

  it('pairs records by id even when players were given out of order', () => {
    const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
    comp.record(1, [player(5, 0, 0), player(3, 100, 0)]);
    comp.record(2, [player(3, 110, 0), player(5, 10, 0)]);
    expect(comp.hitboxesAt(1.5, 9).map((b) => [b.id, b.x])).toEqual([
      [3, 105],
      [5, 5],
    ]);
  });

  it('hands out copies: changing a result does not change the history', () => {
    const comp = movingHistory(5);
    const [b] = comp.hitboxesAt(3, 1);
    if (b) b.x = -1;
    expect(comp.hitboxesAt(3, 1)[0]?.x).toBe(130);
  });

  it('clamps a time outside the history to what it holds', () => {
    const comp = movingHistory(300);
    expect(comp.hitboxesAt(1e9, 1)[0]?.x).toBe(100 + 10 * 299);
    const oldest = comp.hitboxesAt(-5, 1)[0]?.x ?? NaN;
    expect(oldest).toBeGreaterThan(100);
    expect(comp.hitboxesAt(0, 9)).toHaveLength(2);
  });
});

describe('LagCompensator.rewindTime', () => {
  it('trusts a claim inside the window and close to the estimate', () => {
    const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
    expect(comp.rewindTime(90.5, 100, 92)).toEqual({ viewTime: 90.5, adjustment: 'none' });
    expect(comp.rewindTime(90.5, 100, null)).toEqual({ viewTime: 90.5, adjustment: 'none' });
  });

  it('clamps a claim older than sv_maxunlag, and one in the future', () => {
    const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
    expect(comp.rewindTime(10, 200, null)).toEqual({ viewTime: 140, adjustment: 'clamped' });
    expect(comp.rewindTime(250, 200, null)).toEqual({ viewTime: 200, adjustment: 'clamped' });
    comp.setMaxUnlag(0.5);
    expect(comp.rewindTime(10, 200, null).viewTime).toBe(170);
  });

  it('replaces a claim more than 200 ms from the estimate by the estimate', () => {
    const comp = new LagCompensator(60, 1, ARENA_HITBOX_RADII);
    // 200 ms = 12 ticks at 60 Hz.
    expect(comp.rewindTime(180, 200, 192)).toEqual({ viewTime: 180, adjustment: 'none' });
    expect(comp.rewindTime(179, 200, 192)).toEqual({ viewTime: 192, adjustment: 'estimate' });
    expect(comp.rewindTime(145, 200, 190)).toEqual({ viewTime: 190, adjustment: 'estimate' });
  });

  it('clamps the estimate too', () => {
    const comp = new LagCompensator(60, 0.25, ARENA_HITBOX_RADII);
    expect(comp.rewindTime(199, 200, 100)).toEqual({ viewTime: 185, adjustment: 'estimate' });
  });
});
