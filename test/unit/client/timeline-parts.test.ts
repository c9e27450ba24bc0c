import { describe, expect, it } from 'vitest';
import { DelayFilter } from '../../../src/client/delay-filter';
import { InterpDelay } from '../../../src/client/interp-delay';
import { SkewEstimator } from '../../../src/client/skew-estimator';
import { seeded } from '../../helpers/seeded';

describe('DelayFilter', () => {
  it('takes a sustained rise of the minimum for a step, and a jitter spike or a decreasing catch-up burst for none', () => {
    const random = seeded(4);
    const f = new DelayFilter();
    let t = 0;
    for (let i = 0; i < 120; i++) f.add((t += 33), 50 + random() * 20);
    expect(f.floor).toBeGreaterThanOrEqual(50);
    expect(f.floor).toBeLessThan(52);
    // One spike of 200 ms and a burst arriving after a host stall (lateness falling 33 ms each): no step.
    const other = new DelayFilter();
    let u = 0;
    for (let i = 0; i < 120; i++) other.add((u += 33), 50 + random() * 20);
    expect(other.add((u += 33), 250)).toBeNull();
    for (const late of [900, 867, 834, 801, 768, 735, 702]) expect(other.add((u += 1), late)).toBeNull();
    expect(other.steps).toBe(0);
    // The path gets 125 ms longer: a step within a few samples, and the jitter estimate stays put.
    const jitterBefore = f.jitter;
    let step = null;
    let samples = 0;
    while (step === null && samples < 10) {
      step = f.add((t += 33), 175 + random() * 20);
      samples++;
    }
    expect(step).toBe('up');
    expect(samples).toBeLessThanOrEqual(3);
    expect(f.floor).toBeGreaterThanOrEqual(175);
    expect(f.jitter).toBeLessThanOrEqual(2 * jitterBefore + 1);
    // And back: a sample far below the floor is a step down at once.
    expect(f.add((t += 33), 52)).toBe('down');
  });
});

describe('InterpDelay', () => {
  it('grows at half real time when gaps appear, shrinks at 2 % after, between its floor and cap', () => {
    const d = new InterpDelay(1000 / 60);
    expect(d.advance(0, 6, 30, true)).toBe(6);
    // A 300 ms gap (18 ticks) was just seen.
    d.arrival(100, 18);
    d.advance(100, 6, 30, true);
    const grown = d.advance(200, 6, 30, true);
    // 200 ms = 12 ticks elapsed since the last frame before the gap: grows by 6 ticks (half) at most.
    expect(grown).toBeCloseTo(12, 5);
    d.advance(1000, 6, 30, true);
    expect(d.ticks).toBeCloseTo(19, 5);
    // Gaps forgotten after 5 s: shrinks at 2 % of elapsed time (1.2 ticks per second).
    d.advance(6000, 6, 30, true);
    const a = d.ticks;
    d.advance(7000, 6, 30, true);
    expect(a - d.ticks).toBeCloseTo(1.2, 5);
    // Never above the cap, and off means the floor at once.
    d.arrival(7000, 500);
    d.advance(8000, 6, 30, true);
    expect(d.ticks).toBe(30);
    expect(d.advance(8016, 6, 30, false)).toBe(6);
  });
});

describe('SkewEstimator', () => {
  it('reads a steady drift as skew, and a delay step inside the window as none', () => {
    const drift = new SkewEstimator();
    for (let t = 0; t <= 6000; t += 33) drift.add(t, 0.1 * t + ((t * 7919) % 13));
    expect(drift.slope()).toBeCloseTo(0.1, 2);
    const step = new SkewEstimator();
    for (let t = 0; t <= 6000; t += 33) step.add(t, (t > 3000 ? 125 : 0) + ((t * 7919) % 13));
    expect(step.slope()).toBeNull();
  });
});
