/**
 * The dedicated host's server thread (Node worker_threads): the same API as the browser's Web
 * Worker (workers/server-api.ts), exposed over comlink on the thread's parentPort through
 * comlink's Node adapter. Started by src/dedicated/node-server-worker.ts.
 */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { ServerWorkerApi as HostView } from '../src/host/worker-api';
import type { ArenaWorkerGame } from '../src/arena/arena-worker-game';
import { arenaServerGame } from '../src/arena/server/arena-server-game';
import { createServerApi } from './server-api';

if (!parentPort) throw new Error('server.node-worker.ts must run in a worker thread');
Comlink.expose(createServerApi(arenaServerGame) satisfies HostView<ArenaWorkerGame>, nodeEndpoint(parentPort));
