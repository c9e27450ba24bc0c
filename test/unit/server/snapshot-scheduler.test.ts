import { describe, it, expect } from 'vitest';
import { SnapshotScheduler, clampClientSettings } from '../../../src/server/snapshot-scheduler';

/** Runs `ticks` ticks sending `bytesEach` whenever due; returns the ticks at which snapshots went out. */
function drive(s: SnapshotScheduler, ticks: number, bytesEach: number): number[] {
  const sent: number[] = [];
  for (let t = 1; t <= ticks; t++) {
    if (s.due(t)) {
      s.sent(t, bytesEach);
      sent.push(t);
    }
  }
  return sent;
}

describe('SnapshotScheduler', () => {
  it('sends every tickrate / updaterate ticks when the budget allows', () => {
    const s = new SnapshotScheduler(60, { updateRate: 30, rate: 100_000, interpMs: 100 });
    const sent = drive(s, 600, 200);
    expect(sent.length).toBe(300);
    for (let i = 1; i < sent.length; i++) expect((sent[i] as number) - (sent[i - 1] as number)).toBe(2);
  });

  it('caps the update rate at the tickrate and rounds the interval', () => {
    expect(new SnapshotScheduler(60, { updateRate: 128, rate: 1e6, interpMs: 0 }).interval).toBe(1);
    expect(new SnapshotScheduler(60, { updateRate: 20, rate: 1e6, interpMs: 0 }).interval).toBe(3);
    expect(new SnapshotScheduler(64, { updateRate: 30, rate: 1e6, interpMs: 0 }).interval).toBe(2);
  });

  it('holds snapshots back so the average never exceeds rate, choosing later send times', () => {
    // 10,000 B/s at 60 Hz with 1,000-byte snapshots asked 30 times a second: only 10 fit per second.
    const s = new SnapshotScheduler(60, { updateRate: 30, rate: 10_000, interpMs: 100 });
    const sent = drive(s, 6000, 1000);
    const bytesPerS = (sent.length * 1000) / 100;
    expect(bytesPerS).toBeLessThanOrEqual(10_000 + 1000 / 100);
    expect(bytesPerS).toBeGreaterThan(9_000);
    expect(s.counters.heldBackTicks).toBeGreaterThan(0);
    const gaps = new Set(sent.slice(1).map((t, i) => t - (sent[i] as number)));
    expect(Math.min(...gaps)).toBeGreaterThan(2);
  });

  it('spreads clients over the interval by phase', () => {
    // Interval 3 ticks: phase p sends on ticks ≡ p (mod 3), whenever the client joined.
    const sends = (phase: number) =>
      drive(new SnapshotScheduler(60, { updateRate: 20, rate: 1e6, interpMs: 0 }, phase), 12, 10);
    expect(sends(0)).toEqual([3, 6, 9, 12]);
    expect(sends(1)).toEqual([1, 4, 7, 10]);
    expect(sends(2)).toEqual([2, 5, 8, 11]);
    expect(sends(4)).toEqual(sends(1));
  });

  it('applies new settings live', () => {
    const s = new SnapshotScheduler(60, { updateRate: 30, rate: 100_000, interpMs: 100 });
    drive(s, 60, 100);
    s.configure({ updateRate: 10, rate: 100_000, interpMs: 100 });
    expect(s.interval).toBe(6);
  });

  it('clamps peer-supplied settings to the cvar bounds', () => {
    expect(clampClientSettings({ updateRate: 1e9, rate: -5, interpMs: Number.NaN })).toEqual({
      updateRate: 128,
      rate: 2500,
      interpMs: 100,
    });
  });
});
