/**
 * The listen server's Web Worker (DESIGN §2, §3): the authoritative GameServer on a fixed-rate
 * loop, off the main thread so a background tab keeps its tick. Everything it does is
 * workers/server-api.ts (shared with the dedicated host's Node worker thread, where joiners'
 * DataChannels cannot be transferred and are relayed); this file only exposes it over comlink on
 * the worker's global scope.
 */
import * as Comlink from 'comlink';
import type { ServerWorkerApi as HostView } from '../src/host/worker-api';
import type { ArenaWorkerGame } from '../src/arena/arena-worker-game';
import { arenaServerGame } from '../src/arena/server/arena-server-game';
import { createServerApi } from './server-api';

export type { CreatedServerApi } from './server-api';

// The host keeps its own structural copy of this API (host/ may not import server/): check they agree.
Comlink.expose(createServerApi(arenaServerGame) satisfies HostView<ArenaWorkerGame>);
