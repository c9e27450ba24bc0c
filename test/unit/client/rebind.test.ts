/**
 * The parts of a host change on the client (issue 13): NetClient.rebind against a new server whose
 * ticks are lower than the old one's, and the pieces it resets or keeps (inbox, plausibility,
 * interpolation history, error smoother, command resends).
 */
import type { ArenaClientTypes } from '../../../src/arena/client/arena-client-types';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, expect, it } from 'vitest';
import { CommandSender } from '../../../src/client/command-sender';
import { ErrorSmoother } from '../../../src/client/error-smoother';
import { HostPlausibility } from '../../../src/client/host-plausibility';
import { InterpolationBuffer } from '../../../src/client/interpolation-buffer';
import { NetClient } from '../../../src/client/net-client';
import { arenaClientGame } from '../../../src/arena/client/arena-client-game';
import { defaultCvars } from '../../../src/config/cvars';
import { decodeCmdPacket } from '../../../src/protocol/cmd-packet';
import type { NetEvent, Snapshot } from '../../../src/arena/protocol/arena-messages';
import { encodeSnapshot } from '../../../src/protocol/snapshot';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { newPlayer } from '../../../src/sim/player-state';
import { WEAPON_KEEP, type UserCmd } from '../../../src/sim/types';
import { sanitizeCmd, type SanitizedCmd } from '../../../src/sim/quantize';
import type { ClientView, ViewEvent } from '../../../src/arena/client/view-model';
import { moving } from '../../helpers/input';

const LOCAL = 1;
const spawn = DEFAULT_MAP.spawns[0]!;
const FRAME = 1000 / 60;

function snapshot(serverTick: number, x: number, events: NetEvent[] = []): Snapshot {
  return {
    serverTick,
    baselineTick: 0,
    lastCmdTick: serverTick,
    cmdBufferDepth: 2,
    // Never a send time of ours: no RTT sample, so the command clock runs on without re-placements here.
    echoTimeMs: 65000,
    echoHoldMs: 0,
    part: 0,
    partCount: 1,
    self: { ...newPlayer(LOCAL, x, spawn.y) },
    players: [],
    projectiles: [],
    events,
  };
}
const bytes = (s: Snapshot): Uint8Array => encodeSnapshot(ARENA_WIRE, s, null);
const hit = (id: number): NetEvent => ({
  id,
  tick: 600,
  event: { type: 'hit', shooter: 2, target: LOCAL, weapon: 0, damage: 10, x: 1, y: 2 },
});

const RIGHT = moving(127);

/**
 * Runs the old server's stream to tick 660 (one snapshot every 2 ticks) with input held, a frame per
 * tick; returns every command sent, the events shown and the last frame's view.
 */
function oldServer(c: NetClient<ArenaClientTypes>): {
  sent: UserCmd[];
  now: number;
  events: ViewEvent[];
  last: ClientView;
} {
  const sent: UserCmd[] = [];
  const events: ViewEvent[] = [];
  let now = 0;
  let last: ClientView | null = null;
  for (let tick = 600; tick <= 660; tick++, now += FRAME) {
    if (tick % 2 === 0) c.receive(bytes(snapshot(tick, spawn.x, tick === 600 ? [hit(7)] : [])), now);
    const { packets, view } = c.frame(now, RIGHT);
    events.push(...view.events);
    last = view;
    for (const p of packets) {
      const d = decodeCmdPacket(ARENA_COMMANDS, p);
      if (d.ok) sent.push(...d.value.cmds);
    }
  }
  return { sent, now: now - FRAME, events, last: last! };
}

describe('NetClient.rebind', () => {
  it("takes the new server's first (lower) tick as the newest, acks it, resends the unseen commands unchanged and never issues a tick twice", () => {
    const c = new NetClient({ clientId: LOCAL, tickrate: 60, cvars: defaultCvars(), game: arenaClientGame });
    const { sent, now, events } = oldServer(c);
    expect(events.map((e) => e.event.type)).toEqual(['hit']);
    const newestBefore = Math.max(...sent.map((s) => s.tick));
    expect(c.newestSnapshot()?.serverTick).toBe(660);
    c.rebind();
    // Until the new server speaks, the old snapshot stays the newest known (a successor brings its checkpoint forward with it).
    expect(c.newestSnapshot()?.serverTick).toBe(660);
    const at = now + 500;
    c.receive(bytes(snapshot(640, spawn.x + 40, [hit(7), hit(7 + 1024)])), at);
    expect(c.stats.serverTick).toBe(640);
    expect(c.newestSnapshot()?.serverTick).toBe(640);
    expect(c.newestSnapshotAtMs).toBe(at);
    const after: UserCmd[] = [];
    const acks: Array<number | null> = [];
    const shown: ViewEvent[] = [];
    for (let t = at; t < at + 300; t += FRAME) {
      const { packets, view } = c.frame(t, RIGHT);
      shown.push(...view.events);
      for (const p of packets) {
        const d = decodeCmdPacket(ARENA_COMMANDS, p);
        if (!d.ok) continue;
        acks.push(d.value.ackTick);
        after.push(...d.value.cmds);
      }
    }
    expect(acks[0]).toBe(640);
    // Commands for ticks the new server has not run yet (641.. issued before) come first, as they were.
    const before = new Map(sent.map((cmd) => [cmd.tick, JSON.stringify(cmd)]));
    const resent = after.filter((cmd) => cmd.tick <= newestBefore);
    expect(resent.map((cmd) => cmd.tick)[0]).toBe(641);
    for (const cmd of resent) expect(JSON.stringify(cmd)).toBe(before.get(cmd.tick));
    // Every new tick is newer than all sent before.
    const fresh = after.filter((cmd) => !before.has(cmd.tick));
    expect(fresh.length).toBeGreaterThan(5);
    expect(Math.min(...fresh.map((cmd) => cmd.tick))).toBeGreaterThan(newestBefore);
    // The old event is not shown again; the new server's (its ids jumped) is.
    expect(shown.filter((e) => !e.predicted).length).toBe(1);
  });

  it("without rebind the new server's lower ticks are ignored (the test above can fail)", () => {
    const c = new NetClient({ clientId: LOCAL, tickrate: 60, cvars: defaultCvars(), game: arenaClientGame });
    const { now } = oldServer(c);
    c.receive(bytes(snapshot(640, spawn.x + 40)), now + 500);
    expect(c.stats.serverTick).toBe(660);
    expect(c.newestSnapshot()?.serverTick).toBe(660);
  });

  it("melts the new server's correction instead of snapping it, however far", () => {
    const c = new NetClient({ clientId: LOCAL, tickrate: 60, cvars: defaultCvars(), game: arenaClientGame });
    const { now, last } = oldServer(c);
    const drawn = last.local!.drawX;
    c.rebind();
    // The new server has us far off: more than the smoother's snap distance (256).
    c.receive(bytes(snapshot(662, spawn.x + 600)), now + FRAME);
    const next = c.frame(now + 2 * FRAME, RIGHT).view.local!;
    expect(Math.abs(next.drawX - drawn)).toBeLessThan(20);
    expect(Math.hypot(next.errorX, next.errorY)).toBeGreaterThan(256);
  });
});

describe('what rebind resets', () => {
  it('HostPlausibility: a new anchor from the new host, a clean record, the drop count kept', () => {
    const p = new HostPlausibility(60);
    expect(p.check(1000, 0)).toBe(true);
    expect(p.check(10_000_000, 10)).toBe(false);
    p.rebind();
    expect(p.dropped).toBe(1);
    expect(p.check(400, 20)).toBe(true);
    expect(p.check(400 + 60 * 10, 30)).toBe(false);
  });

  it("InterpolationBuffer.dropFrom: forgets the old server's states from the new first tick on", () => {
    const b = new InterpolationBuffer<{ id: number; x: number }>({
      lerp: (a, z, t) => ({ id: a.id, x: a.x + (z.x - a.x) * t }),
      teleported: () => false,
    });
    b.push(10, [
      { id: 1, x: 0 },
      { id: 2, x: 0 },
    ]);
    b.push(12, [{ id: 1, x: 10 }]);
    b.push(14, [
      { id: 1, x: 20 },
      { id: 3, x: 5 },
    ]);
    b.dropFrom(12);
    expect(b.historyOf(1).map((h) => h.tick)).toEqual([10]);
    expect(b.historyOf(3)).toEqual([]);
    b.push(12, [{ id: 1, x: 100 }]);
    expect(b.latestTick).toBe(12);
    expect(b.historyOf(1).map((h) => h.state.x)).toEqual([0, 100]);
  });

  it('ErrorSmoother: a carry past the snap distance keeps melting through later corrections', () => {
    const s = new ErrorSmoother(64, 0.1);
    s.carry(200, 0, 0, true);
    expect(s.offset(0).x).toBe(200);
    s.correct(5, 0, 100, 100, false);
    expect(s.offset(100).x).toBeCloseTo(195, 5);
    const plain = new ErrorSmoother(64, 0.1);
    plain.carry(200, 0, 0);
    expect(plain.offset(0).x).toBe(0);
  });

  it('CommandSender.resend: runs of consecutive ticks, three commands at most per packet', () => {
    const cmd = (tick: number): SanitizedCmd =>
      sanitizeCmd({
        tick,
        moveX: 1,
        moveY: 0,
        aim: 0,
        buttons: 0,
        weaponSelect: WEAPON_KEEP,
        viewTick: tick - 5,
        viewFrac: 0,
      });
    const packets = new CommandSender(ARENA_COMMANDS).resend([1, 2, 3, 4, 5, 8, 9].map(cmd), 1000, 7);
    const decoded = packets.map((p) => decodeCmdPacket(ARENA_COMMANDS, p.bytes));
    expect(decoded.map((d) => (d.ok ? d.value.cmds.map((c) => c.tick) : null))).toEqual([
      [1, 2, 3],
      [4, 5],
      [8, 9],
    ]);
    expect(decoded.every((d) => d.ok && d.value.ackTick === 7)).toBe(true);
  });
});
