/** HostSilence: 3 s without the host is "host left", but not when the silence is this page's own stall. */
import { describe, expect, it } from 'vitest';
import { HostSilence } from '../../../src/app/host-silence';

/** Checks every 250 ms from `from` to `to` (exclusive); the first time it reported silence, or null. */
function watch(s: HostSilence, from: number, to: number): number | null {
  for (let t = from; t < to; t += 250) if (s.check(t)) return t;
  return null;
}

describe('HostSilence', () => {
  it('reports a host silent for longer than the limit, and not before', () => {
    const s = new HostSilence(0, 3000, 1000);
    s.heard(500);
    expect(watch(s, 250, 3500)).toBeNull();
    expect(s.check(3750)).toBe(true);
  });

  it('keeps a host that is heard from', () => {
    const s = new HostSilence(0, 3000, 1000);
    for (let t = 250; t < 20_000; t += 250) {
      if (t % 1000 === 0) s.heard(t);
      expect(s.check(t)).toBe(false);
    }
  });

  it("does not blame the host for this page's own 4 s stall: the queued messages get their turn", () => {
    const s = new HostSilence(0, 3000, 1000);
    expect(watch(s, 250, 1000)).toBeNull();
    // The page was blocked from 1000 to 5000; the watchdog runs first, before the queued snapshots.
    expect(s.check(5000)).toBe(false);
    s.heard(5001);
    expect(watch(s, 5250, 8000)).toBeNull();
  });

  it('still reports a host that stays silent after our stall, one limit later', () => {
    const s = new HostSilence(0, 3000, 1000);
    expect(s.check(5000)).toBe(false);
    expect(watch(s, 5250, 8250)).toBeNull();
    expect(s.check(8250)).toBe(true);
  });
});

describe('HostSilence with a shorter limit for one check (a joiner that can migrate)', () => {
  it('reports silence after the limit given to the check', () => {
    const s = new HostSilence(0, 3000, 1000);
    expect(watch(s, 250, 2250)).toBeNull();
    expect(s.check(2250, 2000)).toBe(true);
    expect(s.check(2500)).toBe(false);
  });
});
