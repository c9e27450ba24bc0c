import { describe, expect, it } from 'vitest';
import { CROUCH_RADIUS, PLAYER_RADIUS } from '../../../src/sim/config';
import { hitboxOf, traceShot } from '../../../src/sim/hitscan';
import type { Hitbox } from '../../../src/sim/types';
import { mapWith, playerAt } from './helpers';

const open = mapWith([]);
const RIGHT = 0;
const DOWN = 16384;
const box = (id: number, x: number, y: number, fields: Partial<Hitbox> = {}): Hitbox => ({
  ...hitboxOf(playerAt(id, x, y)),
  ...fields,
});

describe('traceShot', () => {
  it('hits the nearest of several targets, whatever their order in the list', () => {
    const targets = [box(3, 400, 500), box(1, 200, 500), box(2, 300, 500)];
    const r = traceShot(open, 100, 500, RIGHT, 2000, targets, 0);
    expect(r.hit).toBe(1);
    expect(r.endX).toBe(200 - PLAYER_RADIUS);
    expect(r.endY).toBe(500);
  });

  it('is stopped by a wall in front of the target', () => {
    const map = mapWith([{ x: 250, y: 400, w: 20, h: 200 }]);
    const r = traceShot(map, 100, 500, RIGHT, 2000, [box(1, 400, 500)], 0);
    expect(r.hit).toBeNull();
    expect(r.endX).toBe(250);
  });

  it('hits a target standing in front of a wall', () => {
    const map = mapWith([{ x: 450, y: 400, w: 20, h: 200 }]);
    expect(traceShot(map, 100, 500, RIGHT, 2000, [box(1, 400, 500)], 0).hit).toBe(1);
  });

  it('passes through dead targets', () => {
    const r = traceShot(open, 100, 500, RIGHT, 2000, [box(1, 200, 500, { alive: false }), box(2, 300, 500)], 0);
    expect(r.hit).toBe(2);
  });

  it('crouched targets have the smaller radius', () => {
    const offset = (PLAYER_RADIUS + CROUCH_RADIUS) / 2;
    const standing = hitboxOf(playerAt(1, 400, 500 + offset));
    const crouched = hitboxOf(playerAt(1, 400, 500 + offset, { crouch: true }));
    expect(crouched.radius).toBe(CROUCH_RADIUS);
    expect(traceShot(open, 100, 500, RIGHT, 2000, [standing], 0).hit).toBe(1);
    expect(traceShot(open, 100, 500, RIGHT, 2000, [crouched], 0).hit).toBeNull();
  });

  it('never hits the shooter, even from inside its own hitbox', () => {
    const r = traceShot(open, 100, 500, RIGHT, 2000, [box(0, 100, 500), box(4, 300, 500)], 0);
    expect(r.hit).toBe(4);
  });

  it('stops at its range and at the map edge', () => {
    const short = traceShot(open, 100, 500, RIGHT, 150, [box(1, 400, 500)], 0);
    expect(short.hit).toBeNull();
    expect(short.endX).toBe(250);
    const edge = traceShot(open, 100, 500, DOWN, 5000, [], 0);
    expect(edge.endX).toBe(100);
    expect(edge.endY).toBe(open.height);
  });

  it('aims with the angle convention of the types (0 = +x, a quarter turn = +y)', () => {
    const below = box(1, 100, 700);
    expect(traceShot(open, 100, 500, DOWN, 2000, [below], 0).hit).toBe(1);
    expect(traceShot(open, 100, 500, RIGHT, 2000, [below], 0).hit).toBeNull();
    expect(traceShot(open, 100, 500, 49152, 2000, [box(2, 100, 300)], 0).hit).toBe(2);
  });

  it('a shot grazing along a wall face is not blocked by it', () => {
    const map = mapWith([{ x: 200, y: 400, w: 100, h: 100 }]);
    expect(traceShot(map, 100, 500, RIGHT, 2000, [box(1, 400, 500)], 0).hit).toBe(1);
  });
});
