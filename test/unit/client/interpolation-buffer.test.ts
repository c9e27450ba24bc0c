import { describe, expect, it } from 'vitest';
import { InterpolationBuffer } from '../../../src/client/interpolation-buffer';
import { createPlayerTraits, lerpAngle } from '../../../src/arena/client/remote-traits';
import { MAX_SPEED } from '../../../src/sim/config';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { stepPlayer } from '../../../src/sim/player';
import { newPlayer } from '../../../src/sim/player-state';
import { WEAPON_KEEP, type PublicPlayerState, type UserCmd } from '../../../src/sim/types';

function player(id: number, x: number, y = 100, extra: Partial<PublicPlayerState> = {}): PublicPlayerState {
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

const ON = { interpolate: true, extrapolateTicks: 10 };

/** Source's worked example (seed 003): 40 ticks/s, a snapshot every 2 ticks (20/s); tick 344 arrived at 10.30 s. */
const TICK_S = 0.025;
const playerTraits = createPlayerTraits(40, MAX_SPEED);
const secondsToTick = (t: number): number => 344 + (t - 10.3) / TICK_S;
/** The entity runs right at 4 units per tick, so its true position at tick T is 4T. */
const truth = (tick: number): number => 4 * tick;

function sourceBuffer(ticks: number[]): InterpolationBuffer<PublicPlayerState> {
  const buf = new InterpolationBuffer(playerTraits);
  for (const t of ticks) buf.push(t, [player(1, truth(t), 100, { vx: 4 * 40 })]);
  return buf;
}

describe('InterpolationBuffer: the Source worked example', () => {
  it('render time 10.32 s - 0.1 s = 10.22 s lands between snapshots 340 and 342 at fraction 0.4', () => {
    const buf = sourceBuffer([336, 338, 340, 342, 344]);
    const render = secondsToTick(10.32 - 0.1);
    expect(render).toBeCloseTo(340.8, 9);
    const [s] = buf.sample(render, ON);
    const a = truth(340);
    const b = truth(342);
    expect(s!.state.x).toBeCloseTo(a + 0.4 * (b - a), 9);
    expect(s!.extrapolating).toBe(false);
  });

  it('with snapshot 342 lost, 340 and 344 are used and the motion has no hitch', () => {
    const full = sourceBuffer([336, 338, 340, 342, 344]);
    const lossy = sourceBuffer([336, 338, 340, 344]);
    for (let t = 10.2; t <= 10.4; t += 0.001) {
      const render = secondsToTick(t - 0.1);
      expect(lossy.sample(render, ON)[0]!.state.x).toBeCloseTo(full.sample(render, ON)[0]!.state.x, 9);
    }
  });

  it('with the stream cut after 344, extrapolation runs 0.25 s (10 ticks) and then holds', () => {
    const buf = sourceBuffer([340, 342, 344]);
    const at = (tick: number) => buf.sample(tick, ON)[0]!;
    expect(at(344 + 5).state.x).toBeCloseTo(truth(349), 9);
    expect(at(344 + 10).state.x).toBeCloseTo(truth(354), 9);
    expect(at(344 + 30).state.x).toBeCloseTo(truth(354), 9);
    expect(at(344 + 5).extrapolating).toBe(true);
    expect(at(344 + 30).extrapolating).toBe(true);
  });

  it('three snapshots lost in a row: extrapolates through the gap, then interpolates again when 350 arrives', () => {
    const buf = sourceBuffer([338, 340, 342, 344]);
    expect(buf.sample(345, ON)[0]!.extrapolating).toBe(true);
    expect(buf.sample(345, ON)[0]!.state.x).toBeCloseTo(truth(345), 9);
    buf.push(350, [player(1, truth(350), 100, { vx: 4 * 40 })]);
    const s = buf.sample(347, ON)[0]!;
    expect(s.extrapolating).toBe(false);
    expect(s.state.x).toBeCloseTo(truth(347), 9);
  });

  it('cl_extrapolate 0 holds at the newest state at once', () => {
    const buf = sourceBuffer([340, 342, 344]);
    expect(buf.sample(350, { interpolate: true, extrapolateTicks: 0 })[0]!.state.x).toBe(truth(344));
  });

  it('cl_interpolate 0 draws the newest snapshot whatever the render time', () => {
    const buf = sourceBuffer([340, 342, 344]);
    expect(buf.sample(341, { interpolate: false, extrapolateTicks: 10 })[0]!.state.x).toBe(truth(344));
  });
});

describe('InterpolationBuffer: history rules', () => {
  it('never slides across a teleport: holds the old state until the new one is due, then jumps', () => {
    const buf = new InterpolationBuffer(playerTraits);
    buf.push(10, [player(1, 100)]);
    buf.push(12, [player(1, 900, 100, { teleportSeq: 1 })]);
    expect(buf.sample(11.9, ON)[0]!.state.x).toBe(100);
    expect(buf.sample(12, ON)[0]!.state.x).toBe(900);
    // Nor extrapolates from a pair that straddles the teleport.
    expect(buf.sample(14, ON)[0]!.state.x).toBe(900);
  });

  it('removes an entity missing from the newest snapshot, and a late older snapshot does not bring it back', () => {
    const buf = new InterpolationBuffer(playerTraits);
    buf.push(10, [player(1, 0), player(2, 0)]);
    buf.push(14, [player(1, 10)]);
    expect(buf.sample(12, ON).map((s) => s.state.id)).toEqual([1]);
    buf.push(12, [player(1, 5), player(2, 5)]);
    expect(buf.size).toBe(1);
    expect(buf.historyOf(1).map((h) => h.tick)).toEqual([10, 12, 14]);
  });

  it('keeps the history sorted, ignores duplicate ticks and caps its length', () => {
    const buf = new InterpolationBuffer(playerTraits, 4);
    for (const t of [2, 6, 4, 8, 4, 10, 12]) buf.push(t, [player(1, t)]);
    expect(buf.historyOf(1).map((h) => h.tick)).toEqual([6, 8, 10, 12]);
  });

  it('blends aim the short way round the circle', () => {
    expect(lerpAngle(65000, 500, 0.5)).toBeCloseTo((65000 + (500 + 65536 - 65000) / 2) % 65536, 9);
    expect(lerpAngle(500, 65000, 0.5)).toBeCloseTo((500 - (500 + 65536 - 65000) / 2 + 65536) % 65536, 9);
    const buf = new InterpolationBuffer(playerTraits);
    buf.push(0, [player(1, 0, 0, { aim: 65436 })]);
    buf.push(2, [player(1, 0, 0, { aim: 100 })]);
    expect(buf.sample(1, ON)[0]!.state.aim).toBeCloseTo(0, 9);
  });

  it("follows the server's per-tick path between snapshots two ticks apart, not the chord", () => {
    const cfg = { tickrate: 60, map: DEFAULT_MAP };
    const spawn = DEFAULT_MAP.spawns[0]!;
    const go = (tick: number): UserCmd => ({
      tick,
      moveX: 127,
      moveY: 40,
      aim: 0,
      buttons: 0,
      weaponSelect: WEAPON_KEEP,
      viewTick: 0,
      viewFrac: 0,
    });
    const s10 = newPlayer(1, spawn.x, spawn.y);
    const s11 = stepPlayer(s10, go(11), 11, cfg, []).player;
    const s12 = stepPlayer(s11, go(12), 12, cfg, []).player;
    const buf = new InterpolationBuffer(createPlayerTraits(60, MAX_SPEED));
    buf.push(10, [s10]);
    buf.push(12, [s12]);
    const mid = buf.sample(11, ON)[0]!.state;
    expect(Math.abs(mid.x - s11.x)).toBeLessThanOrEqual(1 / 32);
    expect(Math.abs(mid.y - s11.y)).toBeLessThanOrEqual(1 / 32);
    // Accelerating from rest, the chord would be far off the real middle position.
    expect(Math.abs((s10.x + s12.x) / 2 - s11.x)).toBeGreaterThan(0.2);
  });

  it('falls back to the chord when the rebuilt point is implausible (velocity says it came from elsewhere)', () => {
    const buf = new InterpolationBuffer(createPlayerTraits(60, MAX_SPEED));
    buf.push(10, [player(1, 100)]);
    buf.push(12, [player(1, 104, 100, { vx: -2000 })]);
    expect(buf.sample(11, ON)[0]!.state.x).toBeCloseTo(102, 9);
  });

  it('discrete fields switch at the newer state, not halfway', () => {
    const buf = new InterpolationBuffer(playerTraits);
    buf.push(0, [player(1, 0, 0, { health: 100 })]);
    buf.push(2, [player(1, 0, 0, { health: 80 })]);
    expect(buf.sample(1.9, ON)[0]!.state.health).toBe(100);
    expect(buf.sample(2, ON)[0]!.state.health).toBe(80);
  });
});
