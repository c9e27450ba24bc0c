/**
 * The server worker's API, shared by both hosts (DESIGN §2, §3): the browser's Web Worker
 * (workers/server.worker.ts) and the dedicated host's Node worker thread
 * (workers/server.node-worker.ts) expose this same object over comlink, so the listen server and
 * the dedicated host run one ServerRuntime (src/server/server-runtime.ts) with one clock.
 *
 * API: start(settings), addClient(clientId, port /* transferred MessagePort *\/),
 * setChannelInbox(port), addClientOnChannel(clientId, key), releaseChannel(key), channelStats(),
 * removeClient(id), setClientSettings(id, s), setDebug(id, on), setKillCam(id, on), setSetting(name, v), startMatch(rules),
 * addBot(), removeBot(), onNotice(cb /* Comlink.proxy *\/),
 * stats(), stop(); host migration (issue 13): checkpoint(lobby, rewindTicks), restore(bytes, opts),
 * stopTicking(); replays (issue 24): startRecording(map), replay(), recordRoster(players),
 * recordChat(from, text). Each client's datagrams flow on its own port: incoming messages are command
 * packets (ArrayBuffer or Uint8Array); snapshots go out as Uint8Array with their buffer transferred.
 * A joiner's port is its own unreliable RTCDataChannel when the page could transfer it here
 * (`{ key, channel }` messages on the channel inbox, see adopted-channels.ts), else a MessagePort
 * the page (or the dedicated host's main thread) relays.
 * Invariant: nothing here depends on which thread API hosts it (a browser MessagePort and a Node
 * worker_threads MessagePort both have onmessage/postMessage/start/close).
 */
import type { ServerSettings, ServerSettingName } from '../src/server/server-settings';
import type { MapOf, ServerGameTypes } from '../src/server/server-game';
import { ServerRuntime, type BytePort, type ServerNotice } from '../src/server/server-runtime';
import type { ClientNetSettings } from '../src/server/snapshot-scheduler';
import type { SnapshotOf } from '../src/protocol/snapshot-types';
import type { PlayerId } from '../src/protocol/ids';
import type {
  PlainCheckpointLobby,
  RestoreRequest,
  RestoreResult,
  RuntimeGameFactory,
} from '../src/server/game-migration';
import { AdoptedChannels, dataChannelPort, emptyCounts, type ChannelCounts } from './adopted-channels';

/** A transferred MessagePort as the runtime's BytePort: snapshots leave with their buffer transferred. */
function bytePort(port: MessagePort): BytePort {
  return {
    listen(handler) {
      port.onmessage = handler ? (ev: MessageEvent) => handler(ev.data) : null;
      if (handler) port.start();
    },
    post(bytes) {
      port.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
    },
    close() {
      port.close();
    },
  };
}

/**
 * @param makeGame the game this worker serves, and how its matches migrate if they can (its entry
 * file chooses it: `G` is that game's types)
 */
export function createServerApi<G extends ServerGameTypes>(makeGame: RuntimeGameFactory<G>) {
  const runtime = new ServerRuntime<ReturnType<typeof setTimeout>, G>(
    {
      now: () => performance.now(),
      schedule: (fn, ms) => setTimeout(fn, ms),
      cancel: (h) => clearTimeout(h),
    },
    makeGame,
  );
  const adopted = new AdoptedChannels(() => performance.now());
  const counts = new Map<PlayerId, ChannelCounts>();
  return {
    setChannelInbox(port: MessagePort): void {
      port.onmessage = (ev: MessageEvent) => {
        const m = ev.data as { key?: unknown; channel?: unknown };
        // Only a browser transfers DataChannels (a Node thread has no RTCDataChannel: nothing arrives there).
        if (typeof m.key === 'number' && typeof RTCDataChannel !== 'undefined' && m.channel instanceof RTCDataChannel)
          adopted.adopt(m.key, m.channel);
      };
    },
    async addClientOnChannel(clientId: PlayerId, key: number, rejoin = false, spectator = false): Promise<boolean> {
      const channel = await adopted.take(key);
      if (!channel) return false;
      const c = emptyCounts();
      if (!runtime.addClient(clientId, dataChannelPort(channel, c), rejoin === true, spectator === true)) return false;
      counts.set(clientId, c);
      return true;
    },
    releaseChannel(key: number): void {
      adopted.release(key);
    },
    start(settings: ServerSettings<MapOf<G>>): void {
      runtime.start(settings);
    },
    addClient(clientId: PlayerId, port: MessagePort, rejoin = false, spectator = false): boolean {
      return runtime.addClient(clientId, bytePort(port), rejoin === true, spectator === true);
    },
    removeClient(clientId: PlayerId): void {
      runtime.removeClient(clientId);
      counts.delete(clientId);
    },
    setClientSettings(clientId: PlayerId, s: ClientNetSettings): void {
      runtime.setClientSettings(clientId, s);
    },
    setDebug(clientId: PlayerId, on: boolean): void {
      runtime.setDebug(clientId, on);
    },
    setKillCam(clientId: PlayerId, on: boolean): void {
      runtime.setKillCam(clientId, on);
    },
    setSetting(name: ServerSettingName, value: number): void {
      runtime.setSetting(name, value);
    },
    /** The game's start request (the arena's rules, Pushball's goals and clock): untrusted, checked by the game. */
    startMatch(request: G['startRequest']): G['started'] | null {
      return runtime.startMatch(request);
    },
    addBot(): PlayerId | null {
      return runtime.addBot();
    },
    removeBot(): PlayerId | null {
      return runtime.removeBot();
    },
    onNotice(cb: (n: ServerNotice<G['report']>) => void): void {
      // cb is a Comlink proxy: each call is an async message to the main thread; its promise is not awaited.
      runtime.onNotice((n) => void Promise.resolve(cb(n)).catch(() => undefined));
    },
    stats() {
      return runtime.stats();
    },
    channelStats(): [PlayerId, ChannelCounts][] {
      return [...counts];
    },
    stop(): void {
      runtime.stop();
    },
    /** The encoded migration checkpoint of the running match (null when none runs or the game cannot migrate). */
    checkpoint(lobby: PlainCheckpointLobby, rewindTicks: number): Uint8Array | null {
      return runtime.checkpoint(lobby, rewindTicks);
    },
    /** A successor starts the match from an old host's checkpoint; its clients then come back with addClient(id, port, true). */
    restore(bytes: Uint8Array, opts: RestoreRequest<SnapshotOf<G['wire']>>): RestoreResult {
      return runtime.restore(bytes, opts);
    },
    stopTicking(): void {
      runtime.stopTicking();
    },
    /** Records every match from now on as replays of the map `map` (protocol/replay-format.ts). */
    startRecording(map: string): void {
      runtime.startRecording(String(map));
    },
    /** The replay of the match being recorded so far (a copy; recording goes on), or null. */
    replay(): Uint8Array | null {
      return runtime.recording?.replay() ?? null;
    },
    /** Who is in the lobby now, as the lobby list names them: the replay's roster from this tick. */
    recordRoster(players: readonly { id: PlayerId; name: string }[]): void {
      runtime.recording?.roster(players);
    },
    /** A chat line the host relayed to everyone. */
    recordChat(from: PlayerId, text: string): void {
      runtime.recording?.chat(from, text);
    },
  };
}

/** The API object a worker entry exposes for the game of types `G` (the page sees it as src/host/worker-api.ts `ServerWorkerApi`). */
export type CreatedServerApi<G extends ServerGameTypes> = ReturnType<typeof createServerApi<G>>;
