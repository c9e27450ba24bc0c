import { ARENA_SESSION } from '../../../src/app/session-games';
import { describe, expect, it, vi } from 'vitest';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { defaultCvars } from '../../../src/config/cvars';
import { ClientSession, RENDERER_STALL_MS, type ClientSettings } from '../../../src/app/client-session';
import type { DebugMessage } from '../../../src/protocol/debug-messages';
import type { NetEvent } from '../../../src/arena/protocol/arena-messages';
import { Buttons, WEAPON_KEEP, Weapon } from '../../../src/sim/types';
import type { Timers } from '../../../src/transport/conditioned-channel';
import { WireChannel } from '../../helpers/wire-channel';
import { encodeSnapshot } from '../../../src/protocol/snapshot';
import { newPlayer } from '../../../src/sim/player-state';

class FakeTimers implements Timers {
  t = 1000;
  private readonly queue: Array<{ at: number; fn: () => void; id: number }> = [];
  private seq = 0;
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    this.queue.push({ at: this.t + ms, fn, id: ++this.seq });
    return this.seq;
  }
  clearTimeout(h: unknown): void {
    const i = this.queue.findIndex((e) => e.id === h);
    if (i >= 0) this.queue.splice(i, 1);
  }
  advance(ms: number): void {
    this.t += ms;
    for (const e of this.queue.filter((q) => q.at <= this.t)) {
      this.clearTimeout(e.id);
      e.fn();
    }
  }
}

function makeSession() {
  const timers = new FakeTimers();
  const wire = new WireChannel();
  const hooks = { sendSettings: vi.fn(), serverSetting: vi.fn() };
  const session = new ClientSession(3, 60, defaultCvars(), wire, timers, hooks, ARENA_SESSION);
  return { timers, wire, hooks, session };
}

/** The settings message a session with default cvars sends, with `changed` on top. */
function settings(changed: Partial<ClientSettings> = {}): ClientSettings {
  return { updateRate: 30, rate: 40000, interpMs: 100, debug: false, killCam: true, ...changed };
}

describe('ClientSession', () => {
  it('tells the server its network settings at once and when they change', () => {
    const { hooks, session } = makeSession();
    expect(hooks.sendSettings).toHaveBeenCalledWith(settings());
    session.setCvar('cl_updaterate', 60);
    expect(hooks.sendSettings).toHaveBeenLastCalledWith(settings({ updateRate: 60 }));
    session.setCvar('sv_showhitboxes', 1);
    expect(hooks.sendSettings).toHaveBeenLastCalledWith(settings({ updateRate: 60, debug: true }));
    session.setCvar('cl_killcam', 0);
    expect(hooks.sendSettings).toHaveBeenLastCalledWith(settings({ updateRate: 60, debug: true, killCam: false }));
    session.setCvar('sv_lagcompensation', 0);
    expect(hooks.serverSetting).toHaveBeenCalledWith('sv_lagcompensation', 0);
    expect(session.setCvar('net_fakelag', 5000)?.outcome).toBe('clamped');
    expect(session.cvars().net_fakelag).toBe(1000);
  });

  it('plays a scripted input for its duration, then returns to idle, ignoring the game input meanwhile', () => {
    const { timers, session } = makeSession();
    const frame = vi.spyOn(session.net, 'frame');
    const game = { moveX: 5, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };
    session.runScript({ moveX: 500, moveY: -3.4, fire: true, aim: 1234, ms: 100 });
    session.frame(game);
    expect(frame).toHaveBeenLastCalledWith(1000, {
      moveX: 127,
      moveY: -3,
      aim: 1234,
      buttons: Buttons.Fire,
      weaponSelect: WEAPON_KEEP,
    });
    timers.advance(100);
    session.frame(game);
    expect(frame).toHaveBeenLastCalledWith(1100, { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP });
    session.frame(game);
    expect(frame).toHaveBeenLastCalledWith(1100, game);
  });

  it('routes incoming bytes through the fake-lag conditioner before the NetClient', () => {
    const { timers, wire, session } = makeSession();
    const receive = vi.spyOn(session.net, 'receive');
    session.setCvar('net_fakelag', 50);
    wire.core.deliver(new Uint8Array([1, 2, 3]));
    expect(receive).not.toHaveBeenCalled();
    timers.advance(50);
    expect(receive).toHaveBeenCalledTimes(1);
    expect(session.net.totals.malformedPackets).toBe(1);
  });
});

describe('ClientSession: one driver per frame', () => {
  const idle = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };
  const right = { ...idle, moveX: 127 };

  it('lets the page loop drive only while no renderer frame ran for RENDERER_STALL_MS, with the last input the renderer sampled', () => {
    const { timers, session } = makeSession();
    const frame = vi.spyOn(session.net, 'frame');
    // No renderer yet (lobby, no WebGL, render=0): the page loop drives every time.
    expect(session.idleFrame()).toBe(true);
    timers.advance(16);
    expect(session.idleFrame()).toBe(true);
    // The renderer draws: from now on its frames drive, and the page loop stands aside.
    session.frame(right);
    expect(frame).toHaveBeenCalledTimes(3);
    timers.advance(RENDERER_STALL_MS - 1);
    expect(session.idleFrame()).toBe(false);
    expect(frame).toHaveBeenCalledTimes(3);
    // The renderer stopped (a hidden tab): the page loop takes over, holding the key still held.
    timers.advance(1);
    expect(session.idleFrame()).toBe(true);
    expect(frame).toHaveBeenLastCalledWith(timers.now(), right);
  });

  it('hands the renderer the events of the frames it did not draw, once', () => {
    const { timers, wire, session } = makeSession();
    session.frame(idle);
    timers.advance(RENDERER_STALL_MS);
    // While the renderer is stalled a server event arrives and the page loop's frame takes it.
    const hit: NetEvent = {
      id: 5,
      tick: 401,
      event: { type: 'hit', shooter: 1, target: 3, weapon: Weapon.Rifle, damage: 20, x: 1, y: 1 },
    };
    wire.core.deliver(snapshotBytes(401, [hit]));
    expect(session.idleFrame()).toBe(true);
    expect(session.lastView?.events).toHaveLength(1);
    timers.advance(16);
    expect(session.frame(idle).events.map((e) => e.event.type)).toEqual(['hit']);
    timers.advance(16);
    expect(session.frame(idle).events).toHaveLength(0);
  });
});

describe('ClientSession debug messages', () => {
  const box = (id: number) => ({ id, x: id * 10, y: 5, radius: 16, alive: true, crouch: false });
  const debug = (tick: number): DebugMessage => ({ type: 'debug', tick, hitboxes: [box(1)], rewind: null });

  it('keeps the newest debug message only while sv_showhitboxes is 1, and forgets it when switched off', () => {
    const { session } = makeSession();
    session.receiveDebug(debug(10));
    expect(session.serverDebug).toBeNull();
    session.setCvar('sv_showhitboxes', 1);
    session.receiveDebug(debug(10));
    session.receiveDebug(debug(12));
    session.receiveDebug(debug(11));
    expect(session.serverDebug?.tick).toBe(12);
    session.setCvar('sv_showhitboxes', 0);
    expect(session.serverDebug).toBeNull();
    session.receiveDebug(debug(13));
    expect(session.serverDebug).toBeNull();
  });
});

function snapshotBytes(serverTick: number, events: NetEvent[] = []): Uint8Array {
  const self = newPlayer(3, 100, 100);
  return encodeSnapshot(
    ARENA_WIRE,
    {
      serverTick,
      baselineTick: 0,
      lastCmdTick: 0,
      cmdBufferDepth: 0,
      echoTimeMs: 0,
      echoHoldMs: 0,
      part: 0,
      partCount: 1,
      self,
      players: [],
      projectiles: [],
      events,
    },
    null,
  );
}

describe('ClientSession.rebind (host migration)', () => {
  it('sends commands to, and takes snapshots from, the new channel only, and tells the new server the settings', () => {
    const { timers, wire, hooks, session } = makeSession();
    const next = new WireChannel('next');
    const nextHooks = { sendSettings: vi.fn() };
    const receive = vi.spyOn(session.net, 'receive');
    const rebind = vi.spyOn(session.net, 'rebind');
    session.rebind(next, nextHooks);
    expect(rebind).toHaveBeenCalledTimes(1);
    expect(session.channel.label).toBe('next');
    expect(nextHooks.sendSettings).toHaveBeenCalledWith(settings());
    // Late bytes from the old server are not taken; the new server's are.
    wire.core.deliver(snapshotBytes(500));
    expect(receive).not.toHaveBeenCalled();
    next.core.deliver(snapshotBytes(400));
    expect(receive).toHaveBeenCalledTimes(1);
    expect(session.net.stats.serverTick).toBe(400);
    // Commands go out on the new channel only; the old one is left open for its owner to close.
    for (let i = 0; i < 10; i++) {
      timers.advance(17);
      session.idleFrame();
    }
    expect(next.sent.length).toBeGreaterThan(5);
    expect(wire.sent.length).toBe(0);
    expect(wire.state).toBe('open');
    expect(hooks.sendSettings).toHaveBeenCalledTimes(1);
  });
});
