/**
 * Hosting: start the server worker, claim the room's id on the signaling server, run the
 * ListenServer, and play on our own server through a loopback channel like any other client.
 *
 * Inputs: signaling options, room id, lobby settings, cvars. Outputs: a `LobbySession`, or the
 * failure (PeerServer unreachable with its address, id taken). Invariant: on failure or leave
 * the worker, the Peer and every link are released.
 */
import type { Cvars } from '../config/cvars';
import { PROTOCOL_VERSION, type LobbyPlayer } from '../protocol/messages';
import type { PlayerId } from '../sim/types';
import { ListenServer } from '../host/listen-server';
import type { DoorCounters } from '../host/lobby-door';
import { startServerWorker } from '../host/worker-api';
import type { JoinFailure } from '../lobby/failures';
import { createLobbyKey } from '../lobby/host-key';
import { hostPeerId } from '../lobby/room-id';
import { keepSignaling, type SignalingState } from '../lobby/signaling-reconnect';
import { describeSignaling } from '../lobby/signaling-config';
import { LoopbackChannel } from '../transport/loopback';
import { openPeer, TransportError, type SignalingOptions } from '../transport/peer-link';
import { browserTimers } from './browser-timers';
import { ClientSession } from './client-session';
import { ChatLog } from './chat-log';
import { EndSignal, reportChannel, type ChannelReport, type LobbySession } from './lobby-session';
import { hostMatchControls } from './host-match-controls';

export interface HostOptions {
  signaling: SignalingOptions;
  roomId: string;
  name: string;
  password: string;
  maxPlayers: number;
  cvars: Cvars;
  mapName: string;
  /** The host's signaling registration after the lobby opened (lost, retrying, back). */
  onSignaling?: (state: SignalingState) => void;
  /**
   * This tab's seat token for the lobby (seat-token.ts): the host's own seat is kept under it, so
   * after a migration the old host comes back to its seat and score as a player. A fresh one when absent.
   */
  seatToken?: string;
}

/** `hostKey`: the fingerprint of the lobby's public key, for the lobby link's `key=`. */
export type HostResult = { ok: true; session: LobbySession; hostKey: string } | { ok: false; failure: JoinFailure };

export async function createHostSession(o: HostOptions): Promise<HostResult> {
  // A fresh key pair per lobby: the link names it, every joiner makes us prove we hold it.
  const key = await createLobbyKey(crypto);
  const worker = startServerWorker();
  const tickrate = o.cvars.sv_tickrate;
  try {
    await worker.api.start({ tickrate, maxUnlagS: o.cvars.sv_maxunlag, lagCompensation: o.cvars.sv_lagcompensation === 1, seed: Math.floor(Math.random() * 2 ** 31), maxPlayers: o.maxPlayers });
  } catch (err) {
    worker.terminate();
    return { ok: false, failure: { kind: 'other', detail: `the game server did not start: ${err instanceof Error ? err.message : String(err)}` } };
  }
  let peer;
  try {
    peer = await openPeer(o.signaling, hostPeerId(o.roomId), 8000);
  } catch (err) {
    worker.terminate();
    const kind = err instanceof TransportError ? err.kind : 'other';
    const detail = err instanceof Error ? err.message : String(err);
    if (kind === 'id-taken') return { ok: false, failure: { kind: 'id-taken' } };
    return { ok: false, failure: { kind: 'signaling-unreachable', address: describeSignaling(o.signaling), detail } };
  }
  // Losing the signaling socket does not end the lobby (peers already linked keep playing); get it back.
  const signaling = keepSignaling(peer, browserTimers(), (st) => o.onSignaling?.(st));
  const server = new ListenServer(peer, worker, {
    maxPlayers: o.maxPlayers,
    password: o.password,
    joinRunningMatch: true,
    match: { tickrate, maxPlayers: o.maxPlayers, mapName: o.mapName, maxUnlagMs: Math.round(o.cvars.sv_maxunlag * 1000) },
    key,
    roomId: o.roomId,
    crypto,
    // Host migration (issue 13): successors get checkpoints holding what makes them this lobby.
    migration: true,
    peerToken: peer.options.token ?? '',
    hostSeatToken: o.seatToken ?? freshSeatToken(),
    cvars: () => serverCvars(o.cvars),
  }, () => performance.now());
  const { member, port } = await server.addLocal(o.name);
  const loopback = new LoopbackChannel(port);
  const client = new ClientSession(member.id, tickrate, o.cvars, loopback, browserTimers(), {
    sendSettings: ({ debug, ...net }) => {
      void worker.api.setClientSettings(member.id, net);
      void worker.api.setDebug(member.id, debug);
    },
    serverSetting: (name, value) => void worker.api.setSetting(name, value),
  });
  // The overlays' data comes from the worker like a joiner's, minus the channel.
  server.onLocalDebug((m) => client.receiveDebug(m));
  // The host's own lines go through the same limits as everyone's (ChatRelay) and show when relayed.
  const chat = new ChatLog((text) => server.say(text), (id) => server.roster.get(id)?.name);
  server.chat.onLine((from, text) => chat.receive(from, text));
  const end = new EndSignal();
  const controls = hostMatchControls(worker.api, () => server.startMatch());
  const session: LobbySession = {
    isHost: true,
    roomId: o.roomId,
    client,
    chat,
    players: (): LobbyPlayer[] => server.roster.lobbyList(),
    started: () => server.started,
    channels: (): ChannelReport[] => [reportChannel('loopback', '', loopback), ...server.linkReports()],
    serverTick: () => server.lastStats.tick,
    serverStats: () => server.lastStats.raw,
    hostCounters: () => ({ ...server.counters, ...doorCounters(server.door.counters), protocolVersion: PROTOCOL_VERSION }),
    matchControls: controls,
    startMatch: () => controls.start(controls.rules()),
    kick: (id: PlayerId) => server.kick(id, 'host', ''),
    leave: () => {
      signaling.stop();
      server.close();
      client.close();
      peer.destroy();
      worker.terminate();
      end.fire(null);
    },
    onChange: (cb) => server.onChange(cb),
    onEnd: (cb) => end.on(cb),
  };
  return { ok: true, session, hostKey: key.fingerprint };
}

/** 16 random bytes as 32 lowercase hex digits (a seat token). */
function freshSeatToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The server's cvars (sv_*), as a migration checkpoint carries them to the successor. */
function serverCvars(cvars: Cvars): Array<{ name: string; value: number }> {
  return Object.entries(cvars).flatMap(([name, value]) => (name.startsWith('sv_') ? [{ name, value }] : []));
}

/** The door's refusals by reason, flat for the debug API: `refused.busy`, `refused.password`… */
function doorCounters(c: DoorCounters): Record<string, number> {
  const out: Record<string, number> = { proofsSent: c.proofsSent };
  for (const [reason, n] of Object.entries(c.refused)) out[`refused.${reason}`] = n;
  return out;
}
