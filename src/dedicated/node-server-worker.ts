/**
 * Starts the server worker as a Node worker thread: workers/server.node-worker.ts, the same API
 * and ServerRuntime the browser's Web Worker runs, behind the same ServerWorkerHandle the
 * ListenServer uses (src/host/worker-api.ts). Node MessagePorts stand in for the page's.
 *
 * Running from TypeScript sources (npm run host runs through tsx), a worker thread does not
 * inherit tsx's loader: the thread first registers it (tsx/esm/api), then imports the entry.
 * Invariant: a worker that dies is reported once through `onExit` (the host shuts down: a match
 * without its server is over).
 */
import { MessageChannel, Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { serverWorkerHandle, type ServerWorkerApi, type ServerWorkerHandle } from '../host/worker-api';
import type { ArenaWorkerGame } from '../arena/arena-worker-game';

export interface NodeServerWorker {
  handle: ServerWorkerHandle<ArenaWorkerGame>;
  /** The thread itself, for its event-loop utilisation (the server's CPU share). */
  thread: Worker;
}

function spawnThread(entry: URL): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { name: 'rewind-server' });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { eval: true, name: 'rewind-server' });
}

export function startNodeServerWorker(onExit: (why: string) => void): NodeServerWorker {
  const thread = spawnThread(new URL('../../workers/server.node-worker.ts', import.meta.url));
  let exited = false;
  const exit = (why: string): void => {
    if (exited) return;
    exited = true;
    onExit(why);
  };
  thread.on('error', (err) => exit(`the server thread failed: ${err.message}`));
  thread.on('exit', (code) => exit(`the server thread exited (code ${code})`));
  const api = Comlink.wrap<ServerWorkerApi<ArenaWorkerGame>>(nodeEndpoint(thread));
  // Node's ports are structurally the page's (onmessage, postMessage, start, close, transferable).
  const newChannel = (): { port1: MessagePort; port2: MessagePort } =>
    new MessageChannel() as unknown as { port1: MessagePort; port2: MessagePort };
  // false: node-datachannel's channels cannot move to another thread; the main thread relays each joiner over a port.
  const handle = serverWorkerHandle(
    api,
    newChannel,
    () => {
      exited = true;
      void thread.terminate();
    },
    false,
  );
  return { handle, thread };
}
