/**
 * Hosting: start the server worker, claim the room's id on the signaling server, run the
 * ListenServer, and play on our own server through a loopback channel like any other client.
 * `hostLobby` is the part shared with a successor that took a match over (successor-session.ts):
 * from a started worker, a claimed Peer and a ListenServer to the page's LobbySession.
 *
 * Inputs: signaling options, room id, lobby settings, cvars. Outputs: a `HostSession`, or the
 * failure (PeerServer unreachable with its address, id taken). Invariants: on failure or leave
 * the worker, the Peer and every link are released; `release()` does the same but leaves the
 * ClientSession to the page (a host whose lobby id was taken over joins as a player with it);
 * `onReplaced` fires once, only when the signaling server gave our id away while no joiner is
 * linked to us any more (they migrated to a successor).
 */
import type { Cvars } from '../config/cvars';
import type { LobbyPlayer } from '../protocol/control-messages';
import type { CheckpointCvar } from '../arena/protocol/checkpoint-types';
import type { PlayerId } from '../sim/types';
import { ListenServer, type LobbySettings } from '../host/listen-server';
import { startServerWorker, type AnyWorkerGame, type ServerWorkerHandle } from '../host/worker-api';
import type { JoinFailure } from '../lobby/failures';
import { createLobbyKey, takeoverHash, type LobbyKey } from '../lobby/host-key';
import { hostPeerId } from '../lobby/room-id';
import { keepSignaling, replacedAsHost, type SignalingState } from '../lobby/signaling-reconnect';
import { describeSignaling } from '../lobby/signaling-config';
import { LoopbackChannel } from '../transport/loopback';
import { openPeer, TransportError, type Peer, type SignalingOptions } from '../transport/peer-link';
import { randomToken } from '../transport/signaling-peer';
import { browserTimers } from './browser-timers';
import type { SessionHooks } from './client-session';
import { gameOfMap, isArenaSession, newClientSession, type AnyClientSession, type GameChoice } from './session-games';
import { ChatLog } from './chat-log';
import { EndSignal, reportChannel, type ChannelReport, type LobbySession, type SpectatorReport } from './lobby-session';
import { carriedControls, lobbyStart } from './host-match-controls';
import { hostCounters } from './host-counters';
import { handOverMatch, endMatchForEveryone } from './host-leaving';

export interface HostOptions {
  signaling: SignalingOptions;
  roomId: string;
  name: string;
  password: string;
  maxPlayers: number;
  cvars: Cvars;
  mapName: string;
  /** This tab's seat key for the room (seat-key.ts): a successor seats us under it if we come back as a player. */
  seatKey: string;
  /** The host's signaling registration after the lobby opened (lost, retrying, back). */
  onSignaling?: (state: SignalingState) => void;
  /** Our lobby id was taken over (by a successor) while we were away: stop hosting, join as a player. */
  onReplaced?: () => void;
}

/** The host's LobbySession plus what only a host can do. */
export type HostSession = LobbySession & {
  /** The successors the ListenServer names now (first = who a handover goes to). */
  successors(): PlayerId[];
  /** How often this host sends checkpoints (ms), or null before the first. */
  checkpointIntervalMs(): number | null;
  /** Graceful handover: the first successor's name once the final checkpoint is sent, or null when there is none. */
  handOver(): Promise<string | null>;
  /** Leave, telling every joiner the match ended ('shutdown'), so nobody migrates. */
  endForEveryone(): void;
  /** Stop hosting (worker, peer, links) but keep the ClientSession for the page. */
  release(): void;
  chooseSuccessor(id: PlayerId, yes: boolean): void;
  chosenSuccessors(): PlayerId[];
  spectators(): SpectatorReport[];
};

/** `hostKey`: the fingerprint of the lobby's public key, for the lobby link's `key=`. */
export type HostResult = { ok: true; session: HostSession; hostKey: string } | { ok: false; failure: JoinFailure };

export async function createHostSession(o: HostOptions): Promise<HostResult> {
  // A fresh key pair per lobby: the link names it, every joiner makes us prove we hold it.
  const key = await createLobbyKey(crypto);
  const worker = await startWorker(o);
  if ('failure' in worker) return { ok: false, failure: worker.failure };
  const tickrate = o.cvars.sv_tickrate;
  const takeover = randomToken(24);
  let peer;
  try {
    peer = await openPeer(o.signaling, hostPeerId(o.roomId), 8000, undefined, await takeoverHash(takeover, crypto));
  } catch (err) {
    worker.terminate();
    return { ok: false, failure: claimFailure(err, o.signaling) };
  }
  let session: HostSession | null = null;
  // The host's live settings (the settings panel may have changed them since the lobby opened).
  const cvars = (): CheckpointCvar[] => serverCvars(session?.client.cvars() ?? o.cvars);
  const server = new ListenServer(peer, worker, lobbySettings(o, key, takeover, cvars), () => performance.now());
  session = await hostLobby({
    worker,
    peer,
    server,
    roomId: o.roomId,
    name: o.name,
    game: gameOfMap(o.mapName),
    tickrate,
    cvars: o.cvars,
    onSignaling: o.onSignaling,
    onReplaced: o.onReplaced,
  });
  return { ok: true, session, hostKey: key.fingerprint };
}

/** Starts the server worker with the host's sv_ cvars; a worker that fails to start is terminated. */
async function startWorker(o: HostOptions): Promise<ServerWorkerHandle<AnyWorkerGame> | { failure: JoinFailure }> {
  const worker = startServerWorker(gameOfMap(o.mapName));
  const { sv_tickrate: tickrate, sv_maxunlag: maxUnlagS } = o.cvars;
  const seed = Math.floor(Math.random() * 2 ** 31);
  try {
    await worker.api.start({
      tickrate,
      maxUnlagS,
      lagCompensation: o.cvars.sv_lagcompensation === 1,
      seed,
      maxPlayers: o.maxPlayers,
      maxSpectators: o.cvars.sv_maxspectators,
      spectatorDelayS: o.cvars.sv_spectator_delay,
    });
    return worker;
  } catch (err) {
    worker.terminate();
    return {
      failure: {
        kind: 'other',
        detail: `the game server did not start: ${err instanceof Error ? err.message : String(err)}`,
      },
    };
  }
}

/** The lobby a host opens: its rules, its key, and its migration settings. */
function lobbySettings(o: HostOptions, key: LobbyKey, takeover: string, cvars: () => CheckpointCvar[]): LobbySettings {
  const { maxPlayers, password, roomId } = o;
  const match = {
    tickrate: o.cvars.sv_tickrate,
    maxPlayers,
    mapName: o.mapName,
    maxUnlagMs: Math.round(o.cvars.sv_maxunlag * 1000),
  };
  // Successors claim the id with the takeover token, never with ours (scripts/id-holds.mjs).
  return {
    maxPlayers,
    maxSpectators: o.cvars.sv_maxspectators,
    password,
    joinRunningMatch: true,
    match,
    key,
    roomId,
    crypto,
    migration: true,
    peerToken: takeover,
    hostSeatKey: o.seatKey,
    cvars,
  };
}

/** A claim of the room's id that failed, as the page says it. */
export function claimFailure(err: unknown, signaling: SignalingOptions): JoinFailure {
  const kind = err instanceof TransportError ? err.kind : 'other';
  const detail = err instanceof Error ? err.message : String(err);
  if (kind === 'id-taken') return { kind: 'id-taken' };
  return { kind: 'signaling-unreachable', address: describeSignaling(signaling), detail };
}

export interface HostParts {
  worker: ServerWorkerHandle<AnyWorkerGame>;
  peer: Peer;
  server: ListenServer;
  roomId: string;
  name: string;
  tickrate: number;
  cvars: Cvars;
  /** A successor's ClientSession (rebound to the loopback), and the seat it keeps; else a new client. */
  client?: AnyClientSession;
  seat?: PlayerId;
  /** The game the worker runs (a successor's: the game of the match it restored). */
  game: GameChoice;
  onSignaling?: (state: SignalingState) => void;
  onReplaced?: () => void;
}

export async function hostLobby(p: HostParts): Promise<HostSession> {
  const { worker, peer, server } = p;
  const signaling = watchSignaling(p);
  const { member, port } = await server.addLocal(p.name, true, p.seat);
  const loopback = new LoopbackChannel(port);
  const client = hostClient(p, member.id, loopback);
  // The overlays' data comes from the worker like a joiner's, minus the channel.
  server.onLocalDebug((m) => client.receiveRelayed(m));
  // The host's own lines go through the same limits as everyone's (ChatRelay) and show when relayed.
  const chat = new ChatLog(
    (text) => server.say(text),
    (id) => server.roster.get(id)?.name,
  );
  server.chat.onLine((from, text) => chat.receive(from, text));
  const end = new EndSignal();
  // A successor's controls carry on from the match it restored (its newest snapshot's public rules, its bots).
  const carried = isArenaSession(client)
    ? carriedControls(client.net.newestSnapshot()?.match)
    : { rules: {}, bots: client.net.newestSnapshot()?.match?.bots.length ?? 0 };
  const controls = lobbyStart(p.game, worker.api, () => server.startMatch(), carried);
  const release = (): void => {
    signaling.stop();
    server.close();
    peer.destroy();
    worker.terminate();
  };
  const leave = (): void => {
    release();
    client.close();
    end.fire(null);
  };
  return {
    isHost: true,
    roomId: p.roomId,
    client,
    chat,
    players: (): LobbyPlayer[] => server.roster.lobbyList(),
    watchers: () => server.roster.watcherList(),
    started: () => server.started,
    channels: (): ChannelReport[] => [reportChannel('loopback', '', loopback), ...server.linkReports()],
    serverTick: () => server.lastStats.tick,
    serverStats: () => server.lastStats.raw,
    hostCounters: () => hostCounters(server, peer),
    matchControls: controls.rulesForm,
    bots: controls.bots,
    startMatch: controls.start,
    replay: async () => (await worker.api.replay()) ?? null,
    kick: (id: PlayerId) => server.kick(id, 'host', ''),
    leave,
    onChange: (cb) => server.onChange(cb),
    onEnd: (cb) => end.on(cb),
    successors: () => server.successors(),
    chooseSuccessor: (id: PlayerId, yes: boolean) => server.chooseSuccessor(id, yes),
    chosenSuccessors: () => server.migration.chosenIds(),
    spectators: () => server.lastStats.spectators.map((u) => ({ ...u, name: server.roster.get(u.id)?.name ?? '' })),
    checkpointIntervalMs: () => server.counters.checkpointIntervalMs || null,
    // disconnect(), not destroy(): the id goes to the successor while our links stay open for the final checkpoint.
    handOver: () => handOverMatch(server, () => (signaling.stop(), peer.disconnect()), leave),
    endForEveryone: () => endMatchForEveryone(server, leave),
    release,
  };
}

/**
 * Keeps the host's signaling registration: losing the socket does not end the lobby (peers already
 * linked keep playing), so it is got back; `onReplaced` fires once our id went to a successor.
 */
function watchSignaling(p: HostParts): ReturnType<typeof keepSignaling> {
  const { peer, server } = p;
  let replaced = false;
  // Whether a takeover was ever possible: a running match that named successors. A host alone in its
  // lobby whose reconnect meets its own old socket (id-taken for up to 8 s) was not replaced.
  let hadSuccessors = false;
  server.onChange(() => void (hadSuccessors ||= server.started && server.successors().length > 0));
  return keepSignaling(peer, browserTimers(), (st) => {
    p.onSignaling?.(st);
    // Someone holds our id and nobody is linked to us: our joiners migrated to a successor.
    if (!replaced && replacedAsHost(st, server.linkReports().length, hadSuccessors)) {
      replaced = true;
      p.onReplaced?.();
    }
  });
}

/** The host's own ClientSession on the loopback: a new one, or a successor's rebound to it. */
function hostClient(p: HostParts, id: PlayerId, loopback: LoopbackChannel): AnyClientSession {
  const api = p.worker.api;
  const hooks: SessionHooks = {
    sendSettings: ({ debug, killCam, ...net }) => {
      void api.setClientSettings(id, net);
      void api.setDebug(id, debug);
      void api.setKillCam(id, killCam);
    },
    serverSetting: (name, value) => void api.setSetting(name, value),
  };
  if (!p.client) return newClientSession(p.game, id, p.tickrate, p.cvars, loopback, browserTimers(), hooks);
  p.client.rebind(loopback, hooks);
  return p.client;
}

/** The server's cvars (sv_*), as a migration checkpoint carries them to the successor. */
export function serverCvars(cvars: Readonly<Cvars>): CheckpointCvar[] {
  return Object.entries(cvars).flatMap(([name, value]) => (name.startsWith('sv_') ? [{ name, value }] : []));
}
