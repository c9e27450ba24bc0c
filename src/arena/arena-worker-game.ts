/**
 * The arena's server worker as the page and the dedicated host see it (src/host/worker-api.ts
 * `WorkerGameTypes`, which this fits structurally): the host's match-start request, the worker's
 * checked answer, and the decoded snapshot a successor restores with.
 */
import type { Snapshot } from './protocol/arena-messages';
import type { ServedTypes } from './server/served-game';

export interface ArenaWorkerGame {
  startRequest: ServedTypes['startRequest'];
  started: ServedTypes['started'];
  snapshot: Snapshot;
}
