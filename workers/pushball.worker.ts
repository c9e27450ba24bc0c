/**
 * Pushball's listen server in a Web Worker: the same worker API as the arena's
 * (workers/server-api.ts, one ServerRuntime), serving Pushball. The server settings map onto it
 * as they do for any game: `tickrate` (clamped by GameServer), `seed` (its bots' play) and
 * `maxPlayers` (seats; the pitch itself holds eight, a ninth person watches); the lag
 * compensation settings mean nothing to it. Its matches migrate through the netcode's core
 * checkpoint (pushball-checkpoint.ts). Started by src/host/worker-api.ts
 * `startServerWorker('pushball')`.
 */
import * as Comlink from 'comlink';
import type { AnyWorkerGame, ServerWorkerApi as HostView } from '../src/host/worker-api';
import { pushballRuntimeGame } from '../src/pushball/server/pushball-checkpoint';
import type { PushballTypes } from '../src/pushball/server/pushball-types';
import { createServerApi } from './server-api';

// The host keeps its own structural copy of this API (host/ may not import server/): check they agree.
Comlink.expose(createServerApi<PushballTypes>(pushballRuntimeGame) satisfies HostView<AnyWorkerGame>);
