import { describe, it, expect } from 'vitest';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import type { ServedReport, ServedTypes } from '../../../src/arena/server/served-game';
import { ServerRuntime, type ServerNotice } from '../../../src/server/server-runtime';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { FakeClock, FakePort } from './runtime-fakes';
import { encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { decodeControl } from '../../../src/protocol/control';
import type { DebugMessage } from '../../../src/protocol/debug-messages';
import { Buttons, WEAPON_KEEP } from '../../../src/sim/types';
import { openReplay } from '../../../src/protocol/replay-reader';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';

const settings = { tickrate: 60, maxUnlagS: 1, lagCompensation: true, seed: 1, maxPlayers: 4 };

function setup() {
  const clock = new FakeClock();
  const rt = new ServerRuntime<number, ServedTypes>(
    { now: () => clock.now, schedule: clock.schedule, cancel: clock.cancel },
    arenaServerGame,
  );
  const notices: ServerNotice<ServedReport>[] = [];
  rt.onNotice((n) => notices.push(n));
  rt.start(settings);
  return { clock, rt, notices };
}

describe('ServerRuntime', () => {
  it('ticks at the tickrate on its loop and posts snapshots on the client port', () => {
    const { clock, rt } = setup();
    const port = new FakePort();
    expect(rt.addClient(1, port)).toBe(true);
    // Just past one second: timers fire on whole milliseconds, so tick 60 (due at 1000 ms) runs at 1001 ms at the latest.
    clock.advance(1005);
    expect(rt.stats()?.tick).toBe(60);
    // 30 snapshots a second by default.
    expect(port.posted.length).toBe(30);
  });

  it('hands a port that copies on post views of one reused buffer, and any other port bytes of their own that later ticks leave alone', () => {
    const { clock, rt } = setup();
    const channel = new FakePort(true);
    const message = new FakePort();
    rt.addClient(1, channel);
    rt.addClient(2, message);
    clock.advance(205);
    expect(channel.views.length).toBeGreaterThan(3);
    // Views of the arena: not their own buffers, and one buffer serves tick after tick.
    expect(channel.views.every((v) => v.byteLength < v.buffer.byteLength)).toBe(true);
    expect(new Set(channel.views.map((v) => v.buffer)).size).toBe(1);
    // The copies the channel made are whole snapshots; the views now hold the newest tick's bytes.
    expect(channel.posted[0]).not.toEqual(Uint8Array.from(channel.views[0]!));
    // The message port's bytes were copied out (FakePort checks each owns its buffer) and stay as sent.
    const first = Uint8Array.from(message.posted[0]!);
    clock.advance(100);
    expect(message.posted[0]).toEqual(first);
    expect(new Set(message.posted.map((b) => b.buffer)).size).toBe(message.posted.length);
  });

  it('feeds command packets from the port to the server and counts non-bytes as malformed', () => {
    const { clock, rt } = setup();
    const port = new FakePort();
    rt.addClient(1, port);
    clock.advance(100);
    const cmd = {
      tick: 10,
      moveX: 127,
      moveY: 0,
      aim: 0,
      buttons: 0,
      weaponSelect: WEAPON_KEEP,
      viewTick: 0,
      viewFrac: 0,
    };
    port.handler?.(
      encodeCmdPacket(ARENA_COMMANDS, quantizeCmdPacket(ARENA_COMMANDS, { ackTick: 0, sendTimeMs: 5, cmds: [cmd] }))
        .buffer,
    );
    port.handler?.({ not: 'bytes' });
    const c = rt.stats()?.clients[0];
    expect(c?.packetsIn).toBe(2);
    expect(c?.decodeFailures).toBe(1);
    expect(c?.commandsAccepted).toBe(1);
  });

  it('tells the host about kicks and pushes stats once a second', () => {
    const { clock, rt, notices } = setup();
    const port = new FakePort();
    rt.addClient(2, port);
    for (let i = 0; i < 50; i++) port.handler?.(new Uint8Array([0xff, i]));
    clock.advance(2100);
    const kicks = notices.filter((n) => n.type === 'kick');
    expect(kicks).toEqual([{ type: 'kick', clientId: 2, reason: 'malformed', text: expect.any(String) }]);
    expect(notices.filter((n) => n.type === 'stats').length).toBe(2);
  });

  it('reports a client silent for 5 s once as a timeout kick, and not one that keeps sending', () => {
    const { clock, rt, notices } = setup();
    const quiet = new FakePort();
    const chatty = new FakePort();
    rt.addClient(1, quiet);
    rt.addClient(2, chatty);
    const timeouts = (): ServerNotice<ServedReport>[] =>
      notices.filter((n) => n.type === 'kick' && n.reason === 'timeout');
    for (let ms = 0; ms < 4900; ms += 100) {
      clock.advance(100);
      chatty.handler?.(new Uint8Array([1]));
    }
    expect(timeouts()).toEqual([]);
    for (let ms = 0; ms < 400; ms += 100) {
      clock.advance(100);
      chatty.handler?.(new Uint8Array([1]));
    }
    // Silent since it joined (t = 0): reported between 5.0 and 5.3 s, once, whatever follows.
    expect(timeouts()).toEqual([{ type: 'kick', clientId: 1, reason: 'timeout', text: 'No packets for 5 seconds.' }]);
    clock.advance(3000);
    expect(timeouts().filter((n) => n.type === 'kick' && n.clientId === 1).length).toBe(1);
    // Heard again, then silent again: a new silence, reported again.
    quiet.handler?.(new Uint8Array([1]));
    clock.advance(5400);
    expect(timeouts().filter((n) => n.type === 'kick' && n.clientId === 1).length).toBe(2);
  });

  it("does not blame clients for the worker's own 6 s stall: their queued packets get a turn first", () => {
    const { clock, rt, notices } = setup();
    const port = new FakePort();
    rt.addClient(1, port);
    clock.advance(1000);
    port.handler?.(new Uint8Array([1]));
    clock.stall(6000);
    // The tick loop runs first after the stall, before the port delivers what queued up during it.
    clock.advance(20);
    port.handler?.(new Uint8Array([1]));
    clock.advance(1000);
    expect(notices.filter((n) => n.type === 'kick')).toEqual([]);
    // A client that stays silent after the stall is still reported, one limit later.
    clock.advance(4500);
    expect(notices.filter((n) => n.type === 'kick' && n.reason === 'timeout')).toHaveLength(1);
  });

  it('refuses a client beyond maxPlayers and closes its port; stop closes every port', () => {
    const { clock, rt } = setup();
    const ports = [1, 2, 3, 4, 5].map(() => new FakePort());
    const added = ports.map((p, i) => rt.addClient(i + 1, p));
    expect(added).toEqual([true, true, true, true, false]);
    expect(ports[4]?.closed).toBe(true);
    rt.stop();
    expect(ports.every((p) => p.closed)).toBe(true);
    const before = ports[0]?.posted.length;
    clock.advance(1000);
    expect(ports[0]?.posted.length).toBe(before);
    expect(rt.stats()).toBeNull();
  });

  it('reports loop counters and tick cost in its stats', () => {
    const { clock, rt } = setup();
    rt.addClient(1, new FakePort());
    clock.advance(505);
    const s = rt.stats();
    expect(s?.loop.ticksRun).toBe(30);
    expect(s?.tickCost.medianUs).toBe(0);
  });

  it('pushes a debug message about 10 times a second only to clients that asked, without their own hitbox', () => {
    const { clock, rt, notices } = setup();
    [1, 2, 3].forEach((id) => rt.addClient(id, new FakePort()));
    clock.advance(1005);
    expect(notices.filter((n) => n.type === 'debug')).toEqual([]);
    rt.setDebug(2, true);
    rt.setDebug(9, true); // not connected: ignored
    clock.advance(1000);
    const debug = notices.filter((n) => n.type === 'debug');
    expect(debug.length).toBeGreaterThanOrEqual(9);
    expect(debug.length).toBeLessThanOrEqual(11);
    expect(new Set(debug.map((n) => n.clientId))).toEqual(new Set([2]));
    const last = debug[debug.length - 1];
    const decoded = last ? decodeControl(last.bytes) : null;
    expect(decoded?.ok && decoded.value.type === 'debug').toBe(true);
    const m = (decoded?.ok ? decoded.value : null) as DebugMessage;
    expect(m.hitboxes.map((h) => h.id)).toEqual([1, 3]);
    expect(m.tick).toBeGreaterThan(100);
    expect(m.rewind).toBeNull();
    rt.setDebug(2, false);
    const before = notices.length;
    clock.advance(1000);
    expect(notices.slice(before).filter((n) => n.type === 'debug')).toEqual([]);
  });

  it("carries the client's last rewind once it fired, and forgets a removed client", () => {
    const { clock, rt, notices } = setup();
    const port = new FakePort();
    rt.addClient(1, port);
    rt.addClient(2, new FakePort());
    rt.setDebug(1, true);
    clock.advance(100);
    const fire = (tick: number) => ({
      tick,
      moveX: 0,
      moveY: 0,
      aim: 0,
      buttons: Buttons.Fire,
      weaponSelect: WEAPON_KEEP,
      viewTick: tick - 5,
      viewFrac: 128,
    });
    port.handler?.(
      encodeCmdPacket(
        ARENA_COMMANDS,
        quantizeCmdPacket(ARENA_COMMANDS, { ackTick: 0, sendTimeMs: 5, cmds: [fire(10), fire(11), fire(12)] }),
      ),
    );
    clock.advance(300);
    const last = notices.filter((n) => n.type === 'debug').pop();
    const decoded = last ? decodeControl(last.bytes) : null;
    const rewind = decoded?.ok && decoded.value.type === 'debug' ? decoded.value.rewind : null;
    expect(rewind?.tick).toBeGreaterThanOrEqual(10);
    expect(rewind?.hitboxes.map((h) => h.id)).toEqual([2]);
    expect(rewind?.lagCompensated).toBe(true);
    rt.removeClient(1);
    const before = notices.length;
    clock.advance(500);
    expect(notices.slice(before).filter((n) => n.type === 'debug')).toEqual([]);
  });
});

describe('ServerRuntime kill-cams', () => {
  /** The arena, with player 1 "killing" player 2 at tick 300 (an event added to that tick's). */
  const killAt300 = Object.assign(
    (s: Parameters<typeof arenaServerGame>[0]) => {
      const game = arenaServerGame(s);
      const step = game.step.bind(game);
      game.step = (cmds, ctx) => {
        const events = step(cmds, ctx);
        return game.world.tick === 300 ? [...events, { type: 'killed', killer: 1, victim: 2, weapon: 0 }] : events;
      };
      return game;
    },
    { game: 'arena' },
  );

  type KillCamNotice = Extract<ServerNotice<ServedReport>, { type: 'killcam' }>;
  function run(wants: (rt: ServerRuntime<number, ServedTypes>) => void): KillCamNotice[] {
    const clock = new FakeClock();
    const rt = new ServerRuntime<number, ServedTypes>(
      { now: () => clock.now, schedule: clock.schedule, cancel: clock.cancel },
      killAt300,
    );
    const notices: ServerNotice<ServedReport>[] = [];
    rt.onNotice((n) => notices.push(n));
    rt.start(settings);
    [1, 2].forEach((id) => rt.addClient(id, new FakePort()));
    wants(rt);
    clock.advance(6000);
    return notices.filter((n): n is KillCamNotice => n.type === 'killcam');
  }

  it('sends the victim who asked an encoded kill-cam of the last seconds, ending at the death', () => {
    const sent = run((rt) => {
      rt.setKillCam(2, true);
      rt.setKillCam(9, true); // not connected: ignored
    });
    expect(sent.map((n) => n.clientId)).toEqual([2]);
    const m = decodeControl(sent[0]!.bytes);
    if (!m.ok || m.value.type !== 'killcam') throw new Error('not a kill-cam');
    expect(m.value.killer).toBe(1);
    expect(m.value.playTicks).toBe(180);
    const replay = openReplay(ARENA_WIRE, m.value.bytes);
    expect(replay.ok && replay.value.lastTick).toBe(300);
    expect(replay.ok && replay.value.lastTick - replay.value.firstTick).toBeGreaterThanOrEqual(236);
  });

  it('sends none to a victim who did not ask, or asked and then stopped', () => {
    expect(run(() => undefined)).toEqual([]);
    expect(
      run((rt) => {
        rt.setKillCam(2, true);
        rt.setKillCam(2, false);
      }),
    ).toEqual([]);
  });
});
