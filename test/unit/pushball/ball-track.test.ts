// BallTrack, where a client draws the shared ball: the predicted ball between two run ticks (never
// across a reset), a new snapshot's correction melted at the capped speed, a reset drawn at once,
// and the hybrid's choice (predicted near the own player, interpolated far from it).
import { describe, expect, it } from 'vitest';
import type { SampledEntity } from '../../../src/client/interpolation-buffer';
import { BallTrack, MELT_SPEED, predictedBallAt, type BallFrame } from '../../../src/pushball/client/ball-track';
import { RunningPitch } from '../../../src/pushball/client/running-pitch';
import type { BallEntity } from '../../../src/pushball/protocol/pushball-wire';
import { config, type PitchWorld } from '../../../src/pushball/sim';
import { cmd, pitchWith, playing, withBall, withPlayer } from './helpers';

const ME = 1;
const pitch = (ball: Partial<PitchWorld['ball']>): PitchWorld =>
  withBall(withPlayer(playing(pitchWith([ME])), ME, { x: 300, y: 300 }), ball);

/** A run from `base`, `ticks` neutral-ish own commands on. */
function running(base: PitchWorld, ticks: number, track: BallTrack | null = null): RunningPitch {
  const run = new RunningPitch(base, track);
  for (let t = 1; t <= ticks; t++) run.advance(ME, { ...cmd(), tick: base.tick + t });
  return run;
}

const far: SampledEntity<BallEntity> = {
  state: { id: 0, x: 800, y: 450, vx: 0, vy: 0, lastTouch: -1 },
  extrapolating: false,
};

function frame(ctx: RunningPitch, commandTick: number, own = { x: 300, y: 300 }): BallFrame {
  return { ctx, interp: far, own, localId: ME, commandTick, tickrate: 60 };
}

describe('predictedBallAt', () => {
  it('blends between the two run ticks around the time, and not across a reset', () => {
    const run = running(pitch({ x: 500, y: 300, vx: 240, vy: 0 }), 4);
    const a = run.ballAt(run.base.tick + 2)!;
    const b = run.ballAt(run.base.tick + 3)!;
    const mid = predictedBallAt(run, run.base.tick + 2.25, 60)!;
    expect(mid.x).toBeCloseTo(a.x + (b.x - a.x) * 0.25, 9);
    expect(predictedBallAt(run, run.base.tick + 10, 60)).toBeUndefined();
  });
});

describe('BallTrack', () => {
  it('draws the predicted ball on the own timeline, and melts a new snapshot’s correction', () => {
    const track = new BallTrack('predict');
    const first = running(pitch({ x: 500, y: 300, vx: 240, vy: 0 }), 10, track);
    const t0 = first.tick + 0.5;
    const drawn0 = track.draw(frame(first, t0))!;
    expect(drawn0.predicted).toBe(true);
    expect(drawn0.x).toBeCloseTo(predictedBallAt(first, first.tick - 0.5, 60)!.x, 9);
    // The next snapshot says the ball was 20 units further up: the replay moves it, the drawn ball does not jump.
    const next = running(pitch({ x: 500, y: 280, vx: 240, vy: 0 }), 10, track);
    let prev = drawn0;
    for (let i = 1; i <= 30; i++) {
      const d = track.draw(frame(next, t0 + i / 4))!;
      const move = Math.hypot(d.x - prev.x, d.y - prev.y);
      expect(move).toBeLessThanOrEqual(((240 + MELT_SPEED) / 60) * 0.25 + 1e-6 + 1);
      prev = d;
    }
    expect(track.corrections.melted).toBe(1);
    expect(track.corrections.largest).toBeCloseTo(20, 6);
    // Melted away: drawn where predicted.
    expect(prev.y).toBeCloseTo(predictedBallAt(next, next.tick - 1 + 1, 60)!.y, 6);
  });

  it('draws a reset at once', () => {
    const track = new BallTrack('predict');
    track.draw(frame(running(pitch({ x: 500, y: 300 }), 5, track), 100));
    const reset = running(pitch({ x: config.CENTRE_X, y: config.CENTRE_Y - 190 }), 5, track);
    const d = track.draw(frame(reset, 101))!;
    expect(d.y).toBeCloseTo(config.CENTRE_Y - 190, 6);
    expect(track.corrections.resets).toBe(1);
  });

  it('hybrid: interpolated far from the own player, predicted near it (the switch melted)', () => {
    const track = new BallTrack('hybrid');
    const away = running(pitch({ x: 700, y: 300 }), 5, track);
    const behind = { ...far, state: { ...far.state, x: 380, y: 300 } };
    const d1 = track.draw({ ...frame(away, away.tick + 0.5), interp: behind })!;
    expect(d1.predicted).toBe(false);
    expect(d1.x).toBe(380);
    const close = running(pitch({ x: 340, y: 300 }), 5, track);
    const d2 = track.draw({ ...frame(close, close.tick + 0.5), interp: behind })!;
    expect(d2.predicted).toBe(true);
    expect(track.corrections.melted).toBe(1);
    expect(Math.abs(d2.x - 380)).toBeLessThan(1); // drawn where it was, the offset melts from there
    // Not predicting at all (cl_predict 0 gives no context): nothing but the interpolated ball.
    expect(new BallTrack('interpolate').draw(frame(close, close.tick))?.predicted).toBe(false);
  });
});
