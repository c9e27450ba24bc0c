/**
 * A successor takes the match over (issue 13, "Migration"): from the newest checkpoint the old
 * host sent it, it claims the lobby's peer id on the signaling server with the old host's PeerJS
 * token (the server's arbiter: id-taken means someone else hosts now), restores the match in a
 * fresh server worker (brought forward with this page's newest snapshot, then run on by the time
 * since that snapshot so every client's timeline continues), opens the same lobby (same key, so
 * the original link's `key=` still checks out; same seats, bans, password) and seats itself in its
 * own seat with the ClientSession it already had, rebound to the loopback.
 *
 * The restore comes before the claim (a claim refused with id-taken then costs a worker start).
 *
 * Inputs: the checkpoint bytes, this page's client and lobby list, signaling, room, own seat key.
 * Output: the HostSession, or the failure (id-taken: someone else claimed it first).
 * Invariant: on failure nothing stays open (no worker, no Peer holding the id).
 */
import type { Cvars } from '../config/cvars';
import { ListenServer, type LobbySettings } from '../host/listen-server';
import {
  startServerWorker,
  type AnyWorkerGame,
  type ServerWorkerHandle,
  type WorkerRestoreResult,
} from '../host/worker-api';
import type { JoinFailure } from '../lobby/failures';
import { importLobbyKey, takeoverHash, type LobbyKey } from '../lobby/host-key';
import { decodeHostSecrets, type HostSecrets } from '../lobby/host-secrets';
import { hostPeerId } from '../lobby/room-id';
import type { LobbyPlayer } from '../protocol/control-messages';
import type { CheckpointCvar } from '../arena/protocol/checkpoint-types';
import type { SignalingState } from '../lobby/signaling-reconnect';
import { openPeer, type SignalingOptions } from '../transport/peer-link';
import { randomToken } from '../transport/signaling-peer';
import { gameOfMap, type AnyClientSession } from './session-games';
import { claimFailure, hostLobby, type HostSession } from './host-session';

/** How long a claim waits for the signaling server's answer. */
const CLAIM_TIMEOUT_MS = 5000;

export interface SuccessorOptions {
  signaling: SignalingOptions;
  roomId: string;
  name: string;
  cvars: Cvars;
  /** This tab's seat key (seat-key.ts): the seat a later successor keeps for us if we go. */
  seatKey: string;
  client: AnyClientSession;
  checkpoint: Uint8Array;
  players: readonly LobbyPlayer[];
  /** The old host handed the match to this page (its final checkpoint): the returning players hear so (host/takeover-notice.ts). */
  handedOverBy?: { oldHost: string | null; newHost: string | null };
  onSignaling?: (state: SignalingState) => void;
  onReplaced?: () => void;
}

export type SuccessorResult =
  { ok: true; session: HostSession; secrets: HostSecrets } | { ok: false; failure: JoinFailure };

type RestoredMatch = Extract<WorkerRestoreResult, { ok: true }>;

const other = (detail: string): SuccessorResult => ({ ok: false, failure: { kind: 'other', detail } });

/** The lobby's secrets a checkpoint carries (its key, settings, the map name that says the game), or why not. */
function secretsOf(o: SuccessorOptions): { ok: true; value: HostSecrets } | { ok: false; why: string } {
  // The old host ran the game this page plays (its welcome said so): its checkpoints are that game's.
  const lobbyKey = o.client.game.lobbyKeyOf(o.checkpoint);
  if (!lobbyKey.ok) return { ok: false, why: `the checkpoint did not decode: ${lobbyKey.error}` };
  const secrets = decodeHostSecrets(lobbyKey.value);
  if (!secrets.ok) return { ok: false, why: `the host secrets did not decode: ${secrets.error}` };
  // The game is this page's; a checkpoint whose lobby names another is refused.
  const game = o.client.game.id;
  return gameOfMap(secrets.value.mapName) === game ? secrets : { ok: false, why: `the checkpoint is not of ${game}` };
}

export async function createSuccessorSession(o: SuccessorOptions): Promise<SuccessorResult> {
  const secrets = secretsOf(o);
  if (!secrets.ok) return other(secrets.why);
  const s = secrets.value;
  const game = o.client.game.id;
  const worker = startServerWorker(game);
  // Restored before the claim: once we hold the id, joiners connect at once, and a connection that
  // arrives before the ListenServer listens would be answered by nobody (its handshake times out).
  const restored = await restoreMatch(o, worker);
  const key = restored.ok ? await importLobbyKey(s.key, crypto).catch(() => null) : null;
  if (!restored.ok || !key) {
    worker.terminate();
    return other(restored.ok ? 'the lobby key did not import' : `the match could not be restored: ${restored.error}`);
  }
  const takeover = randomToken(24);
  let peer;
  try {
    // Our own token; the old host's takeover token only as the claim (a second successor with the
    // same claim cannot then take the id from us: scripts/id-holds.mjs).
    peer = await openPeer(
      o.signaling,
      hostPeerId(o.roomId),
      CLAIM_TIMEOUT_MS,
      undefined,
      await takeoverHash(takeover, crypto),
      s.peerToken,
    );
  } catch (err) {
    worker.terminate();
    return { ok: false, failure: claimFailure(err, o.signaling) };
  }
  // Nothing awaited from here to the ListenServer: it must listen before the first connection.
  const handedOverBy = o.handedOverBy ? { handedOverBy: o.handedOverBy } : {};
  const lobby = { seats: restored.seats, bans: restored.bans, started: true, ...handedOverBy };
  const server = new ListenServer(
    peer,
    worker,
    successorLobby(o, s, restored, key, takeover),
    () => performance.now(),
    lobby,
  );
  carryServerSettings(worker, restored.cvars);
  try {
    const session = await hostLobby({
      worker,
      peer,
      server,
      roomId: o.roomId,
      name: o.name,
      tickrate: restored.tickrate,
      cvars: o.cvars,
      client: o.client,
      game,
      seat: o.client.localId,
      onSignaling: o.onSignaling,
      onReplaced: o.onReplaced,
    });
    return { ok: true, session, secrets: s };
  } catch (err) {
    // Our seat was refused (no free id, the worker said no): give the id back for the next successor.
    server.close();
    peer.destroy();
    worker.terminate();
    return other(`the new host could not seat its own player: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The old host's match in a fresh worker, brought forward with this page's newest snapshot and run on by the time since. */
async function restoreMatch(
  o: SuccessorOptions,
  worker: ServerWorkerHandle<AnyWorkerGame>,
): Promise<WorkerRestoreResult> {
  const net = o.client.net;
  // The worker's game reads what it needs: the arena brings its checkpoint forward to this snapshot,
  // a game on the core checkpoint takes its tick and events (the clients' timelines go on from there).
  const snapshot = net.newestSnapshot();
  const tickMs = 1000 / o.client.tickrate;
  const heardAt = net.newestSnapshotAtMs;
  // The clients' clocks kept running since the newest snapshot: the restored server runs on as far.
  const skipTicks = snapshot && heardAt !== null ? Math.max(0, Math.round((o.client.now() - heardAt) / tickMs)) : 0;
  const names: Array<[number, string]> = o.players.map((p) => [p.id, p.name]);
  return worker.api
    .restore(o.checkpoint, { snapshot, names, skipTicks })
    .catch((err: unknown) => ({ ok: false as const, error: String(err) }));
}

/** The old host's server settings carry on (lag compensation and its window). */
function carryServerSettings(worker: ServerWorkerHandle<AnyWorkerGame>, cvars: readonly CheckpointCvar[]): void {
  for (const c of cvars)
    if ((c.name === 'sv_lagcompensation' || c.name === 'sv_maxunlag') && typeof c.value === 'number')
      void worker.api.setSetting(c.name, c.value);
}

/** The same lobby as the old host's (its key, rules and password verifier), with a takeover token of our own. */
function successorLobby(
  o: SuccessorOptions,
  s: HostSecrets,
  restored: RestoredMatch,
  key: LobbyKey,
  takeover: string,
): LobbySettings {
  const spectators = restored.cvars.find((c) => c.name === 'sv_maxspectators')?.value;
  return {
    maxPlayers: s.maxPlayers,
    // The old host's spectator places (issue 24) carry on at the door (the checkpoint carries its sv_ cvars).
    ...(typeof spectators === 'number' ? { maxSpectators: spectators } : {}),
    // The verifier: the successor checks newcomers' passwords without ever holding the password.
    password: s.passwordVerifier,
    joinRunningMatch: s.joinRunningMatch,
    match: {
      tickrate: restored.tickrate,
      maxPlayers: restored.maxPlayers,
      mapName: s.mapName,
      maxUnlagMs: restored.maxUnlagMs,
    },
    key,
    roomId: o.roomId,
    crypto,
    // The next successor claims the id with a takeover token of our own (ours is now the owner's).
    migration: true,
    peerToken: takeover,
    // The old host's choice of who may take over carries on (minus ourselves: we host now).
    chosen: s.chosen,
    hostSeatKey: o.seatKey,
    cvars: () => restored.cvars,
  };
}
