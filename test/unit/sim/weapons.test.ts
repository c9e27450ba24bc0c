import { describe, expect, it } from 'vitest';
import { DEPLOY_SECONDS, WEAPONS, secondsToTicks } from '../../../src/sim/config';
import { stepPlayer, type ShotIntent } from '../../../src/sim/player';
import { Buttons, Weapon, type PlayerState, type SimEvent, type UserCmd } from '../../../src/sim/types';
import { TICKRATE, cfgFor, cmd, mapWith, playerAt } from './helpers';

const cfg = cfgFor(mapWith([]));
const rifle = WEAPONS[Weapon.Rifle]!;
const rocket = WEAPONS[Weapon.Rocket]!;
const FIRE_TICKS = secondsToTicks(rifle.fireIntervalS, TICKRATE);
const RELOAD_TICKS = secondsToTicks(rifle.reloadS, TICKRATE);
const DEPLOY_TICKS = secondsToTicks(DEPLOY_SECONDS, TICKRATE);

interface Trace {
  states: PlayerState[];
  shots: { tick: number; shot: ShotIntent }[];
  events: { tick: number; event: SimEvent }[];
}

/** Steps ticks first..last with the command `at(tick)` gives, recording states, shots and events. */
function play(p: PlayerState, first: number, last: number, at: (tick: number) => Partial<UserCmd>): Trace {
  const trace: Trace = { states: [], shots: [], events: [] };
  let cur = p;
  for (let t = first; t <= last; t++) {
    const r = stepPlayer(cur, cmd(t, at(t)), t, cfg, []);
    cur = r.player;
    trace.states.push(cur);
    if (r.shot) trace.shots.push({ tick: t, shot: r.shot });
    for (const event of r.events) trace.events.push({ tick: t, event });
  }
  return trace;
}

const fire = { buttons: Buttons.Fire };

describe('fire interval and magazine', () => {
  it('fires every fire-interval ticks while the trigger is held', () => {
    const t = play(playerAt(0, 500, 500), 1, 60, () => fire);
    const ticks = t.shots.map((s) => s.tick);
    expect(FIRE_TICKS).toBe(6);
    expect(ticks).toEqual([1, 7, 13, 19, 25, 31, 37, 43, 49, 55]);
    expect(t.states[59]!.ammo[Weapon.Rifle]).toBe(rifle.magazine - 10);
  });

  it('shot intents come from the moved position with the command aim', () => {
    const t = play(playerAt(3, 500, 500, { vx: 120 }), 1, 1, () => ({ ...fire, aim: 16384 }));
    expect(t.shots[0]!.shot).toEqual({ shooter: 3, weapon: Weapon.Rifle, x: t.states[0]!.x, y: 500, aim: 16384 });
    expect(t.states[0]!.x).toBeGreaterThan(500);
  });

  it('empties the magazine in exactly `magazine` shots, then reloads by itself and resumes', () => {
    const t = play(playerAt(0, 500, 500), 1, 400, () => fire);
    const ticks = t.shots.map((s) => s.tick);
    const lastOfFirstMag = 1 + (rifle.magazine - 1) * FIRE_TICKS;
    expect(ticks.slice(0, rifle.magazine).at(-1)).toBe(lastOfFirstMag);
    // The empty magazine starts a reload on the tick of the last shot; the next round leaves when it ends.
    expect(ticks[rifle.magazine]).toBe(lastOfFirstMag + RELOAD_TICKS);
    expect(t.events.find((e) => e.event.type === 'reloaded')?.tick).toBe(lastOfFirstMag + RELOAD_TICKS);
    for (const s of t.states) {
      expect(s.ammo[Weapon.Rifle]).toBeGreaterThanOrEqual(0);
      expect(s.ammo[Weapon.Rifle]).toBeLessThanOrEqual(rifle.magazine);
    }
  });

  it('the rocket launcher holds 4 rounds at its own interval', () => {
    const p = playerAt(0, 500, 500, { weapon: Weapon.Rocket });
    const t = play(p, 1, 300, () => fire);
    const interval = secondsToTicks(rocket.fireIntervalS, TICKRATE);
    expect(t.shots.slice(0, 4).map((s) => s.tick)).toEqual([1, 1 + interval, 1 + 2 * interval, 1 + 3 * interval]);
    expect(t.shots[4]!.tick).toBe(1 + 3 * interval + secondsToTicks(rocket.reloadS, TICKRATE));
    expect(t.shots.every((s) => s.shot.weapon === Weapon.Rocket)).toBe(true);
  });
});

describe('reload', () => {
  it('the reload button refills the magazine after the reload time, not before', () => {
    const p = playerAt(0, 500, 500, { ammo: [5, 4] });
    const t = play(p, 10, 10 + RELOAD_TICKS, (tick) => (tick === 10 ? { buttons: Buttons.Reload } : {}));
    expect(t.states[0]!.reloadEndTick).toBe(10 + RELOAD_TICKS);
    expect(t.states[RELOAD_TICKS - 1]!.ammo[Weapon.Rifle]).toBe(5);
    expect(t.states[RELOAD_TICKS]!.ammo[Weapon.Rifle]).toBe(rifle.magazine);
    expect(t.states[RELOAD_TICKS]!.reloadEndTick).toBe(0);
    expect(t.events).toEqual([
      { tick: 10 + RELOAD_TICKS, event: { type: 'reloaded', player: 0, weapon: Weapon.Rifle } },
    ]);
  });

  it('a full magazine does not reload', () => {
    const t = play(playerAt(0, 500, 500), 1, 5, () => ({ buttons: Buttons.Reload }));
    expect(t.states.every((s) => s.reloadEndTick === 0)).toBe(true);
  });

  it('blocks firing until it completes', () => {
    const p = playerAt(0, 500, 500, { ammo: [5, 4] });
    const t = play(p, 1, 100, (tick) => (tick === 1 ? { buttons: Buttons.Reload } : fire));
    expect(t.shots[0]!.tick).toBe(1 + RELOAD_TICKS);
    expect(t.states[RELOAD_TICKS]!.ammo[Weapon.Rifle]).toBe(rifle.magazine - 1);
  });

  it('firing on an empty magazine starts a reload', () => {
    const p = playerAt(0, 500, 500, { ammo: [0, 4] });
    const t = play(p, 1, 1, () => fire);
    expect(t.shots).toEqual([]);
    expect(t.states[0]!.reloadEndTick).toBe(1 + RELOAD_TICKS);
  });
});

describe('weapon switch', () => {
  it('takes the deploy time, blocks firing meanwhile and reports the switch', () => {
    const t = play(playerAt(0, 500, 500), 1, 60, (tick) =>
      tick === 1 ? { weaponSelect: Weapon.Rocket, ...fire } : fire,
    );
    expect(t.states[0]!.weapon).toBe(Weapon.Rocket);
    expect(t.states[0]!.deployEndTick).toBe(1 + DEPLOY_TICKS);
    expect(t.events[0]).toEqual({ tick: 1, event: { type: 'switched', player: 0, weapon: Weapon.Rocket } });
    expect(t.shots[0]).toMatchObject({ tick: 1 + DEPLOY_TICKS, shot: { weapon: Weapon.Rocket } });
    expect(t.states[DEPLOY_TICKS]!.deployEndTick).toBe(0);
  });

  it('the cooldown of the last shot carries over a switch, so switching back and forth fires no faster', () => {
    const p = playerAt(0, 500, 500, { weapon: Weapon.Rocket });
    const rocketTicks = secondsToTicks(rocket.fireIntervalS, TICKRATE);
    const t = play(p, 1, 100, (tick) =>
      tick === 2 ? { weaponSelect: Weapon.Rifle } : tick === 3 ? { weaponSelect: Weapon.Rocket } : fire,
    );
    const rocketShots = t.shots.filter((s) => s.shot.weapon === Weapon.Rocket).map((s) => s.tick);
    expect(rocketShots[0]).toBe(1);
    expect(rocketShots[1]).toBeGreaterThanOrEqual(1 + rocketTicks);
    const toRifle = play(p, 1, 80, (tick) => (tick === 2 ? { weaponSelect: Weapon.Rifle } : fire));
    expect(toRifle.shots.filter((s) => s.shot.weapon === Weapon.Rifle)[0]?.tick).toBe(
      Math.max(2 + DEPLOY_TICKS, 1 + rocketTicks),
    );
  });

  it('selecting the current weapon is not a switch', () => {
    const t = play(playerAt(0, 500, 500), 1, 3, () => ({ weaponSelect: Weapon.Rifle, ...fire }));
    expect(t.events).toEqual([]);
    expect(t.shots[0]!.tick).toBe(1);
  });

  it('cancels a reload in progress', () => {
    const p = playerAt(0, 500, 500, { ammo: [5, 4] });
    const t = play(p, 1, 200, (tick) =>
      tick === 1 ? { buttons: Buttons.Reload } : tick === 10 ? { weaponSelect: Weapon.Rocket } : {},
    );
    expect(t.states[8]!.reloadEndTick).toBe(1 + RELOAD_TICKS);
    expect(t.states[9]!.reloadEndTick).toBe(0);
    expect(t.states[199]!.ammo).toEqual([5, 4]);
    expect(t.events.some((e) => e.event.type === 'reloaded')).toBe(false);
  });

  it('switching back to an empty weapon reloads it once deployed', () => {
    const p = playerAt(0, 500, 500, { weapon: Weapon.Rocket, ammo: [0, 4] });
    const t = play(p, 1, 200, (tick) => (tick === 1 ? { weaponSelect: Weapon.Rifle } : {}));
    expect(t.states[DEPLOY_TICKS]!.reloadEndTick).toBe(1 + DEPLOY_TICKS + RELOAD_TICKS);
    expect(t.states[199]!.ammo[Weapon.Rifle]).toBe(rifle.magazine);
  });
});
