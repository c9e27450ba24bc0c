import { describe, expect, it } from 'vitest';
import { NetClient } from '../../../src/client/net-client';
import { defaultCvars } from '../../../src/config/cvars';
import { decodeCmdPacket } from '../../../src/protocol/cmd-packet';
import type { NetEvent, Snapshot } from '../../../src/protocol/game-messages';
import { encodeSnapshot } from '../../../src/protocol/snapshot';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { newPlayer } from '../../../src/sim/player-state';
import { Buttons, WEAPON_KEEP, type PublicPlayerState } from '../../../src/sim/types';

const LOCAL = 1;
const spawn = DEFAULT_MAP.spawns[0]!;
const self0 = newPlayer(LOCAL, spawn.x, spawn.y);

function remote(x: number): PublicPlayerState {
  const { id: _id, ammo: _a, nextFireTick: _n, reloadEndTick: _r, deployEndTick: _d, respawnTick: _s, ...pub } = newPlayer(2, x, 300);
  return { ...pub, id: 2, vx: 60 };
}

function snapshot(serverTick: number, extra: Partial<Snapshot> = {}): Snapshot {
  return {
    serverTick,
    baselineTick: 0,
    lastCmdTick: 0,
    cmdBufferDepth: 0,
    echoTimeMs: 0,
    echoHoldMs: 0,
    part: 0,
    partCount: 1,
    self: self0,
    players: [remote(100 + serverTick)],
    projectiles: [],
    events: [],
    ...extra,
  };
}

const bytes = (s: Snapshot): Uint8Array => encodeSnapshot(s, null);

function client(): NetClient {
  return new NetClient({ clientId: LOCAL, tickrate: 60, cvars: defaultCvars() });
}

describe('NetClient', () => {
  it('drops malformed packets without throwing and counts them', () => {
    const c = client();
    for (let i = 0; i < 200; i++) {
      const junk = Uint8Array.from({ length: (i * 7) % 40 }, (_, j) => (i * 31 + j * 17) & 0xff);
      expect(() => c.receive(junk, i)).not.toThrow();
    }
    expect(c.totals.malformedPackets).toBeGreaterThan(150);
    expect(c.view(300).local).toBeNull();
  });

  it('sends nothing before the first snapshot, then one packet per command tick with consecutive commands and the ack', () => {
    const c = client();
    expect(c.update(0)).toEqual([]);
    c.receive(bytes(snapshot(600)), 10);
    c.setInput({ moveX: 127, moveY: 0, aim: 123, buttons: 0, weaponSelect: WEAPON_KEEP });
    const ticks: number[] = [];
    for (let now = 10; now < 200; now += 1000 / 60) {
      for (const pkt of c.update(now)) {
        const d = decodeCmdPacket(pkt);
        expect(d.ok).toBe(true);
        if (!d.ok) continue;
        expect(d.value.ackTick).toBe(600);
        d.value.cmds.forEach((cmd, i) => expect(cmd.tick).toBe(d.value.cmds[0]!.tick + i));
        expect(d.value.cmds.every((cmd) => cmd.moveX === 127 && cmd.aim === 123)).toBe(true);
        ticks.push(d.value.cmds[d.value.cmds.length - 1]!.tick);
      }
    }
    expect(ticks.length).toBeGreaterThan(9);
    ticks.forEach((t, i) => i > 0 && expect(t).toBe(ticks[i - 1]! + 1));
    expect(ticks[0]!).toBeGreaterThan(600);
  });

  it("stamps each command with the render time of the frame drawn (1/256 tick grid)", () => {
    const c = client();
    for (let i = 0; i < 10; i++) c.receive(bytes(snapshot(600 + 2 * i)), 10 + i * 33.3);
    const v = c.view(350);
    const [pkt] = c.update(350);
    const d = decodeCmdPacket(pkt!);
    if (!d.ok) throw new Error(d.error);
    const cmd = d.value.cmds[d.value.cmds.length - 1]!;
    expect(cmd.viewTick + cmd.viewFrac / 256).toBe(v.stats.renderTick);
    expect(v.stats.renderTick).toBeGreaterThan(600);
  });

  it('shows each server event once, however often it is repeated, and hides own shots it already predicted', () => {
    const c = client();
    const hit: NetEvent = { id: 7, tick: 600, event: { type: 'hit', shooter: 2, target: LOCAL, weapon: 0, damage: 20, x: 10, y: 10 } };
    const ownShot: NetEvent = { id: 8, tick: 600, event: { type: 'fired', shooter: LOCAL, weapon: 0, x: 10, y: 10, aim: 0, endX: 20, endY: 10 } };
    c.receive(bytes(snapshot(600, { events: [hit, ownShot] })), 0);
    c.receive(bytes(snapshot(602, { events: [hit, ownShot] })), 33);
    c.receive(bytes(snapshot(601, { events: [hit] })), 40);
    const shown = c.view(50).events;
    expect(shown.filter((e) => e.event.type === 'hit')).toHaveLength(1);
    expect(shown.filter((e) => e.event.type === 'fired')).toHaveLength(0);
    expect(c.view(60).events).toHaveLength(0);
  });

  it('plays a predicted shot at once (before any server answer), exactly once', () => {
    const c = client();
    c.receive(bytes(snapshot(600)), 0);
    c.setInput({ moveX: 0, moveY: 0, aim: 0, buttons: Buttons.Fire, weaponSelect: WEAPON_KEEP });
    c.update(20);
    const first = c.view(20).events.filter((e) => e.predicted && e.event.type === 'fired');
    expect(first).toHaveLength(1);
    c.receive(bytes(snapshot(602)), 30);
    expect(c.view(31).events.filter((e) => e.predicted)).toHaveLength(0);
  });

  it('cl_predict 0 draws the server state; cl_predict 1 draws the prediction', () => {
    const c = client();
    c.receive(bytes(snapshot(600)), 0);
    c.setInput({ moveX: 127, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP });
    for (let now = 0; now <= 200; now += 8) c.update(now);
    expect(c.view(200).local!.state.x).toBeGreaterThan(self0.x);
    c.setCvars({ cl_predict: 0 });
    expect(c.view(200).local!.state.x).toBe(self0.x);
  });

  it('interpolates the remote between snapshots, and cl_interpolate 0 draws the newest', () => {
    const c = client();
    for (let i = 0; i <= 20; i++) c.receive(bytes(snapshot(600 + 2 * i)), i * 33.333);
    const v = c.view(20 * 33.333);
    const r = v.remotes[0]!;
    expect(r.x).toBeCloseTo(100 + v.stats.renderTick, 6);
    expect(v.stats.renderTick).toBeLessThan(640 - 5);
    c.setCvars({ cl_interpolate: 0 });
    expect(c.view(20 * 33.333 + 1).remotes[0]!.x).toBe(100 + 640);
  });
});
