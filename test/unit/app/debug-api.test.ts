import { describe, expect, it, vi } from 'vitest';
import { createDebugApi, type AppState } from '../../../src/app/debug-api';
import type { LobbySession } from '../../../src/app/lobby-session';
import type { ClientSession } from '../../../src/app/client-session';

function fakeApp(): {
  app: AppState;
  session: LobbySession;
  runScript: ReturnType<typeof vi.fn>;
  kick: ReturnType<typeof vi.fn>;
} {
  const players = [{ id: 1, name: 'Ada', pingMs: 0, isHost: true }];
  const runScript = vi.fn();
  const kick = vi.fn();
  const client = {
    localId: 1,
    lastView: null,
    recentEvents: [],
    arrivals: [],
    net: { stats: { pingMs: 12 }, totals: { predictionErrors: 2, malformedPackets: 1 } },
    cvars: () => ({ net_fakelag: 0 }),
    runScript,
    setCvar: () => ({ message: 'net_fakelag: clamped' }),
  } as unknown as ClientSession;
  const session = {
    isHost: true,
    roomId: 'abcdefghijklmnop',
    client,
    players: () => players,
    started: () => false,
    channels: () => [
      {
        role: 'loopback',
        peer: '',
        label: 'loopback',
        ordered: true,
        maxRetransmits: null,
        state: 'open',
        bytesIn: 1,
        bytesOut: 2,
        packetsIn: 1,
        packetsOut: 1,
      },
    ],
    serverTick: () => 77,
    serverStats: () => ({ tick: 77 }),
    hostCounters: () => ({ kicks: 0 }),
    startMatch: () => undefined,
    kick,
    leave: () => undefined,
    onChange: () => () => undefined,
    onEnd: () => undefined,
  } as unknown as LobbySession;
  const app: AppState = {
    phase: 'lobby',
    session,
    link: 'http://x/#join=abcdefghijklmnop',
    lastError: null,
    renderError: null,
    watched: null,
    spectator: null,
    startMatch: vi.fn(),
    leave: vi.fn(),
  };
  return { app, session, runScript, kick };
}

describe('window.rewind', () => {
  it('reads the current session', () => {
    const { app } = fakeApp();
    const api = createDebugApi(app);
    expect(api.phase).toBe('lobby');
    expect(api.replay()).toBeNull();
    expect(api.localId).toBe(1);
    expect(api.isHost).toBe(true);
    expect(api.roomId).toBe('abcdefghijklmnop');
    expect(api.stats()).toMatchObject({
      serverTick: 77,
      predictionErrors: 2,
      malformedPackets: 1,
      net: { pingMs: 12 },
    });
    expect(api.setCvar('net_fakelag', 9999)).toBe('net_fakelag: clamped');
  });

  it("reads the page's renderer failure, when it has one", () => {
    const { app } = fakeApp();
    const state = { ...app, renderError: null as string | null };
    const api = createDebugApi(state);
    expect(api.renderError).toBeNull();
    state.renderError = 'This browser cannot draw the game (no WebGL).';
    expect(api.renderError).toBe('This browser cannot draw the game (no WebGL).');
  });

  it('hands out copies, never the live objects', () => {
    const { app, session } = fakeApp();
    const api = createDebugApi(app);
    api.players()[0]!.name = 'changed';
    api.channels()[0]!.ordered = false;
    expect(session.players()[0]!.name).toBe('Ada');
    expect(api.channels()[0]!.ordered).toBe(true);
  });

  it('forwards test actions and is inert without a session', () => {
    const { app, runScript, kick } = fakeApp();
    const api = createDebugApi(app);
    api.input({ moveX: 127, ms: 100 });
    api.kick(4);
    expect(runScript).toHaveBeenCalledWith({ moveX: 127, ms: 100 });
    expect(kick).toHaveBeenCalledWith(4);
    const empty = createDebugApi({ ...app, session: null });
    expect(empty.players()).toEqual([]);
    expect(empty.view()).toBeNull();
    expect(empty.serverDebug()).toBeNull();
    expect(() => empty.input({ ms: 10 })).not.toThrow();
  });

  it("hands out a copy of the client's newest debug message", () => {
    const { app, session } = fakeApp();
    const api = createDebugApi(app);
    expect(api.serverDebug()).toBeNull();
    const box = { id: 2, x: 10, y: 20, radius: 16, alive: true, crouch: false };
    (session.client as { serverDebug: unknown }).serverDebug = {
      type: 'debug',
      tick: 5,
      hitboxes: [box],
      rewind: null,
    };
    const got = api.serverDebug();
    expect(got).toEqual({ type: 'debug', tick: 5, hitboxes: [box], rewind: null });
    got!.hitboxes[0]!.x = 999;
    expect(api.serverDebug()?.hitboxes[0]?.x).toBe(10);
  });
});
