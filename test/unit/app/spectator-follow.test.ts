// A spectator follows its lobby through a host migration (issue 24): when the host's link closes
// without a kick, the watch asks the same link again until a new host answers, carries its view
// over, and ignores whatever the old link still says; with nobody answering it ends as "host left".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spectate } from '../../../src/app/spectator-session';
import { encodeControl } from '../../../src/protocol/control';
import type { Joined, JoinResult } from '../../../src/lobby/join';
import type { JoinFailure } from '../../../src/lobby/failures';

interface FakeJoined {
  joined: Joined;
  /** Delivers a control message on the reliable channel. */
  say(m: Parameters<typeof encodeControl>[0]): void;
  close(): void;
  reliableSent: Uint8Array[];
}

function fakeJoined(clientId: number): FakeJoined {
  const handlers: { reliable?: (b: Uint8Array) => void; close?: () => void } = {};
  const reliableSent: Uint8Array[] = [];
  const link = {
    reliable: {
      send: (b: Uint8Array) => reliableSent.push(b),
      onMessage: (cb: (b: Uint8Array) => void) => (handlers.reliable = cb),
    },
    unreliable: { send: () => undefined, onMessage: () => undefined },
    onClose: (cb: () => void) => (handlers.close = cb),
    close: () => undefined,
  };
  const joined = {
    peer: { destroy: () => undefined },
    link,
    clientId,
    settings: { tickrate: 60, maxPlayers: 8, mapName: 'crossfire', maxUnlagMs: 1000 },
    early: [],
  } as unknown as Joined;
  return {
    joined,
    say: (m) => handlers.reliable?.(encodeControl(m)),
    close: () => handlers.close?.(),
    reliableSent,
  };
}

const lobby = (names: string[]) =>
  ({
    type: 'lobby',
    started: true,
    players: names.map((name, i) => ({ id: i + 1, name, pingMs: 0, isHost: i === 0 })),
  }) as const;

afterEach(() => vi.useRealTimers());

describe('a spectator through a host migration', () => {
  it('watches the same link again until the new host answers, then takes its messages only', async () => {
    vi.useFakeTimers();
    const [old, next] = [fakeJoined(5), fakeJoined(9)];
    const answers: JoinResult[] = [
      { ok: false, failure: { kind: 'connection-failed', detail: 'nobody yet' } },
      { ok: true, joined: next.joined },
    ];
    const rejoin = vi.fn(async () => answers.shift()!);
    const ends: Array<JoinFailure | null> = [];
    const w = spectate(old.joined, 'room', rejoin, () => Date.now());
    w.onEnd((f) => ends.push(f));
    old.say(lobby(['Ann', 'Bob']));
    expect(w.players().map((p) => p.name)).toEqual(['Ann', 'Bob']);
    old.close();
    expect(w.reconnecting()).toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    expect(rejoin).toHaveBeenCalledTimes(2);
    expect([w.reconnecting(), w.follows, w.clientId]).toEqual([false, 1, 9]);
    // The old link is over: what it says now is ignored; the new host's list is the one shown.
    old.say(lobby(['Ghost']));
    next.say(lobby(['Bob']));
    expect(w.players().map((p) => p.name)).toEqual(['Bob']);
    next.say({ type: 'kick', reason: 'host', text: '' });
    expect(ends).toEqual([{ kind: 'kicked', reason: 'host', text: '' }]);
  });

  it('ends as "host left" when nobody answers for 30 s, and at once without a way to rejoin', async () => {
    vi.useFakeTimers();
    const lost = fakeJoined(5);
    const ends: Array<JoinFailure | null> = [];
    const w = spectate(
      lost.joined,
      'room',
      async () => ({ ok: false, failure: { kind: 'room-not-found', roomId: 'room' } }),
      () => Date.now(),
    );
    w.onEnd((f) => ends.push(f));
    lost.close();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(ends).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ends).toEqual([{ kind: 'host-left' }]);
    const alone = fakeJoined(6);
    const ended: Array<JoinFailure | null> = [];
    spectate(alone.joined, 'room', null, () => Date.now()).onEnd((f) => ended.push(f));
    alone.close();
    expect(ended).toEqual([{ kind: 'host-left' }]);
  });

  it('a kick ends it at once, never followed; leaving says leave', () => {
    const j = fakeJoined(5);
    const rejoin = vi.fn();
    const ends: Array<JoinFailure | null> = [];
    const w = spectate(j.joined, 'room', rejoin, () => 0);
    w.onEnd((f) => ends.push(f));
    j.say({ type: 'kick', reason: 'flood', text: 'You kept flooding the chat.' });
    j.close();
    expect(ends).toEqual([{ kind: 'kicked', reason: 'flood', text: 'You kept flooding the chat.' }]);
    expect(rejoin).not.toHaveBeenCalled();
    const k = fakeJoined(6);
    spectate(k.joined, 'room', rejoin, () => 0).leave();
    expect(k.reliableSent.length).toBe(1);
  });
});
