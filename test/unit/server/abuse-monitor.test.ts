import { describe, it, expect } from 'vitest';
import { AbuseMonitor, defaultAbuseLimits } from '../../../src/server/abuse-monitor';
import { RttEstimator } from '../../../src/server/rtt-estimator';

describe('AbuseMonitor', () => {
  it('leaves an honest client alone for a long time', () => {
    const m = new AbuseMonitor(defaultAbuseLimits(60));
    for (let t = 0; t < 600_000; t += 1000 / 60) {
      // One packet per tick, three commands, and one corrupted datagram every second.
      expect(m.packet(t, Math.floor(t) % 1000 > 16, 3)).toBeNull();
    }
  });

  it('kicks for malformed packets beyond the limit in one window', () => {
    const m = new AbuseMonitor({ windowMs: 1000, maxDecodeFailures: 5, maxPackets: 1000, maxCommands: 1000 });
    for (let i = 0; i < 5; i++) expect(m.packet(i, false, 0)).toBeNull();
    expect(m.packet(6, false, 0)?.reason).toBe('malformed');
    expect(m.kicked?.reason).toBe('malformed');
  });

  it('forgets failures from earlier windows', () => {
    const m = new AbuseMonitor({ windowMs: 1000, maxDecodeFailures: 5, maxPackets: 1000, maxCommands: 1000 });
    for (let w = 0; w < 10; w++) for (let i = 0; i < 5; i++) expect(m.packet(w * 1000 + i, false, 0)).toBeNull();
  });

  it('kicks for packet floods and command floods', () => {
    const packets = new AbuseMonitor({ windowMs: 1000, maxDecodeFailures: 5, maxPackets: 100, maxCommands: 1e6 });
    let verdict = null;
    for (let i = 0; i < 101 && !verdict; i++) verdict = packets.packet(i, true, 1);
    expect(verdict?.reason).toBe('flood');
    const cmds = new AbuseMonitor({ windowMs: 1000, maxDecodeFailures: 5, maxPackets: 1e6, maxCommands: 30 });
    verdict = null;
    for (let i = 0; i < 11 && !verdict; i++) verdict = cmds.packet(i, true, 3);
    expect(verdict?.reason).toBe('flood');
  });
});

describe('RttEstimator', () => {
  it('starts at the first sample and filters later ones', () => {
    const r = new RttEstimator();
    expect(r.rttMs).toBeNull();
    r.sample(100);
    expect(r.rttMs).toBe(100);
    r.sample(180);
    expect(r.rttMs).toBe(110);
    r.sample(-1);
    r.sample(Number.NaN);
    expect(r.samples).toBe(2);
  });

  it('converges to a steady round trip', () => {
    const r = new RttEstimator();
    for (let i = 0; i < 200; i++) r.sample(150 + (i % 2 ? 10 : -10));
    expect(r.rttMs).toBeGreaterThan(145);
    expect(r.rttMs).toBeLessThan(155);
    expect(r.jitterMs).toBeGreaterThan(5);
  });
});
