import { isArenaSession } from '../../../src/app/session-games';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCvars } from '../../../src/config/cvars';
import { gameHostFor, hitboxesFromDebug, rewindFromDebug } from '../../../src/app/game-host-adapter';
import { createJoinSession } from '../../../src/app/join-session';
import type { Joined } from '../../../src/lobby/join';
import { decodeControl, encodeControl } from '../../../src/protocol/control';
import type { ControlMessage } from '../../../src/protocol/control-messages';
import type { DebugMessage } from '../../../src/protocol/debug-messages';
import { WireChannel } from '../../helpers/wire-channel';

const box = (id: number, x: number) => ({ id, x, y: 100, radius: 16, alive: true, crouch: false });
const DEBUG: DebugMessage = {
  type: 'debug',
  tick: 400,
  hitboxes: [box(1, 200)],
  rewind: {
    tick: 398,
    claimedViewTime: 391.5,
    viewTime: 391.5,
    adjustment: 'none',
    lagCompensated: true,
    hitboxes: [box(1, 180)],
    hit: 1,
  },
};

function joinedSession() {
  const reliable = new WireChannel('reliable', { ordered: true, maxRetransmits: null });
  const unreliable = new WireChannel('unreliable');
  const link = {
    remoteId: 'host',
    reliable,
    unreliable,
    close: () => reliable.close(),
    onClose: (h: (r: string) => void) => reliable.onClose(h),
    routeLost: () => false,
  };
  const joined = {
    peer: { destroy: vi.fn() },
    link,
    clientId: 2,
    settings: { tickrate: 60, maxPlayers: 4, mapName: 'arena', maxUnlagMs: 1000 },
    early: [],
  } as unknown as Joined;
  const session = createJoinSession(joined, 'room', defaultCvars());
  const sentControl = (): ControlMessage[] =>
    reliable.sent.map((b) => decodeControl(b)).flatMap((r) => (r.ok ? [r.value] : []));
  return { session, reliable, sentControl };
}

describe("a joiner's debug messages", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for them with sv_showhitboxes, stores the newest and hands it to the renderer', () => {
    const { session, reliable, sentControl } = joinedSession();
    const client = session.client;
    if (!isArenaSession(client)) throw new Error('an arena lobby');
    const host = gameHostFor(session, client, () => undefined);
    expect(
      sentControl()
        .filter((m) => m.type === 'settings')
        .map((m) => m.type === 'settings' && m.debug),
    ).toEqual([false]);
    reliable.core.deliver(encodeControl(DEBUG));
    // Not asked for (cvar off): a stray one is not shown.
    expect(host.serverHitboxes()).toBeNull();
    session.client.setCvar('sv_showhitboxes', 1);
    expect(
      sentControl()
        .filter((m) => m.type === 'settings')
        .map((m) => m.type === 'settings' && m.debug),
    ).toEqual([false, true]);
    reliable.core.deliver(encodeControl(DEBUG));
    expect(host.serverHitboxes()).toEqual([box(1, 200)]);
    expect(host.lastRewind()).toEqual({
      tick: 398,
      viewTime: 391.5,
      claimedViewTime: 391.5,
      adjustment: 'none',
      lagCompensated: true,
      hitboxes: [box(1, 180)],
      hit: 1,
    });
    reliable.core.deliver(encodeControl({ ...DEBUG, tick: 410, rewind: null }));
    expect(host.lastRewind()).toBeNull();
    session.client.setCvar('sv_showhitboxes', 0);
    expect(host.serverHitboxes()).toBeNull();
    session.leave();
  });

  it('counts a malformed control message instead of storing it', () => {
    const { session, reliable } = joinedSession();
    session.client.setCvar('sv_showhitboxes', 1);
    const bytes = encodeControl(DEBUG);
    reliable.core.deliver(bytes.slice(0, bytes.length - 3));
    expect(session.client.serverDebug).toBeNull();
    expect(session.hostCounters()).toEqual({ malformedControl: 1 });
    session.leave();
  });
});

describe('debug message to overlay data', () => {
  it('is null without a message or without a rewind', () => {
    expect(hitboxesFromDebug(null)).toBeNull();
    expect(rewindFromDebug(null)).toBeNull();
    expect(rewindFromDebug({ ...DEBUG, rewind: null })).toBeNull();
    expect(rewindFromDebug({ ...DEBUG, rewind: { ...DEBUG.rewind!, hit: null } })?.hit).toBeNull();
  });
});
