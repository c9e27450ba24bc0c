import { describe, expect, it } from 'vitest';
import { ClientClock } from '../../../src/client/client-clock';
import { seeded as rng } from '../../helpers/seeded';

const TICKRATE = 60;
const TICK_MS = 1000 / TICKRATE;

interface InFlight {
  arriveMs: number;
  kind: 'cmd' | 'snap';
  tick: number;
  sendTimeMs16: number;
}

/**
 * A closed loop in virtual time: a server ticking at 60 Hz that buffers the newest command tick it has
 * seen and reports depth = newest - current in a snapshot every 2 ticks (echoing the newest packet's
 * send time and how long it held it), and a client that sends one packet per new command tick.
 * One-way delay = rtt/2 + uniform jitter, both directions.
 */
class Loop {
  readonly clock = new ClientClock(TICKRATE);
  now = 0;
  rttMs: number;
  private readonly random: () => number;
  private flights: InFlight[] = [];
  private newestCmd = 0;
  private echo = { time16: 0, arrivedMs: 0 };
  private lastIssued = -1;
  private serverTick = 0;
  depths: number[] = [];
  commandTicks: number[] = [];

  constructor(
    rttMs: number,
    private readonly jitterMs: number,
    seed = 1,
  ) {
    this.rttMs = rttMs;
    this.random = rng(seed);
  }

  private delay(): number {
    return this.rttMs / 2 + this.random() * this.jitterMs;
  }

  step(ms: number): void {
    this.now += ms;
    while (Math.floor(this.now / TICK_MS) > this.serverTick) this.serverTickOnce();
    const due = this.flights.filter((f) => f.arriveMs <= this.now);
    this.flights = this.flights.filter((f) => f.arriveMs > this.now);
    for (const f of due.sort((a, b) => a.arriveMs - b.arriveMs)) this.deliver(f);
    this.clock.advance(this.now);
    this.commandTicks.push(this.clock.commandTick);
    if (!this.clock.isSynced) return;
    const target = Math.floor(this.clock.commandTick);
    if (target > this.lastIssued) {
      this.lastIssued = target;
      const sendTimeMs16 = Math.floor(this.now) & 0xffff;
      this.clock.noteSent(sendTimeMs16);
      this.flights.push({ arriveMs: this.now + this.delay(), kind: 'cmd', tick: target, sendTimeMs16 });
    }
  }

  private serverTickOnce(): void {
    this.serverTick++;
    if (this.serverTick % 2 !== 0) return;
    const depth = this.newestCmd === 0 ? 0 : this.newestCmd - this.serverTick;
    this.depths.push(depth);
    this.flights.push({
      arriveMs: this.now + this.delay(),
      kind: 'snap',
      tick: this.serverTick,
      sendTimeMs16: this.echo.time16,
    });
    this.lastHold = this.now - this.echo.arrivedMs;
    this.lastDepth = depth;
  }
  private lastHold = 0;
  private lastDepth = 0;

  private deliver(f: InFlight): void {
    if (f.kind === 'cmd') {
      this.newestCmd = Math.max(this.newestCmd, f.tick);
      this.echo = { time16: f.sendTimeMs16, arrivedMs: f.arriveMs };
      return;
    }
    this.clock.onSnapshot(
      {
        serverTick: f.tick,
        echoTimeMs: f.sendTimeMs16,
        echoHoldMs: Math.round(this.lastHold),
        cmdBufferDepth: this.lastDepth,
      },
      this.now,
    );
  }

  run(ms: number, stepMs = 4): void {
    for (let t = 0; t < ms; t += stepMs) this.step(stepMs);
  }
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('ClientClock', () => {
  it('measures the RTT from echoed send times minus the server hold, ignoring echoes it never sent', () => {
    const clock = new ClientClock(TICKRATE);
    clock.noteSent(1000);
    clock.onSnapshot({ serverTick: 100, echoTimeMs: 1000, echoHoldMs: 10, cmdBufferDepth: 0 }, 1160);
    expect(clock.rttMs).toBe(150);
    clock.onSnapshot({ serverTick: 102, echoTimeMs: 999, echoHoldMs: 0, cmdBufferDepth: 0 }, 1190);
    expect(clock.rttMs).toBe(150);
    // The 16-bit send time wraps: 65500 sent, answered at 65536 + 120.
    const wrap = new ClientClock(TICKRATE);
    wrap.noteSent(65500);
    wrap.onSnapshot({ serverTick: 5, echoTimeMs: 65500, echoHoldMs: 6, cmdBufferDepth: 0 }, 65536 + 120);
    expect(wrap.rttMs).toBe(150);
  });

  it('locks the command tick ahead of the server by about RTT/2 plus the buffer, and the server buffer on target', () => {
    const loop = new Loop(150, 20);
    loop.run(6000);
    const lateDepths = loop.depths.slice(-60);
    expect(Math.abs(mean(lateDepths) - loop.clock.targetBufferTicks)).toBeLessThan(1);
    // The least round trip seen (the path without queueing): the loop's 4 ms steps and rounding shave some off.
    expect(loop.clock.rttMs).toBeGreaterThan(150 - 20);
    expect(loop.clock.rttMs).toBeLessThan(150 + 20);
  });

  it('tracks the arriving stream time smoothly: rate within ±5 % of real time despite 20 ms jitter', () => {
    const loop = new Loop(150, 20);
    loop.run(2000);
    let prev = loop.clock.streamTick;
    for (let i = 0; i < 1000; i++) {
      loop.step(4);
      const rate = (loop.clock.streamTick - prev) / (4 / TICK_MS);
      expect(rate).toBeGreaterThanOrEqual(0.95 - 1e-9);
      expect(rate).toBeLessThanOrEqual(1.05 + 1e-9);
      prev = loop.clock.streamTick;
    }
    // About one-way delay plus half the jitter behind the server's own tick.
    const behindMs = (loop.now / TICK_MS - loop.clock.streamTick) * TICK_MS;
    expect(behindMs).toBeGreaterThan(60);
    expect(behindMs).toBeLessThan(110);
  });

  it('after a 20 % RTT step the server buffer is back on target within 2 s, without the command tick jumping', () => {
    const loop = new Loop(150, 20, 7);
    loop.run(5000);
    const before = loop.commandTicks.length;
    const target = loop.clock.targetBufferTicks;
    loop.rttMs = 180;
    const depthsBefore = loop.depths.length;
    loop.run(4000);
    const steps = loop.commandTicks.slice(before);
    for (let i = 1; i < steps.length; i++) {
      const advance = (steps[i]! - steps[i - 1]!) / (4 / TICK_MS);
      expect(advance).toBeGreaterThanOrEqual(0.95 - 1e-9);
      expect(advance).toBeLessThanOrEqual(1.05 + 1e-9);
    }
    // Depth reports per 2 ticks: 2 s = 60 reports; from then on a 0.5 s average sits on target.
    const after = loop.depths.slice(depthsBefore + 60);
    for (let i = 0; i + 15 <= after.length; i += 15) {
      expect(Math.abs(mean(after.slice(i, i + 15)) - target)).toBeLessThan(1);
    }
    // The step did disturb it (otherwise this test proves nothing).
    const disturbed = loop.depths.slice(depthsBefore, depthsBefore + 15);
    expect(mean(disturbed)).toBeLessThan(target - 0.4);
  });

  it('jumps only when the error is large (start-up or > 0.5 s)', () => {
    const clock = new ClientClock(TICKRATE);
    clock.onSnapshot({ serverTick: 1000, echoTimeMs: 0, echoHoldMs: 0, cmdBufferDepth: 0 }, 0);
    expect(clock.streamTick).toBe(1000);
    clock.onSnapshot({ serverTick: 1006, echoTimeMs: 0, echoHoldMs: 0, cmdBufferDepth: 0 }, 100);
    expect(clock.streamTick).toBeCloseTo(1006, 0);
    // The server restarted far ahead: more than half a second off, so the stream jumps.
    clock.onSnapshot({ serverTick: 5000, echoTimeMs: 0, echoHoldMs: 0, cmdBufferDepth: 0 }, 116);
    clock.advance(132);
    expect(clock.streamTick).toBeGreaterThan(4990);
  });

  it('never runs away ahead of the snapshot stream, even when every depth report says "starving"', () => {
    // A host whose worker is starved: it rejects our commands as too far ahead and (like an older
    // server did) reports the most negative depth. Speeding up forever would be a runaway clock.
    const clock = new ClientClock(TICKRATE);
    let now = 0;
    for (let tick = 2; tick < 2 + 2 * 60 * 20; tick += 2) {
      now += 2 * TICK_MS;
      const sent = Math.floor(now - 150) & 0xffff;
      clock.noteSent(sent);
      clock.onSnapshot({ serverTick: tick, echoTimeMs: sent, echoHoldMs: 0, cmdBufferDepth: -64 }, now);
      const horizon = clock.streamTick + clock.rttMs / TICK_MS + clock.targetBufferTicks;
      expect(clock.commandTick - horizon).toBeLessThanOrEqual(TICKRATE / 2 + 1);
    }
    expect(clock.rttMs).toBeCloseTo(150, 0);
  });

  it('without snapshots it stops steering and keeps bounded memory: a 60 s outage does not drift the command clock', () => {
    const clock = new ClientClock(TICKRATE);
    let now = 0;
    // 5 s of snapshots whose depth says "far too deep": the depth loop dilates at its limit.
    for (let tick = 2; tick < 300; tick += 2) {
      now = tick * TICK_MS + 50;
      const sent = Math.floor(now - 100) & 0xffff;
      clock.noteSent(sent);
      clock.onSnapshot({ serverTick: tick, echoTimeMs: sent, echoHoldMs: 0, cmdBufferDepth: 20 }, now);
      clock.advance(now + 8);
    }
    expect(clock.dilation).toBeLessThan(0);
    // Then nothing for 60 s, frames every 16 ms.
    const start = now + 1000;
    clock.advance(start);
    const before = clock.commandTick;
    for (let t = start; t <= start + 60_000; t += 16) clock.advance(t);
    const ran = clock.commandTick - before;
    // Exactly the measured rate (no skew here): 60 s of ticks, no open-loop dilation.
    expect(Math.abs(ran - 3600)).toBeLessThan(1);
    expect(clock.dilation).toBe(0);
    const internals = clock as unknown as { adjustments: { size: number } };
    expect(internals.adjustments.size).toBeLessThan(200);
  });
});
