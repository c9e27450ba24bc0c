/**
 * The server worker as the host's main thread sees it (workers/server.worker.ts exposes this
 * over comlink; see docs/ARCHITECTURE.md). Kept as a structural type here so the host compiles
 * and is testable without importing the worker module (host/ may not import server/).
 *
 * Invariant: the only game bytes that cross this API are none: commands and snapshots flow over
 * each joiner's own unreliable DataChannel transferred into the worker (`handOff`, where the
 * browser can transfer DataChannels) or over a transferred MessagePort the page relays; this API
 * carries lifecycle, settings, kicks, stats and the encoded 'debug' and 'killcam' messages for
 * clients that asked (relayed as they are, see debug-relay.ts).
 */
import * as Comlink from 'comlink';
import type { KickReason } from '../protocol/control-messages';
import type { CheckpointCvar } from '../protocol/checkpoint-fields';
import type { PlayerId } from '../protocol/ids';
import type { ClientNetSettings } from '../protocol/control-messages';

export interface WorkerServerSettings {
  tickrate: number;
  maxUnlagS: number;
  lagCompensation: boolean;
  seed: number;
  maxPlayers: number;
  /** Spectator places (issue 24, sv_maxspectators); absent: the cvar's default. */
  maxSpectators?: number;
  /** sv_spectator_delay (issue 24): seconds spectators see the match late; absent: 0. */
  spectatorDelayS?: number;
}

export type { ClientNetSettings } from '../protocol/control-messages';

/** What the worker pushes to the host: at least kicks (malformed, flood). */
export interface WorkerKickNotice {
  type: 'kick';
  clientId: PlayerId;
  reason: KickReason;
  text: string;
}

export interface WorkerChannelCounts {
  bytesIn: number;
  bytesOut: number;
  packetsIn: number;
  packetsOut: number;
  dropsOut: number;
}

/** The host layer's part of a migration checkpoint (src/server/game-migration.ts PlainCheckpointLobby). */
export interface WorkerCheckpointLobby {
  /** The people on the roster: id, name and seat token (all zeros: none). */
  people: Array<{ id: PlayerId; name: string; token: string }>;
  /** The seats held for players who left. */
  absent: Array<{ token: string; id: PlayerId; name: string }>;
  bans: string[];
  cvars: CheckpointCvar[];
  /** The host secrets blob (src/lobby/host-secrets.ts). */
  lobbyKey: Uint8Array;
}

/**
 * What differs between the workers of two games, as the page sees them: the host's start request
 * and the worker's answer, and the decoded snapshot a successor restores with. The arena's are
 * src/arena/server/arena-worker-game.ts; `AnyWorkerGame` is any game's (the page checks what it
 * reads, as it does the stats); `LobbyWorkerGame`, the default, names none of them.
 */
export interface WorkerGameTypes {
  startRequest: object;
  started: unknown;
  snapshot: unknown;
}

/** Any game's worker (workers/pushball.worker.ts): a record of unknowns its game checks and clamps. */
export interface AnyWorkerGame extends WorkerGameTypes {
  startRequest: Readonly<Record<string, unknown>>;
  started: unknown;
  snapshot: unknown;
}

/**
 * Any game's worker as the lobby's machinery sees it (ListenServer, admission, migration, notices):
 * it never starts a match or restores one itself, so every game's handle is one of these.
 */
export interface LobbyWorkerGame extends WorkerGameTypes {
  startRequest: never;
  started: unknown;
  snapshot: never;
}

/** A worker handle of any game, as the lobby's machinery takes it. */
export type LobbyWorkerHandle = ServerWorkerHandle<LobbyWorkerGame>;

/** How a successor's worker starts from a checkpoint (game-migration.ts RestoreRequest). */
export interface WorkerRestoreOptions<S> {
  snapshot: S | null;
  names: Array<[PlayerId, string]>;
  /** Ticks since that snapshot: the restored server's tick numbers jump by this many. */
  skipTicks: number;
}

/** A seat of the checkpoint (server/server-core.ts SeatEntry = seat-keeper.ts TokenSeat). */
export interface WorkerSeatEntry {
  token: string;
  id: PlayerId;
  name: string;
  present: boolean;
}

/** game-migration.ts RestoreResult. */
export type WorkerRestoreResult =
  | {
      ok: true;
      tick: number;
      checkpointTick: number;
      seats: WorkerSeatEntry[];
      bans: string[];
      cvars: CheckpointCvar[];
      lobbyKey: Uint8Array;
      mapId: number;
      tickrate: number;
      maxPlayers: number;
      maxUnlagMs: number;
    }
  | { ok: false; error: string };

export interface ServerWorkerApi<W extends WorkerGameTypes = LobbyWorkerGame> {
  start(settings: WorkerServerSettings): Promise<void> | void;
  /** False when the server refuses (not started, full, id taken); it then closes the port. */
  /** `rejoin`: the joiner comes back to the seat it left this match (its record is restored). */
  /** `spectator` (issue 24): a session without a player, on the spectators' own cap. */
  addClient(clientId: PlayerId, port: MessagePort, rejoin?: boolean, spectator?: boolean): Promise<boolean> | boolean;
  /** Where the page sends `{ key, channel }` with each handed-off RTCDataChannel transferred. */
  setChannelInbox(port: MessagePort): Promise<void> | void;
  /** Adds the client on the channel handed off under `key`; false when refused or no such channel arrived. */
  addClientOnChannel(
    clientId: PlayerId,
    key: number,
    rejoin?: boolean,
    spectator?: boolean,
  ): Promise<boolean> | boolean;
  /** Closes a handed-off channel nobody will use (its joiner was turned away or left). */
  releaseChannel(key: number): Promise<void> | void;
  /** Traffic of each channel the worker holds itself (the page no longer sees those bytes). */
  channelStats(): Promise<[PlayerId, WorkerChannelCounts][]> | [PlayerId, WorkerChannelCounts][];
  removeClient(clientId: PlayerId): Promise<void> | void;
  setClientSettings(clientId: PlayerId, s: ClientNetSettings): Promise<void> | void;
  /** Whether this client wants 'debug' notices (~10 Hz, encoded control messages). */
  setDebug(clientId: PlayerId, on: boolean): Promise<void> | void;
  /** Whether this client wants a 'killcam' notice (an encoded control message) when another player kills it. */
  setKillCam(clientId: PlayerId, on: boolean): Promise<void> | void;
  setSetting(name: 'sv_lagcompensation' | 'sv_maxunlag', value: number): Promise<void> | void;
  /** Starts the next match with these rules (the worker's game checks and clamps them); null when not running. */
  startMatch(rules: W['startRequest']): Promise<W['started'] | null> | W['started'] | null;
  /** A server-side bot takes a free seat; its id, or null when full. */
  addBot(): Promise<PlayerId | null> | PlayerId | null;
  removeBot(): Promise<PlayerId | null> | PlayerId | null;
  onNotice(cb: (notice: unknown) => void): Promise<void> | void;
  stats(): unknown;
  stop(): Promise<void> | void;
  /** Host migration: the encoded checkpoint of the running match, `rewindTicks` of hitbox history (null when none runs). */
  checkpoint(lobby: WorkerCheckpointLobby, rewindTicks: number): Promise<Uint8Array | null> | Uint8Array | null;
  /** A successor starts from an old host's checkpoint (untrusted bytes); then addClient(id, port, true) for each. */
  restore(
    bytes: Uint8Array,
    opts: WorkerRestoreOptions<W['snapshot']>,
  ): Promise<WorkerRestoreResult> | WorkerRestoreResult;
  /** Handover: the old host stops simulating after its final checkpoint. */
  stopTicking(): Promise<void> | void;
  /** Records every match from now on (a restored one's from its takeover) as replays of the map `map`. */
  startRecording(map: string): Promise<void> | void;
  /** The replay file of the match being recorded so far (src/protocol/replay-format.ts), or null. */
  replay(): Promise<Uint8Array | null> | Uint8Array | null;
  /** Who is in the lobby now (the lobby list's ids and names): the replay's roster from this tick. */
  recordRoster(players: Array<{ id: PlayerId; name: string }>): Promise<void> | void;
  /** A chat line the host relayed to everyone, into the replay. */
  recordChat(from: PlayerId, text: string): Promise<void> | void;
}

export interface ServerWorkerHandle<W extends WorkerGameTypes = LobbyWorkerGame> {
  api: Comlink.Remote<ServerWorkerApi<W>>;
  /** Hands one end of a fresh MessageChannel to the worker for `clientId`; returns the other end, or null when the server refused the client. */
  connectClient(clientId: PlayerId, rejoin?: boolean, spectator?: boolean): Promise<MessagePort | null>;
  /**
   * Transfers a just-created DataChannel to the worker, synchronously (browsers allow it only in
   * the task that created the channel). Returns the key to admit its joiner with, or null when this
   * browser cannot transfer DataChannels (the channel then stays on the page and is relayed).
   */
  handOff(channel: RTCDataChannel): number | null;
  /** True when the worker now serves `clientId` directly on the channel handed off under `key`. */
  connectClientOnChannel(clientId: PlayerId, key: number, rejoin?: boolean, spectator?: boolean): Promise<boolean>;
  releaseChannel(key: number): void;
  onNotice(cb: (notice: unknown) => void): Promise<void>;
  terminate(): void;
}

/** The games a page can host: each has its own worker entry (only an entry file chooses a game). */
export type WorkerGameName = 'arena' | 'pushball';

/**
 * Starts the listen server's Web Worker for `game` (the arena's by default). The page holds either
 * game's as `AnyWorkerGame`: what it sends are records the worker's game checks and clamps.
 */
export function startServerWorker(game: WorkerGameName = 'arena'): ServerWorkerHandle<AnyWorkerGame> {
  // Written inline on purpose, once per game: Vite only rewrites the worker URL when `new URL` sits inside `new Worker` (STACK-NOTES).
  const worker =
    game === 'pushball'
      ? new Worker(new URL('../../workers/pushball.worker.ts', import.meta.url), {
          type: 'module',
          name: 'pushball-server',
        })
      : new Worker(new URL('../../workers/server.worker.ts', import.meta.url), {
          type: 'module',
          name: 'rewind-server',
        });
  const channel = (): MessageChannel => new MessageChannel();
  const stop = (): void => worker.terminate();
  return serverWorkerHandle(Comlink.wrap<ServerWorkerApi<AnyWorkerGame>>(worker), channel, stop, true);
}

/**
 * The handle around a wrapped worker, for any thread API: the page's Web Worker here, the
 * dedicated host's Node worker thread (src/dedicated/node-server-worker.ts). `newChannel` makes
 * the port pair of one client (the worker gets port2), `stop` ends the thread. `transfersChannels`:
 * whether DataChannels can be handed to the worker (a browser's; a Node WebRTC library's cannot,
 * so `handOff` then always answers null and every joiner is relayed over a port).
 */
export function serverWorkerHandle<W extends WorkerGameTypes>(
  api: Comlink.Remote<ServerWorkerApi<W>>,
  newChannel: () => { port1: MessagePort; port2: MessagePort },
  stop: () => void,
  transfersChannels: boolean,
): ServerWorkerHandle<W> {
  // Channels are posted on their own port, outside comlink, so a refused transfer throws here, synchronously.
  const inbox = transfersChannels ? newChannel() : null;
  if (inbox) void api.setChannelInbox(Comlink.transfer(inbox.port2, [inbox.port2]));
  let nextKey = 1;
  return {
    api,
    handOff(channel) {
      if (!inbox) return null;
      const key = nextKey++;
      try {
        inbox.port1.postMessage({ key, channel }, [channel as unknown as Transferable]);
        return key;
      } catch {
        return null;
      }
    },
    connectClientOnChannel: async (clientId, key, rejoin = false, spectator = false) =>
      (await api.addClientOnChannel(clientId, key, rejoin, spectator)) === true,
    releaseChannel(key) {
      void api.releaseChannel(key);
    },
    async connectClient(clientId, rejoin = false, spectator = false) {
      const { port1, port2 } = newChannel();
      const added = await api.addClient(clientId, Comlink.transfer(port2, [port2]), rejoin, spectator);
      if (added) return port1;
      port1.close();
      return null;
    },
    async onNotice(cb) {
      await api.onNotice(Comlink.proxy(cb));
    },
    terminate() {
      inbox?.port1.close();
      api[Comlink.releaseProxy]();
      stop();
    },
  };
}

/** Reads a kick notice out of whatever the worker sent (its shape is checked, not trusted). */
export function asKickNotice(n: unknown): WorkerKickNotice | null {
  if (typeof n !== 'object' || n === null) return null;
  const o = n as Record<string, unknown>;
  if (o.type !== 'kick' || typeof o.clientId !== 'number') return null;
  const reason =
    o.reason === 'malformed' ||
    o.reason === 'flood' ||
    o.reason === 'timeout' ||
    o.reason === 'host' ||
    o.reason === 'shutdown'
      ? o.reason
      : 'malformed';
  return { type: 'kick', clientId: o.clientId, reason, text: typeof o.text === 'string' ? o.text : '' };
}
