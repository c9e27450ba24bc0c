import { describe, expect, it } from 'vitest';
import type { ArenaClientTypes } from '../../../src/arena/client/arena-client-types';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { NetClient } from '../../../src/client/net-client';
import { arenaClientGame } from '../../../src/arena/client/arena-client-game';
import type { ClientView } from '../../../src/arena/client/view-model';
import { defaultCvars } from '../../../src/config/cvars';
import { decodeCmdPacket } from '../../../src/protocol/cmd-packet';
import type { NetEvent, Snapshot } from '../../../src/arena/protocol/arena-messages';
import { encodeSnapshot } from '../../../src/protocol/snapshot';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { newPlayer } from '../../../src/sim/player-state';
import { Buttons, WEAPON_KEEP, type PublicPlayerState, type UserCmd } from '../../../src/sim/types';
import { IDLE_INPUT, moving } from '../../helpers/input';

const LOCAL = 1;
const spawn = DEFAULT_MAP.spawns[0]!;
const self0 = newPlayer(LOCAL, spawn.x, spawn.y);

function remote(x: number): PublicPlayerState {
  const {
    id: _id,
    ammo: _a,
    nextFireTick: _n,
    reloadEndTick: _r,
    deployEndTick: _d,
    respawnTick: _s,
    ...pub
  } = newPlayer(2, x, 300);
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

const bytes = (s: Snapshot): Uint8Array => encodeSnapshot(ARENA_WIRE, s, null);

function cmdsOf(packet: Uint8Array): UserCmd[] {
  const d = decodeCmdPacket(ARENA_COMMANDS, packet);
  if (!d.ok) throw new Error(d.error);
  return d.value.cmds;
}

function client(): NetClient<ArenaClientTypes> {
  return new NetClient({ clientId: LOCAL, tickrate: 60, cvars: defaultCvars(), game: arenaClientGame });
}

describe('NetClient', () => {
  it('drops malformed packets without throwing and counts them', () => {
    const c = client();
    for (let i = 0; i < 200; i++) {
      const junk = Uint8Array.from({ length: (i * 7) % 40 }, (_, j) => (i * 31 + j * 17) & 0xff);
      expect(() => c.receive(junk, i)).not.toThrow();
    }
    expect(c.totals.malformedPackets).toBeGreaterThan(150);
    expect(c.frame(300, IDLE_INPUT).view.local).toBeNull();
  });

  it('sends nothing before the first snapshot, then one packet per command tick with consecutive commands and the ack', () => {
    const c = client();
    expect(c.frame(0, IDLE_INPUT).packets).toEqual([]);
    c.receive(bytes(snapshot(600)), 10);
    const input = { moveX: 127, moveY: 0, aim: 123, buttons: 0, weaponSelect: WEAPON_KEEP };
    const ticks: number[] = [];
    for (let now = 10; now < 200; now += 1000 / 60) {
      for (const pkt of c.frame(now, input).packets) {
        const d = decodeCmdPacket(ARENA_COMMANDS, pkt);
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

  it('stamps each command with the render time of the frame on screen when its input was sampled (1/256 tick grid)', () => {
    const c = client();
    for (let i = 0; i < 10; i++) c.receive(bytes(snapshot(600 + 2 * i)), 10 + i * 33.3);
    const shown = c.frame(350, IDLE_INPUT).view;
    const next = c.frame(370, IDLE_INPUT);
    const fresh = next.packets.flatMap(cmdsOf).filter((cmd) => cmd.tick > shown.stats.commandTick);
    expect(fresh.length).toBeGreaterThan(0);
    for (const cmd of fresh) expect(cmd.viewTick + cmd.viewFrac / 256).toBe(shown.stats.renderTick);
    expect(shown.stats.renderTick).toBeGreaterThan(600);
    // The frame's own view has moved on: the next frame's commands will claim that one.
    expect(next.view.stats.renderTick).toBeGreaterThan(shown.stats.renderTick);
  });

  it('shows each server event once, however often it is repeated, and hides own shots it already predicted', () => {
    const c = client();
    const hit: NetEvent = {
      id: 7,
      tick: 600,
      event: { type: 'hit', shooter: 2, target: LOCAL, weapon: 0, damage: 20, x: 10, y: 10 },
    };
    const ownShot: NetEvent = {
      id: 8,
      tick: 600,
      event: { type: 'fired', shooter: LOCAL, weapon: 0, x: 10, y: 10, aim: 0, endX: 20, endY: 10 },
    };
    c.receive(bytes(snapshot(600, { events: [hit, ownShot] })), 0);
    c.receive(bytes(snapshot(602, { events: [hit, ownShot] })), 33);
    c.receive(bytes(snapshot(601, { events: [hit] })), 40);
    const shown = c.frame(50, IDLE_INPUT).view.events;
    expect(shown.filter((e) => e.event.type === 'hit')).toHaveLength(1);
    expect(shown.filter((e) => e.event.type === 'fired')).toHaveLength(0);
    expect(c.frame(60, IDLE_INPUT).view.events).toHaveLength(0);
  });

  it('plays a predicted shot at once (before any server answer), exactly once', () => {
    const c = client();
    c.receive(bytes(snapshot(600)), 0);
    const fire = { moveX: 0, moveY: 0, aim: 0, buttons: Buttons.Fire, weaponSelect: WEAPON_KEEP };
    const first = c.frame(20, fire).view.events.filter((e) => e.predicted && e.event.type === 'fired');
    expect(first).toHaveLength(1);
    c.receive(bytes(snapshot(602)), 30);
    expect(c.frame(31, fire).view.events.filter((e) => e.predicted)).toHaveLength(0);
  });

  it('cl_predict 0 draws the server state; cl_predict 1 draws the prediction', () => {
    const c = client();
    c.receive(bytes(snapshot(600)), 0);
    for (let now = 0; now < 200; now += 8) c.frame(now, moving(127));
    expect(c.frame(200, moving(127)).view.local!.state.x).toBeGreaterThan(self0.x);
    c.setCvars({ cl_predict: 0 });
    expect(c.frame(200, moving(127)).view.local!.state.x).toBe(self0.x);
  });

  it('interpolates the remote between snapshots, and cl_interpolate 0 draws the newest', () => {
    const c = client();
    for (let i = 0; i <= 20; i++) c.receive(bytes(snapshot(600 + 2 * i)), i * 33.333);
    const v = c.frame(20 * 33.333, IDLE_INPUT).view;
    const r = v.remotes[0]!;
    expect(r.x).toBeCloseTo(100 + v.stats.renderTick, 6);
    expect(v.stats.renderTick).toBeLessThan(640 - 5);
    c.setCvars({ cl_interpolate: 0 });
    expect(c.frame(20 * 33.333 + 1, IDLE_INPUT).view.remotes[0]!.x).toBe(100 + 640);
  });
});

describe('NetClient.frame: input, then the commands owed, then the view', () => {
  const FRAME = 1000 / 60;

  /**
   * A client synced on one snapshot, run idle for a few frames; returns the next frame's time and the
   * last view. Frames fall half-way between command ticks (the own player is drawn half-way between
   * its last two predicted ticks), as frames and ticks are not phase-locked in a browser.
   */
  function atRest(): { c: NetClient<ArenaClientTypes>; now: number; rest: ClientView } {
    const c = client();
    c.receive(bytes(snapshot(600)), 0);
    let now = FRAME / 2;
    let rest = c.frame(now, IDLE_INPUT).view;
    for (let i = 0; i < 6; i++) rest = c.frame((now += FRAME), IDLE_INPUT).view;
    return { c, now: now + FRAME, rest };
  }

  it('puts the input handed to frame N into the commands frame N issues, and moves the own player in the view frame N returns', () => {
    const { c, now, rest } = atRest();
    expect(rest.local!.state.x).toBe(self0.x);
    const { packets, view } = c.frame(now, moving(127));
    // A command was owed in this frame (one tick of time passed) and it carries the key.
    expect(view.stats.commandTick).toBeGreaterThan(rest.stats.commandTick);
    const issued = packets.flatMap(cmdsOf).filter((cmd) => cmd.tick > rest.stats.commandTick);
    expect(issued.map((cmd) => cmd.tick)).toEqual(
      Array.from({ length: view.stats.commandTick - rest.stats.commandTick }, (_, i) => rest.stats.commandTick + 1 + i),
    );
    expect(issued.every((cmd) => cmd.moveX === 127)).toBe(true);
    // The same call's view already shows the predicted step: the newest state and where it is drawn.
    expect(view.local!.state.x).toBeGreaterThan(rest.local!.state.x);
    expect(view.local!.drawX).toBeGreaterThan(rest.local!.drawX);
  });

  it('issues nothing with an input when no tick is owed: it goes into the next frame that owes one', () => {
    const { c, now, rest } = atRest();
    // The same instant again: no command tick is owed, so the key cannot move anything yet.
    const { packets, view } = c.frame(now - FRAME, moving(127));
    expect(view.stats.commandTick).toBe(rest.stats.commandTick);
    expect(packets.flatMap(cmdsOf).some((cmd) => cmd.tick > rest.stats.commandTick)).toBe(false);
    expect(view.local!.drawX).toBe(rest.local!.drawX);
    const next = c.frame(now, moving(127));
    expect(
      next.packets
        .flatMap(cmdsOf)
        .filter((cmd) => cmd.tick > rest.stats.commandTick)
        .every((cmd) => cmd.moveX === 127),
    ).toBe(true);
    expect(next.view.local!.drawX).toBeGreaterThan(rest.local!.drawX);
  });

  it('a key released in frame N is out of the commands of frame N (no extra step after the release)', () => {
    const { c, now } = atRest();
    let t = now;
    let held = c.frame(t, moving(127)).view;
    for (let i = 0; i < 5; i++) held = c.frame((t += FRAME), moving(127)).view;
    const released = c.frame((t += FRAME), IDLE_INPUT);
    const issued = released.packets.flatMap(cmdsOf).filter((cmd) => cmd.tick > held.stats.commandTick);
    expect(issued.length).toBeGreaterThan(0);
    expect(issued.every((cmd) => cmd.moveX === 0)).toBe(true);
  });
});
