import { describe, it, expect } from 'vitest';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { CommandBuffer } from '../../../src/server/command-buffer';
import { WEAPON_KEEP, type UserCmd } from '../../../src/sim/types';
import { sanitizeCmd, type SanitizedCmd } from '../../../src/sim/quantize';

function cmd(tick: number, extra: Partial<UserCmd> = {}): SanitizedCmd {
  return sanitizeCmd({
    tick,
    moveX: 10,
    moveY: 0,
    aim: 0,
    buttons: 0,
    weaponSelect: WEAPON_KEEP,
    viewTick: tick - 10,
    viewFrac: 0,
    ...extra,
  });
}

describe('CommandBuffer', () => {
  it('hands out each real command exactly at its tick', () => {
    const buf = new CommandBuffer(ARENA_COMMANDS, 60, 30);
    expect(buf.push(cmd(11, { moveX: 1 }), 10, 5)).toBe('accepted');
    expect(buf.push(cmd(12, { moveX: 2 }), 10, 6)).toBe('accepted');
    const a = buf.take(11);
    const b = buf.take(12);
    expect(a).toMatchObject({ repeated: false, madeAtTick: 5 });
    expect(a?.cmd.moveX).toBe(1);
    expect(b?.cmd.moveX).toBe(2);
    expect(buf.lastRealTick).toBe(12);
    expect(buf.counters.repeats).toBe(0);
  });

  it('keeps its own copy of each command: the caller may reuse the object it pushed', () => {
    const buf = new CommandBuffer(ARENA_COMMANDS, 60, 30);
    const reused = cmd(11, { moveX: 1 });
    expect(buf.push(reused, 10, 5)).toBe('accepted');
    Object.assign(reused, cmd(12, { moveX: 2 }));
    expect(buf.push(reused, 10, 6)).toBe('accepted');
    Object.assign(reused, cmd(99, { moveX: 99 }));
    expect(buf.take(11)?.cmd).toMatchObject({ tick: 11, moveX: 1 });
    expect(buf.take(12)?.cmd).toMatchObject({ tick: 12, moveX: 2 });
    expect(buf.take(13)?.cmd).toMatchObject({ tick: 13, moveX: 2 });
  });

  it('repeats the last command when one is missing, restamped and counted', () => {
    const buf = new CommandBuffer(ARENA_COMMANDS, 60, 30);
    buf.push(cmd(11, { moveX: 7, viewTick: 3, viewFrac: 100 }), 10, 4);
    buf.take(11);
    const r = buf.take(12);
    expect(r?.repeated).toBe(true);
    expect(r?.cmd).toMatchObject({ tick: 12, moveX: 7, viewTick: 4, viewFrac: 100 });
    expect(r?.madeAtTick).toBe(5);
    expect(buf.counters.repeats).toBe(1);
    expect(buf.lastRealTick).toBe(11);
  });

  it('returns null before the first command, counting the miss', () => {
    const buf = new CommandBuffer(ARENA_COMMANDS, 60, 30);
    expect(buf.take(1)).toBeNull();
    expect(buf.counters.repeats).toBe(1);
  });

  it('drops duplicates and stale commands, rejects far-future ones', () => {
    const buf = new CommandBuffer(ARENA_COMMANDS, 60, 30);
    expect(buf.push(cmd(11), 10, 0)).toBe('accepted');
    expect(buf.push(cmd(11, { moveX: 99 }), 10, 0)).toBe('duplicate');
    expect(buf.push(cmd(10), 10, 0)).toBe('stale');
    expect(buf.push(cmd(3), 10, 0)).toBe('stale');
    expect(buf.push(cmd(70), 10, 0)).toBe('accepted');
    expect(buf.push(cmd(71), 10, 0)).toBe('future');
    expect(buf.counters).toMatchObject({ accepted: 2, duplicates: 1, stale: 2, rejectedFuture: 1 });
    expect(buf.take(11)?.cmd.moveX).toBe(10);
  });

  it('consumes one command per tick no matter how many arrive', () => {
    const buf = new CommandBuffer(ARENA_COMMANDS, 60, 30);
    let consumed = 0;
    for (let tick = 1; tick <= 100; tick++) {
      for (let k = 0; k < 5; k++) buf.push(cmd(tick + k), tick - 1, 0);
      if (buf.take(tick)) consumed++;
    }
    expect(consumed).toBe(100);
    expect(buf.counters.accepted).toBeLessThanOrEqual(104);
  });

  it('reports depth ahead of the server, lowered by recent repeats', () => {
    const buf = new CommandBuffer(ARENA_COMMANDS, 60, 30);
    for (let t = 11; t <= 14; t++) buf.push(cmd(t), 10, 0);
    expect(buf.depth(10)).toBe(4);
    for (let t = 11; t <= 14; t++) buf.take(t);
    expect(buf.depth(14)).toBe(0);
    buf.take(15);
    buf.take(16);
    expect(buf.depth(16)).toBe(-2 - 2);
    // Repeats older than the window no longer count.
    for (let t = 17; t <= 60; t++) (buf.push(cmd(t), t - 1, 0), buf.take(t));
    expect(buf.depth(60)).toBe(0);
  });

  it('clamps the reported depth to the wire range', () => {
    const buf = new CommandBuffer(ARENA_COMMANDS, 200, 30);
    buf.push(cmd(150), 10, 0);
    expect(buf.depth(10)).toBe(63);
  });
});

describe('CommandBuffer runaway clock', () => {
  it('reports the maximum depth while commands are being rejected as too far ahead, despite the repeats', () => {
    const buf = new CommandBuffer(ARENA_COMMANDS, 60, 30);
    let tick = 100;
    buf.push({ ...cmd(101) }, tick, tick);
    for (let i = 0; i < 40; i++) {
      // A runaway client: every command 200 ticks ahead, so none is usable and every tick repeats.
      expect(buf.push(cmd(tick + 200), tick, tick)).toBe('future');
      buf.take(tick + 1);
      tick++;
      expect(buf.depth(tick)).toBe(63);
    }
    // Once its commands are back in range, the window passes and the depth is honest again.
    for (let i = 0; i < 31; i++) {
      buf.push(cmd(tick + 3), tick, tick);
      buf.take(tick + 1);
      tick++;
    }
    expect(buf.depth(tick)).toBeLessThan(63);
    expect(buf.depth(tick)).toBeGreaterThan(-64);
  });
});
