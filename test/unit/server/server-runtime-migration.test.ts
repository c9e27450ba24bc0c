/**
 * The worker's host-migration API on ServerRuntime (issue 13), with the fake clock: runtime A runs
 * a match with people and bots; its checkpoint is restored in runtime B (another "browser"),
 * brought forward with a snapshot client 1 received after the checkpoint; the people come back as
 * rejoins and find their records (scores, shots, deaths) as A had them, a player who had left gets
 * its own back, and B ticks on from the snapshot's tick plus the skipped ticks. Garbage bytes get
 * `{ ok: false }`, never an exception; a handing-over runtime stops ticking but can still checkpoint.
 */
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, expect, it } from 'vitest';
import { encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { decodeCheckpoint } from '../../../src/arena/protocol/checkpoint-codec';
import type { DecodeResult } from '../../../src/protocol/wire';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import type { Checkpoint } from '../../../src/arena/protocol/checkpoint-types';
import { decodeSnapshot } from '../../../src/protocol/snapshot';
import type { ServedReport, ServedTypes } from '../../../src/arena/server/served-game';
import { ServerRuntime, type ServerNotice } from '../../../src/server/server-runtime';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { RESTORE_GRACE_MS } from '../../../src/server/silence-watch';
import type { PlainCheckpointLobby } from '../../../src/arena/server/arena-migration';
import { Buttons, WEAPON_KEEP, type UserCmd } from '../../../src/sim/types';
import { FakeClock, FakePort } from './runtime-fakes';

const settings = { tickrate: 60, maxUnlagS: 1, lagCompensation: true, seed: 5, maxPlayers: 8 };
const TOKENS = { 1: '11'.repeat(16), 2: '22'.repeat(16), 3: '33'.repeat(16) } as const;
const NAMES = { 1: 'Ann', 2: 'Bo', 3: 'Cy' } as const;

function runtime(startMs = 0) {
  const clock = new FakeClock();
  clock.now = startMs;
  return {
    clock,
    rt: new ServerRuntime<number, ServedTypes>(
      { now: () => clock.now, schedule: clock.schedule, cancel: clock.cancel },
      arenaServerGame,
    ),
  };
}

/** The newest snapshot posted on `port` (none is acked, so every one is full). */
function newest(port: FakePort): Snapshot {
  const out = decodeSnapshot(ARENA_WIRE, port.posted[port.posted.length - 1]!, () => undefined);
  if (!out.ok) throw new Error(out.error);
  return out.value;
}

/** Every 50 ms each person sends its next three commands; `firing` ones hold Fire. */
function play(
  clock: FakeClock,
  rt: ServerRuntime<number, ServedTypes>,
  ports: Map<number, FakePort>,
  ms: number,
  firing: number[],
): void {
  for (let t = 0; t < ms; t += 50) {
    const tick = rt.stats()!.tick + 2;
    for (const [id, port] of ports) {
      const cmd = (k: number): UserCmd => ({
        tick: tick + k,
        moveX: 0,
        moveY: 0,
        aim: 0,
        buttons: firing.includes(id) ? Buttons.Fire : 0,
        weaponSelect: WEAPON_KEEP,
        viewTick: tick + k - 6,
        viewFrac: 0,
      });
      port.handler?.(
        encodeCmdPacket(
          ARENA_COMMANDS,
          quantizeCmdPacket(ARENA_COMMANDS, {
            ackTick: null,
            sendTimeMs: Math.floor(clock.now) % 65536,
            cmds: [cmd(0), cmd(1), cmd(2)],
          }),
        ),
      );
    }
    clock.advance(50);
  }
}

function lobbyOf(present: number[]): PlainCheckpointLobby {
  const person = (id: number) => ({ id, name: NAMES[id as 1], token: TOKENS[id as 1] });
  const absent = [1, 2, 3].filter((id) => !present.includes(id)).map(person);
  return {
    people: present.map(person),
    absent,
    bans: ['ab'.repeat(16)],
    cvars: [{ name: 'sv_maxunlag', value: 1 }],
    lobbyKey: Uint8Array.from([9, 8, 7]),
  };
}

/** A running match on A: three people and two bots, 12 s of play (bots fight, person 1 fires); person 3 then leaves. */
function matchOnA() {
  const a = runtime();
  a.rt.start(settings);
  const ports = new Map([1, 2, 3].map((id) => [id, new FakePort()]));
  for (const [id, port] of ports) expect(a.rt.addClient(id, port)).toBe(true);
  a.rt.addBot();
  a.rt.addBot();
  a.rt.startMatch({ warmupS: 1, timeLimitS: 600, fragLimit: 0 });
  play(a.clock, a.rt, ports, 12000, [1]);
  const leaving = newest(ports.get(1)!).match!.players.find((p) => p.id === 3)!;
  a.rt.removeClient(3);
  ports.delete(3);
  return { ...a, ports, leaving };
}

describe('ServerRuntime host migration', () => {
  it('restores a checkpoint in another runtime: rejoined people keep their records, and it ticks on', () => {
    const a = matchOnA();
    const bytes = a.rt.checkpoint(lobbyOf([1, 2]), 0);
    expect(bytes).toBeInstanceOf(Uint8Array);
    const cp = decodeCheckpoint(bytes!);
    if (!cp.ok) throw new Error(cp.error);
    // The newest snapshot person 1 decoded, a bit after the checkpoint; the host then vanishes.
    play(a.clock, a.rt, a.ports, 300, [1]);
    const snap = newest(a.ports.get(1)!);
    expect(snap.serverTick).toBeGreaterThan(cp.value.world.tick);
    a.rt.stop();

    const b = runtime(90_000);
    const out = b.rt.restore(bytes!, {
      snapshot: snap,
      names: [
        [1, 'Ann'],
        [2, 'Bo'],
      ],
      skipTicks: 12,
    });
    if (!out.ok) throw new Error(out.error);
    expect(out).toMatchObject({
      tick: snap.serverTick + 12,
      checkpointTick: cp.value.world.tick,
      bans: ['ab'.repeat(16)],
      cvars: [{ name: 'sv_maxunlag', value: 1 }],
      tickrate: 60,
      maxPlayers: 8,
      maxUnlagMs: 1000,
    });
    expect([...out.lobbyKey]).toEqual([9, 8, 7]);
    expect(out.seats).toEqual([
      { token: TOKENS[1], id: 1, name: 'Ann', present: true },
      { token: TOKENS[2], id: 2, name: 'Bo', present: true },
      { token: TOKENS[3], id: 3, name: 'Cy', present: false },
    ]);

    const ports = new Map([1, 2].map((id) => [id, new FakePort()]));
    for (const [id, port] of ports) expect(b.rt.addClient(id, port, true)).toBe(true);
    b.clock.advance(20);
    const first = newest(ports.get(1)!);
    expect(first.serverTick).toBe(out.tick + 1);
    const people = (s: Snapshot) => s.match!.players.filter((p) => !p.bot);
    expect(people(first)).toEqual(people(snap));
    expect(first.match!.teamScores).toEqual(snap.match!.teamScores);
    expect(snap.match!.players.some((p) => p.score !== 0)).toBe(true);
    // Private records too (shots are in no snapshot): B's own checkpoint has person 1's as A had them.
    const again = decodeCheckpoint(b.rt.checkpoint(lobbyOf([1, 2]), 0)!);
    const shotsOf = (c: DecodeResult<Checkpoint>) =>
      c.ok ? c.value.world.match.players.find((p) => p.id === 1)?.shots : -1;
    expect(shotsOf(again)).toBeGreaterThan(0);
    expect(shotsOf(again)).toBeGreaterThanOrEqual(shotsOf(cp)!);
    expect(first.players.concat(first.self).find((p) => p.id === 2)!.deaths).toBe(
      snap.players.concat(snap.self).find((p) => p.id === 2)!.deaths,
    );

    // The player who left before the checkpoint comes back to its own record.
    const back = new FakePort();
    expect(b.rt.addClient(3, back, true)).toBe(true);
    b.clock.advance(50);
    expect(newest(back).match!.players.find((p) => p.id === 3)).toEqual(a.leaving);

    play(b.clock, b.rt, ports, 1000, []);
    expect(b.rt.stats()!.tick).toBeGreaterThanOrEqual(out.tick + 59);
    expect(
      b.rt
        .stats()!
        .clients.map((c) => c.clientId)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('waits RESTORE_GRACE_MS for a restored person to come back, then reports it for a timeout kick', () => {
    const a = matchOnA();
    const bytes = a.rt.checkpoint(lobbyOf([1, 2]), 0)!;
    const b = runtime(500);
    const notices: ServerNotice<ServedReport>[] = [];
    b.rt.onNotice((n) => notices.push(n));
    expect(b.rt.restore(bytes, { snapshot: null, names: [], skipTicks: 0 }).ok).toBe(true);
    const port = new FakePort();
    expect(b.rt.addClient(1, port, true)).toBe(true);
    // Person 1 is back and keeps sending; person 2 never comes back.
    const timeouts = () =>
      notices.filter((n) => n.type === 'kick' && n.reason === 'timeout').map((n) => n.type === 'kick' && n.clientId);
    play(b.clock, b.rt, new Map([[1, port]]), RESTORE_GRACE_MS - 500, []);
    expect(timeouts()).toEqual([]);
    play(b.clock, b.rt, new Map([[1, port]]), 1000, []);
    expect(timeouts()).toEqual([2]);
    // The host kicks it; coming back later, it is an ordinary rejoin.
    b.rt.removeClient(2);
    expect(b.rt.addClient(2, new FakePort(), true)).toBe(true);
  });

  it('keeps the grace for a worker whose clock is far past 0 when it restores, and through a stall of its own', () => {
    const a = matchOnA();
    const bytes = a.rt.checkpoint(lobbyOf([1, 2]), 0)!;
    const b = runtime(90_000);
    const notices: ServerNotice<ServedReport>[] = [];
    b.rt.onNotice((n) => notices.push(n));
    expect(b.rt.restore(bytes, { snapshot: null, names: [], skipTicks: 0 }).ok).toBe(true);
    const port = new FakePort();
    expect(b.rt.addClient(1, port, true)).toBe(true);
    const timeouts = () => notices.filter((n) => n.type === 'kick' && n.reason === 'timeout').length;
    play(b.clock, b.rt, new Map([[1, port]]), 3000, []);
    // The worker itself stalls 2 s (a long GC, a throttled tab): person 2's grace is not cut to 5 s.
    b.clock.advance(2000);
    play(b.clock, b.rt, new Map([[1, port]]), RESTORE_GRACE_MS - 6000, []);
    expect(timeouts()).toBe(0);
    play(b.clock, b.rt, new Map([[1, port]]), 2000, []);
    expect(timeouts()).toBe(1);
  });

  it('gives a newcomer on a restored id without a seat a fresh body, not the standing one', () => {
    const a = matchOnA();
    const bytes = a.rt.checkpoint(lobbyOf([1, 2]), 0)!;
    const before = newest(a.ports.get(1)!);
    const standing = before.players.concat(before.self).find((p) => p.id === 2)!;
    const b = runtime();
    expect(b.rt.restore(bytes, { snapshot: null, names: [], skipTicks: 0 }).ok).toBe(true);
    const port = new FakePort();
    // Not a rejoin: someone new got id 2 (its old holder had no seat token, so nobody held the id).
    expect(b.rt.addClient(2, port, false)).toBe(true);
    b.clock.advance(50);
    const seen = newest(port);
    expect(seen.self.id).toBe(2);
    expect(standing.kills + standing.deaths).toBeGreaterThan(0);
    expect([seen.self.kills, seen.self.deaths]).toEqual([0, 0]);
    expect(seen.match!.players.find((p) => p.id === 2)!.score).toBe(0);
  });

  it('answers garbage with { ok: false } and keeps running what it ran', () => {
    const b = runtime();
    const req = { snapshot: null, names: [], skipTicks: 0 };
    expect(b.rt.restore(Uint8Array.from([1, 2, 3]), req)).toEqual({ ok: false, error: expect.any(String) });
    expect(b.rt.restore(new Uint8Array(0), req).ok).toBe(false);
    expect(b.rt.restore('bytes?' as unknown as Uint8Array, req)).toEqual({ ok: false, error: 'checkpoint: not bytes' });
    expect(b.rt.stats()).toBeNull();
    expect(b.rt.checkpoint(lobbyOf([]), 0)).toBeNull();

    b.rt.start(settings);
    b.clock.advance(500);
    const good = b.rt.checkpoint(lobbyOf([]), 0)!;
    const flipped = good.slice();
    flipped[0] = 99; // another checkpoint version
    expect(b.rt.restore(flipped, { ...req, skipTicks: Number.NaN }).ok).toBe(false);
    b.clock.advance(500);
    expect(b.rt.stats()!.tick).toBeGreaterThanOrEqual(59);
  });

  it('stops ticking on handover but still gives its final checkpoint with the rewind window', () => {
    const a = matchOnA();
    const tick = a.rt.stats()!.tick;
    a.rt.stopTicking();
    a.clock.advance(1000);
    expect(a.rt.stats()!.tick).toBe(tick);
    const final = decodeCheckpoint(a.rt.checkpoint(lobbyOf([1, 2]), 60)!);
    expect(final.ok && final.value.world.tick).toBe(tick);
    expect(final.ok && final.value.rewind.length).toBe(60);
  });

  it('reports a checkpoint it cannot encode (a malformed seat token from the host layer) as an error notice', () => {
    const a = runtime();
    const notices: unknown[] = [];
    a.rt.onNotice((n) => notices.push(n));
    a.rt.start(settings);
    a.rt.addClient(1, new FakePort());
    a.clock.advance(100);
    const bad = { ...lobbyOf([]), absent: [{ token: 'not hex', id: 4, name: 'Di' }] };
    expect(a.rt.checkpoint(bad, 0)).toBeNull();
    expect(notices).toContainEqual({ type: 'error', text: expect.stringContaining('checkpoint') });
  });
});
