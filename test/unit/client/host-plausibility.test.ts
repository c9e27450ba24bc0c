import { describe, expect, it } from 'vitest';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { ABANDON_AFTER_CONSECUTIVE, HostPlausibility, MAX_LEAD_S } from '../../../src/client/host-plausibility';
import { NetClient } from '../../../src/client/net-client';
import { arenaClientGame } from '../../../src/arena/client/arena-client-game';
import { defaultCvars } from '../../../src/config/cvars';
import { decodeCmdPacket } from '../../../src/protocol/cmd-packet';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import { encodeSnapshot } from '../../../src/protocol/snapshot';
import { newPlayer } from '../../../src/sim/player-state';
import { IDLE_INPUT } from '../../helpers/input';

function snapshot(serverTick: number): Uint8Array {
  const s: Snapshot = {
    serverTick,
    baselineTick: 0,
    lastCmdTick: 0,
    cmdBufferDepth: 0,
    echoTimeMs: 0,
    echoHoldMs: 0,
    part: 0,
    partCount: 1,
    self: newPlayer(1, 100, 100),
    players: [],
    projectiles: [],
    events: [],
  };
  return encodeSnapshot(ARENA_WIRE, s, null);
}

describe('HostPlausibility', () => {
  it('accepts ticks that advance with the clock, refuses ones far ahead of it', () => {
    const p = new HostPlausibility(60);
    expect(p.check(1000, 0)).toBe(true);
    expect(p.check(1000 + 60 * MAX_LEAD_S, 0)).toBe(true);
    expect(p.check(1000 + 60 * (MAX_LEAD_S + 1), 0)).toBe(false);
    // 10 s later the host is 600 ticks on, give or take.
    expect(p.check(1600 + 60 * MAX_LEAD_S, 10_000)).toBe(true);
    expect(p.check(1_000_000, 10_000)).toBe(false);
    expect(p.dropped).toBe(2);
  });

  it('keeps trusting an honest host through a joiner clock 10 % slow for 5 minutes', () => {
    const p = new HostPlausibility(60);
    for (let tick = 0; tick <= 60 * 300; tick += 2) expect(p.check(tick, (tick / 60) * 1000 * 0.9)).toBe(true);
    expect(p.dropped).toBe(0);
  });

  it('gives up on a host that keeps sending them, not on one bad snapshot', () => {
    const p = new HostPlausibility(60);
    p.check(0, 0);
    for (let i = 0; i < ABANDON_AFTER_CONSECUTIVE - 1; i++) p.check(1e6, i);
    expect(p.abandoned).toBe(false);
    expect(p.check(10, 100)).toBe(true);
    for (let i = 0; i < ABANDON_AFTER_CONSECUTIVE; i++) p.check(1e6, 200 + i);
    expect(p.abandoned).toBe(true);
  });
});

describe('a joiner facing a host that jumps its tick', () => {
  it('drops a snapshot 1,000,000 ticks ahead: it never becomes the ack, and later snapshots still count', () => {
    const c = new NetClient({ clientId: 1, tickrate: 60, cvars: defaultCvars(), game: arenaClientGame });
    c.receive(snapshot(600), 0);
    c.receive(snapshot(1_000_600), 20);
    c.receive(snapshot(602), 33);
    expect(c.hostTrust).toEqual({ implausibleSnapshots: 1, abandoned: false });
    const acks = c
      .frame(50, IDLE_INPUT)
      .packets.map((b) => decodeCmdPacket(ARENA_COMMANDS, b))
      .flatMap((d) => (d.ok ? [d.value.ackTick] : []));
    expect(acks.length).toBeGreaterThan(0);
    expect(acks.every((a) => a === 602)).toBe(true);
    expect(c.stats.serverTick).toBe(602);
  });
});
