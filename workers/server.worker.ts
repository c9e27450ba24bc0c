/**
 * The listen server's worker (DESIGN §2, §3): the authoritative GameServer on a fixed-rate loop,
 * off the main thread so a background tab keeps its tick. All logic is ServerRuntime
 * (src/server/server-runtime.ts); this file only supplies the real clock and comlink.
 *
 * API (Comlink.expose): start(settings), addClient(clientId, port /* transferred MessagePort *\/),
 * removeClient(id), setClientSettings(id, s), setDebug(id, on), setSetting(name, v), onNotice(cb /* Comlink.proxy *\/),
 * stats(), stop(). Each client's datagrams flow on its own port: incoming messages are command
 * packets (ArrayBuffer or Uint8Array); snapshots go out as Uint8Array with their buffer transferred.
 */
import * as Comlink from 'comlink';
import type { ServerSettings, ServerSettingName } from '../src/server/game-server';
import { ServerRuntime, type BytePort, type ServerNotice } from '../src/server/server-runtime';
import type { ClientNetSettings } from '../src/server/snapshot-scheduler';
import type { PlayerId } from '../src/sim/types';
import type { ServerWorkerApi as HostView } from '../src/host/worker-api';

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

function createWorkerApi() {
  const runtime = new ServerRuntime<ReturnType<typeof setTimeout>>({
    now: () => performance.now(),
    schedule: (fn, ms) => setTimeout(fn, ms),
    cancel: (h) => clearTimeout(h),
  });
  return {
    start(settings: ServerSettings): void {
      runtime.start(settings);
    },
    addClient(clientId: PlayerId, port: MessagePort): boolean {
      return runtime.addClient(clientId, bytePort(port));
    },
    removeClient(clientId: PlayerId): void {
      runtime.removeClient(clientId);
    },
    setClientSettings(clientId: PlayerId, s: ClientNetSettings): void {
      runtime.setClientSettings(clientId, s);
    },
    setDebug(clientId: PlayerId, on: boolean): void {
      runtime.setDebug(clientId, on);
    },
    setSetting(name: ServerSettingName, value: number): void {
      runtime.setSetting(name, value);
    },
    onNotice(cb: (n: ServerNotice) => void): void {
      // cb is a Comlink proxy: each call is an async message to the main thread; its promise is not awaited.
      runtime.onNotice((n) => void Promise.resolve(cb(n)).catch(() => undefined));
    },
    stats() {
      return runtime.stats();
    },
    stop(): void {
      runtime.stop();
    },
  };
}

export type ServerWorkerApi = ReturnType<typeof createWorkerApi>;

// The host keeps its own structural copy of this API (host/ may not import server/): check they agree.
Comlink.expose(createWorkerApi() satisfies HostView);
