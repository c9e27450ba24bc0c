/**
 * Property (issue 9): whatever the network does (random sequences of RTT, jitter, loss, loss bursts,
 * host stalls) and however far off the client's clock runs (±10 %), a real NetClient against the
 * real GameServer never acks a snapshot it did not receive and never issues a command tick twice.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Link } from '../harness/link';
import { Match } from '../harness/match';
import { IDLE, PilotedClient, SkewedClient, type Pilot } from './client-harness';

interface Segment {
  ms: number;
  rttMs: number;
  jitterMs: number;
  loss: number;
  burstMs: number;
  stallMs: number;
}

const segment = fc.record({
  ms: fc.integer({ min: 300, max: 2500 }),
  rttMs: fc.integer({ min: 10, max: 600 }),
  jitterMs: fc.integer({ min: 0, max: 60 }),
  loss: fc.double({ min: 0, max: 0.3, noNaN: true }),
  burstMs: fc.oneof(fc.constant(0), fc.integer({ min: 30, max: 400 })),
  stallMs: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 100, max: 1500 })),
});

const wander: Pilot = (_v, now) => ({
  ...IDLE,
  moveX: Math.floor(now / 350) % 3 === 0 ? 127 : -90,
  moveY: Math.floor(now / 500) % 2 === 0 ? 60 : -60,
});

describe('timelines under random network histories', () => {
  it('never acks a snapshot not received, never issues a tick twice', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 2, maxLength: 6 }),
        fc.double({ min: 0.9, max: 1.1, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        (segments: Segment[], rate, seed) => {
          const match = new Match({ server: { seed } });
          const client = new SkewedClient(new PilotedClient(1, wander), rate);
          expect(match.addClient(client, Link.rtt(100, 0, 0), seed)).toBe(true);
          match.run(1500);
          const link = match.link(1)!;
          for (const s of segments) {
            const settings = { latencyMs: s.rttMs / 2, jitterMs: s.jitterMs, loss: s.loss, burstMs: s.burstMs };
            link.up.setSettings(settings);
            link.down.setSettings(settings);
            if (s.stallMs > 0) match.stallServer(s.stallMs);
            match.run(s.ms);
          }
          expect(client.falseAcks).toBe(0);
          expect(client.reissued).toBe(0);
        },
      ),
      { numRuns: 25, seed: 9 },
    );
  });
});
