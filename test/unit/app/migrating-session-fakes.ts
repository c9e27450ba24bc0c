/**
 * The fakes MigratingSession's tests drive it with (migrating-session.test.ts and
 * migrating-session-recovery.test.ts): inner sessions that record leave/release, a client, a
 * migration context on a virtual clock, a lost host, and settle() to let promises run.
 */
import { ChatLog } from '../../../src/app/chat-log';
import type { AnyClientSession } from '../../../src/app/session-games';
import type { HostLost } from '../../../src/app/join-session';
import { EndSignal } from '../../../src/app/lobby-session';
import type { MigrationAttempts, MigrationContext, MigrationInner } from '../../../src/app/migrating-session';
import type { JoinFailure } from '../../../src/lobby/failures';
import type { LobbyPlayer } from '../../../src/protocol/control-messages';

export const PLAYERS: LobbyPlayer[] = [
  { id: 1, name: 'Alice', pingMs: 0, isHost: true },
  { id: 2, name: 'Bob', pingMs: 20, isHost: false },
  { id: 3, name: 'Cleo', pingMs: 30, isHost: false },
];

export function fakeClient(localId: number): AnyClientSession & { closed: boolean } {
  const c = { localId, closed: false, close: () => void (c.closed = true) };
  return c as unknown as AnyClientSession & { closed: boolean };
}

export function fake(
  isHost: boolean,
  client: AnyClientSession,
  players: LobbyPlayer[],
): MigrationInner & { left: boolean; released: boolean } {
  const end = new EndSignal();
  const s = {
    isHost,
    roomId: 'room',
    client,
    chat: new ChatLog(
      () => undefined,
      () => undefined,
    ),
    players: () => players,
    started: () => true,
    channels: () => [],
    serverTick: () => null,
    serverStats: () => null,
    hostCounters: () => null,
    startMatch: () => undefined,
    matchControls: null,
    kick: () => undefined,
    left: false,
    released: false,
    leave: () => ((s.left = true), end.fire(null)),
    onChange: () => () => undefined,
    onEnd: (cb: (f: JoinFailure | null) => void) => end.on(cb),
    held: () => ({ successors: [2, 3], checkpoint: null, checkpointIntervalMs: null }),
    successors: () => [3],
    checkpointIntervalMs: () => 1000,
    handOver: async () => null,
    endForEveryone: () => s.leave(),
    release: () => void (s.released = true),
  };
  return s as unknown as MigrationInner & { left: boolean; released: boolean };
}

/** The page's context on a virtual clock: sleeping and each attempt advance it. */
export function context(attempts: MigrationAttempts): { ctx: MigrationContext; clock: { t: number } } {
  const clock = { t: 0 };
  const ctx: MigrationContext = {
    signaling: { host: 'x', port: 1, path: '/', key: 'k', secure: false, iceServers: [] },
    target: { roomId: 'room', hostKey: null },
    name: 'Bob',
    browserToken: 'b'.repeat(32),
    seat: { privateKey: {} as CryptoKey, publicRaw: new Uint8Array(65) },
    crypto: globalThis.crypto,
    cvars: {} as MigrationContext['cvars'],
    now: () => clock.t,
    sleep: async (ms) => void (clock.t += ms),
    attempts,
  };
  return { ctx, clock };
}

export const lost = (over: Partial<HostLost> = {}): HostLost => ({
  why: 'lost',
  successors: [2, 3],
  checkpoint: { bytes: new Uint8Array([1]), final: false, atMs: 0 },
  players: PLAYERS,
  systemLines: [],
  ...over,
});

/** Lets the migration's promise chain run to its end. */
export const settle = async (): Promise<void> => {
  for (let i = 0; i < 200; i++) await Promise.resolve();
};
