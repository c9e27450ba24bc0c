import { describe, expect, it, vi } from 'vitest';
import { defaultCvars } from '../../../src/config/cvars';
import { ClientSession } from '../../../src/app/client-session';
import { hitboxesFromStats, rewindFromStats } from '../../../src/app/game-host-adapter';
import { Buttons, WEAPON_KEEP } from '../../../src/sim/types';
import { ChannelCore, type Channel, type ChannelStats } from '../../../src/transport/channel';
import type { Timers } from '../../../src/transport/conditioned-channel';

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

/** Records what the session sends; `inject` plays the host. */
class WireChannel implements Channel {
  readonly label = 'wire';
  readonly options = { ordered: false, maxRetransmits: 0 };
  readonly core = new ChannelCore('open');
  readonly sent: Uint8Array[] = [];
  get state() {
    return this.core.state;
  }
  get stats(): ChannelStats {
    return this.core.stats;
  }
  send(b: Uint8Array): void {
    this.sent.push(b);
  }
  onMessage(h: (b: Uint8Array) => void) {
    return this.core.onMessage(h);
  }
  onClose(h: (r: string) => void) {
    return this.core.onClose(h);
  }
  close(): void {
    this.core.finish('closed');
  }
}

function makeSession() {
  const timers = new FakeTimers();
  const wire = new WireChannel();
  const hooks = { sendSettings: vi.fn(), serverSetting: vi.fn() };
  const session = new ClientSession(3, 60, defaultCvars(), wire, timers, hooks);
  return { timers, wire, hooks, session };
}

describe('ClientSession', () => {
  it('tells the server its network settings at once and when they change', () => {
    const { hooks, session } = makeSession();
    expect(hooks.sendSettings).toHaveBeenCalledWith({ updateRate: 30, rate: 40000, interpMs: 100 });
    session.setCvar('cl_updaterate', 60);
    expect(hooks.sendSettings).toHaveBeenLastCalledWith({ updateRate: 60, rate: 40000, interpMs: 100 });
    session.setCvar('sv_lagcompensation', 0);
    expect(hooks.serverSetting).toHaveBeenCalledWith('sv_lagcompensation', 0);
    expect(session.setCvar('net_fakelag', 5000)?.outcome).toBe('clamped');
    expect(session.cvars().net_fakelag).toBe(1000);
  });

  it('plays a scripted input for its duration, then returns to idle, ignoring the game input meanwhile', () => {
    const { timers, session } = makeSession();
    const setInput = vi.spyOn(session.net, 'setInput');
    session.setGameInput({ moveX: 5, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP });
    session.runScript({ moveX: 500, moveY: -3.4, fire: true, aim: 1234, ms: 100 });
    session.step();
    expect(setInput).toHaveBeenLastCalledWith({ moveX: 127, moveY: -3, aim: 1234, buttons: Buttons.Fire, weaponSelect: WEAPON_KEEP });
    timers.advance(100);
    session.step();
    expect(setInput).toHaveBeenLastCalledWith({ moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP });
    session.step();
    expect(setInput).toHaveBeenLastCalledWith({ moveX: 5, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP });
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

describe('rewindFromStats', () => {
  it("picks the local client's last rewind out of the worker's stats", () => {
    const stats = { clients: [{ clientId: 2, lastRewind: null }, { clientId: 3, lastRewind: { tick: 50, viewTime: 44.5, hitboxes: [{ id: 2, x: 1, y: 2, radius: 16, alive: true, crouch: false }], hit: 2 } }] };
    expect(rewindFromStats(stats, 3)).toEqual({ tick: 50, viewTime: 44.5, hitboxes: [{ id: 2, x: 1, y: 2, radius: 16, alive: true, crouch: false }], hit: 2 });
    expect(rewindFromStats(stats, 2)).toBeNull();
    expect(rewindFromStats(null, 3)).toBeNull();
    expect(rewindFromStats({ clients: 'x' }, 3)).toBeNull();
  });
});

describe('hitboxesFromStats', () => {
  it("returns the other players' live hitboxes, or null without stats", () => {
    const box = (id: number) => ({ id, x: id, y: 0, radius: 16, alive: true, crouch: false });
    expect(hitboxesFromStats({ liveHitboxes: [box(1), box(2), box(3)] }, 2)).toEqual([box(1), box(3)]);
    expect(hitboxesFromStats({ tick: 1 }, 2)).toBeNull();
    expect(hitboxesFromStats(null, 2)).toBeNull();
  });
});
