/**
 * What the listen server's migration tests share (listen-server-migration.test.ts,
 * listen-server-successor.test.ts): a fake server worker, a lobby with a host on it, joiners seated
 * over in-memory links, the control messages a joiner got, and the cleanups run after each test
 * (useCleanups).
 */
import { afterEach } from 'vitest';
import { ListenServer, type LobbySettings, type RestoredLobby } from '../../../src/host/listen-server';
import type { Member } from '../../../src/host/roster';
import type { ServerWorkerHandle, WorkerCheckpointLobby } from '../../../src/host/worker-api';
import { createLobbyKey } from '../../../src/lobby/host-key';
import { decodeControl } from '../../../src/protocol/control';
import { type ControlMessage } from '../../../src/protocol/control-messages';
import type { Peer } from '../../../src/transport/peer-link';
import { linkPair, type FakeEnd } from '../../helpers/fake-link';

export const HOST_SEAT = 'f'.repeat(32);
/** Long enough that its bytes cannot turn up in key material by chance. */
export const PASSWORD = 'correct horse battery staple';
export const seatOf = (n: number): string => n.toString(16).padStart(2, '0').repeat(16);

export function fakeWorker() {
  const calls = {
    checkpoint: [] as Array<{ lobby: WorkerCheckpointLobby; rewind: number }>,
    stopTicking: 0,
    removed: [] as number[],
    connected: [] as Array<[number, boolean]>,
    /** What the lobby told the worker's replay recorder: its map, each roster, each chat line. */
    recording: { map: null as string | null, rosters: [] as string[][], chats: [] as Array<[number, string]> },
  };
  const ports: MessagePort[] = [];
  let notify: (n: unknown) => void = () => undefined;
  const api = {
    checkpoint: (lobby: WorkerCheckpointLobby, rewind: number) => (
      calls.checkpoint.push({ lobby, rewind }),
      Promise.resolve(new Uint8Array(300 + rewind).fill(7))
    ),
    stopTicking: () => (calls.stopTicking++, Promise.resolve()),
    removeClient: (id: number) => void calls.removed.push(id),
    stats: () => Promise.resolve(null),
    channelStats: () => Promise.resolve([]),
    setClientSettings: () => undefined,
    setDebug: () => undefined,
    startRecording: (map: string) => void (calls.recording.map = map),
    recordRoster: (players: Array<{ id: number; name: string }>) =>
      void calls.recording.rosters.push(players.map((p) => `${p.id}:${p.name}`)),
    recordChat: (from: number, text: string) => void calls.recording.chats.push([from, text]),
  };
  const handle = {
    api,
    connectClient: (id: number, rejoin = false) => {
      calls.connected.push([id, rejoin]);
      const { port1, port2 } = new MessageChannel();
      ports.push(port1, port2);
      return Promise.resolve(port1);
    },
    onNotice: (cb: (n: unknown) => void) => ((notify = cb), Promise.resolve()),
  } as unknown as ServerWorkerHandle;
  return { handle, calls, notice: (n: unknown) => notify(n), closePorts: () => ports.forEach((p) => p.close()) };
}

export async function lobby(
  opts: {
    migration?: boolean;
    restored?: RestoredLobby;
    hostSeatKey?: string;
    chosen?: number[];
    record?: boolean;
  } = {},
) {
  const key = await createLobbyKey(crypto);
  const worker = fakeWorker();
  const settings: LobbySettings = {
    maxPlayers: 8,
    password: PASSWORD,
    joinRunningMatch: true,
    match: { tickrate: 60, maxPlayers: 8, mapName: 'arena', maxUnlagMs: 1000 },
    key,
    roomId: 'abcdefghijk23456',
    crypto,
    migration: opts.migration ?? true,
    peerToken: 'x1y2z3',
    hostSeatKey: opts.hostSeatKey ?? HOST_SEAT,
    cvars: () => [{ name: 'sv_tickrate', value: 60 }],
    ...(opts.chosen ? { chosen: opts.chosen } : {}),
    ...(opts.record === false ? { record: false } : {}),
  };
  const peer = { onSignal: () => () => undefined } as unknown as Peer;
  const server = new ListenServer(peer, worker.handle, settings, () => Date.now(), opts.restored);
  cleanups.push(() => (server.close(), worker.closePorts()));
  return { server, worker, key };
}

/** Seats a joiner as admission would; its end of the link records what the host sent it. */
export function seatJoiner(
  server: ListenServer,
  name: string,
  migration: boolean,
  seatToken = seatOf(server.roster.size + 1),
  at: Parameters<ListenServer['roster']['add']>[3] = {},
): { member: Member; joiner: FakeEnd; inbox: Uint8Array[] } {
  const { joiner, host } = linkPair({ joinerId: `peer-${name}` });
  const inbox: Uint8Array[] = [];
  joiner.reliable.onMessage((b) => void inbox.push(b.slice()));
  const member = server.roster.add(name, host.remoteId, false, at)!;
  server.seat(member, host, null, { browserToken: 'a'.repeat(32), seatToken, migration });
  return { member, joiner, inbox };
}

export const got = (j: { inbox: Uint8Array[] }): ControlMessage[] =>
  j.inbox.flatMap((b) => {
    const m = decodeControl(b);
    return m.ok ? [m.value] : [];
  });
export const types = (j: { inbox: Uint8Array[] }) => got(j).map((m) => m.type);

export const cleanups: Array<() => void> = [];
/** Registers this test file's cleanup: what each test left running is stopped after it. */
export function useCleanups(): void {
  afterEach(() => cleanups.splice(0).forEach((f) => f()));
}
