import { describe, it, expect } from 'vitest';
import type { NetStats } from '../../../src/arena/client/view-model';
import { FpsMeter, SampleRing, netGraphLines, niceCeiling, plotCoords } from '../../../src/game/net-graph-model';
import { quietNetStats } from '../../../src/client/net-stats';

describe('SampleRing', () => {
  it('keeps the newest samples in order and overwrites the oldest', () => {
    const r = new SampleRing(3);
    r.push(1);
    r.push(2);
    expect([r.size, r.at(0), r.at(1)]).toEqual([2, 1, 2]);
    r.push(3);
    r.push(4);
    expect([r.size, r.at(0), r.at(1), r.at(2)]).toEqual([3, 2, 3, 4]);
    expect(r.max()).toBe(4);
  });

  it('stores non-finite samples as 0', () => {
    const r = new SampleRing(2);
    r.push(Number.NaN);
    r.push(Infinity);
    expect(r.max()).toBe(0);
  });
});

describe('plotCoords', () => {
  it('puts the newest sample at the right edge and scales to the rectangle', () => {
    const r = new SampleRing(5);
    for (const v of [0, 50, 100]) r.push(v);
    const out = new Float64Array(10);
    const n = plotCoords(r, { x: 10, y: 20, w: 40, h: 100 }, 100, out);
    expect(n).toBe(3);
    expect(Array.from(out.slice(0, 6))).toEqual([30, 120, 40, 70, 50, 20]);
  });

  it('clamps values above the top and below zero inside the rectangle', () => {
    const r = new SampleRing(2);
    r.push(-5);
    r.push(1000);
    const out = new Float64Array(4);
    plotCoords(r, { x: 0, y: 0, w: 10, h: 10 }, 100, out);
    expect(out[1]).toBe(10);
    expect(out[3]).toBe(0);
  });
});

describe('niceCeiling and fps', () => {
  it('rounds up to 1-2-5 steps', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(120)).toBe(200);
    expect(niceCeiling(0.3)).toBeCloseTo(0.5, 12);
    expect(niceCeiling(5000)).toBe(5000);
  });

  it('measures frames per second from frame durations', () => {
    const m = new FpsMeter();
    expect(m.fps).toBe(0);
    for (let i = 0; i < 50; i++) m.tick(1 / 60);
    expect(m.fps).toBeCloseTo(60, 6);
    m.tick(-1);
    expect(m.fps).toBeCloseTo(60, 6);
  });
});

describe('netGraphLines', () => {
  it('shows every metric the net graph promises', () => {
    const s: NetStats = {
      pingMs: 101.6,
      jitterMs: 4.25,
      lossIn: 0.05,
      lossOut: 0.012,
      snapshotsPerSec: 30,
      interpDelayMs: 100,
      extrapolatingEntities: 2,
      bytesInPerSec: 4200,
      bytesOutPerSec: 640,
      predictionErrorsPerSec: 0.5,
      cmdBufferDepth: 3,
      serverTick: 1000,
      commandTick: 1009,
      renderTick: 992.5,
    };
    const text = netGraphLines(s, 59.7).join('\n');
    for (const part of [
      'fps 60',
      'ping 102 ms',
      'jitter 4.3 ms',
      'loss in 5.0%',
      'out 1.2%',
      'snapshots 30/s',
      'interp 100 ms',
      'extrap 2',
      'in 4.2 kB/s',
      'out 640 B/s',
      'pred errors 0.5/s',
      'cmd buffer 3',
      'render 992.50',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('adds the migration line when there is a checkpoint to speak of: its age and the interval', () => {
    const s = quietNetStats({});
    expect(netGraphLines(s, 60)).toHaveLength(6);
    expect(netGraphLines(s, 60, { ageMs: 420, intervalMs: 1003 }).at(-1)).toBe('checkpoint age 0.4 s   every 1.0 s');
    expect(netGraphLines(s, 60, { ageMs: null, intervalMs: 1000 }).at(-1)).toBe('checkpoint age -   every 1.0 s');
  });
});
