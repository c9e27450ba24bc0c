import { describe, expect, it } from 'vitest';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { CommandSender } from '../../../src/client/command-sender';
import { ErrorSmoother } from '../../../src/client/error-smoother';
import { EventDeduper } from '../../../src/client/event-dedupe';
import { NetStatsTracker } from '../../../src/client/net-stats-tracker';
import { RollingWindow } from '../../../src/client/rolling-window';
import { buildLocalView } from '../../../src/client/view-builder';
import { decodeCmdPacket } from '../../../src/protocol/cmd-packet';
import { newPlayer } from '../../../src/sim/player-state';
import { WEAPON_KEEP, type PlayerState, type UserCmd } from '../../../src/sim/types';
import { sanitizeCmd, type SanitizedCmd } from '../../../src/sim/quantize';

const cmd = (tick: number): SanitizedCmd =>
  sanitizeCmd({
    tick,
    moveX: tick % 100,
    moveY: 0,
    aim: 0,
    buttons: 0,
    weaponSelect: WEAPON_KEEP,
    viewTick: tick - 5,
    viewFrac: 0,
  });

describe('ErrorSmoother', () => {
  it('decays a correction linearly to zero over the smoothing time', () => {
    const s = new ErrorSmoother();
    s.correct(10, -4, 1000, 100, false);
    expect(s.offset(1000)).toEqual({ x: 10, y: -4 });
    expect(s.offset(1050).x).toBeCloseTo(5, 9);
    expect(s.offset(1050).y).toBeCloseTo(-2, 9);
    expect(s.offset(1100)).toEqual({ x: 0, y: 0 });
  });

  it('adds a new correction to what is left of the previous one', () => {
    const s = new ErrorSmoother();
    s.correct(10, 0, 0, 100, false);
    s.correct(4, 0, 50, 100, false);
    expect(s.offset(50).x).toBeCloseTo(9, 9);
  });

  it('never melts faster than its speed cap, for corrections and timeline carries alike', () => {
    const s = new ErrorSmoother(256, 0.1);
    s.correct(60, 0, 0, 100, false);
    // 60 units over 100 ms would be 0.6 units/ms: capped at 0.1, so 10 units gone after 100 ms.
    expect(s.offset(100).x).toBeCloseTo(50, 9);
    s.carry(0, 40, 100);
    expect(Math.hypot(s.offset(100).x, s.offset(100).y)).toBeCloseTo(Math.hypot(50, 40), 9);
    const before = s.offset(200);
    const after = s.offset(210);
    expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeCloseTo(1, 9);
    expect(s.offset(100 + 1000 * Math.hypot(50, 40) + 1)).toEqual({ x: 0, y: 0 });
  });

  it('snaps past the threshold, on a teleport and with cl_smooth 0', () => {
    const s = new ErrorSmoother(64);
    s.correct(65, 0, 0, 100, false);
    expect(s.offset(0)).toEqual({ x: 0, y: 0 });
    s.correct(5, 0, 0, 100, true);
    expect(s.offset(0)).toEqual({ x: 0, y: 0 });
  });
});

describe('EventDeduper', () => {
  it('passes each id once, and forgets the oldest beyond its window', () => {
    const d = new EventDeduper(3);
    expect([1, 2, 1, 3, 2].map((id) => d.firstTime(id))).toEqual([true, true, false, true, false]);
    expect(d.firstTime(4)).toBe(true);
    expect(d.firstTime(1)).toBe(true);
    expect(d.firstTime(3)).toBe(false);
  });
});

describe('CommandSender', () => {
  it('packs the newest three consecutive commands and respects cl_cmdrate', () => {
    const s = new CommandSender(ARENA_COMMANDS);
    for (let t = 10; t <= 14; t++) s.push(cmd(t));
    const p = s.flush(0, 60, 8)!;
    const d = decodeCmdPacket(ARENA_COMMANDS, p.bytes);
    if (!d.ok) throw new Error(d.error);
    expect(d.value.cmds.map((c) => c.tick)).toEqual([12, 13, 14]);
    expect(d.value.ackTick).toBe(8);
    s.push(cmd(15));
    expect(s.flush(5, 60, 8)).toBeNull();
    expect(s.flush(16, 60, 8)).not.toBeNull();
    expect(s.flush(40, 60, 8)).toBeNull();
  });

  it('never mixes a tick gap into one packet and passes the ack through even when it leads the commands', () => {
    const s = new CommandSender(ARENA_COMMANDS);
    s.push(cmd(10));
    s.push(cmd(11));
    s.push(cmd(20));
    const d = decodeCmdPacket(ARENA_COMMANDS, s.flush(0, 60, 30)!.bytes);
    if (!d.ok) throw new Error(d.error);
    expect(d.value.cmds.map((c) => c.tick)).toEqual([20]);
    // Clamping the ack to the command tick named snapshots never received (a slow client clock).
    expect(d.value.ackTick).toBe(30);
    s.push(cmd(21));
    const none = decodeCmdPacket(ARENA_COMMANDS, s.flush(100, 60, null)!.bytes);
    if (!none.ok) throw new Error(none.error);
    expect(none.value.ackTick).toBeNull();
  });
});

describe('RollingWindow and NetStatsTracker', () => {
  it('sums only the last second', () => {
    const w = new RollingWindow(1000);
    w.add(0, 5);
    w.add(600, 7);
    expect(w.sum(900)).toBe(12);
    expect(w.sum(1200)).toBe(7);
    expect(w.count(1700)).toBe(0);
  });

  it('estimates incoming loss from missing snapshot ticks and outgoing loss from starved snapshots', () => {
    const t = new NetStatsTracker();
    // A snapshot every 2 ticks from 100 to 158, one in four missing.
    let n = 0;
    for (let tick = 100; tick <= 158; tick += 2, n++) if (n % 4 !== 3) t.snapshot(tick * 16, tick, n % 10 === 0);
    const now = 158 * 16;
    expect(t.lossIn(now, 2)).toBeCloseTo(7 / 30, 2);
    expect(t.lossOut(now)).toBeCloseTo(3 / 23, 2);
    expect(t.snapshotsPerSec(now)).toBe(23);
  });
});

describe('buildLocalView', () => {
  const base = newPlayer(1, 100, 200);
  // The arena's `continuous`: no respawn or teleport between the two.
  const sameSeq = (a: PlayerState, b: PlayerState): boolean => a.teleportSeq === b.teleportSeq;
  it('draws between the last two predicted ticks by the elapsed fraction, plus the smoothing offset', () => {
    const v = buildLocalView({ state: { ...base, x: 110 }, previous: base, frac: 0.25 }, { x: 2, y: -1 }, sameSeq)!;
    expect(v.drawX).toBeCloseTo(102.5 + 2, 9);
    expect(v.drawY).toBeCloseTo(199, 9);
    expect([v.errorX, v.errorY]).toEqual([2, -1]);
  });

  it('never slides across a teleport', () => {
    const v = buildLocalView(
      { state: { ...base, x: 900, teleportSeq: 1 }, previous: base, frac: 0.1 },
      { x: 0, y: 0 },
      sameSeq,
    )!;
    expect(v.drawX).toBe(900);
  });
});
