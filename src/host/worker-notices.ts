/**
 * The listen server's side of the worker's notices (worker-api.ts): a kick the sim server decided
 * (abuse, a malformed packet) goes to the listen server's kick, which closes that player's link; a
 * debug reply goes to the client that asked for it (debug-relay.ts), unless the lobby has closed.
 * Input: notices of unchecked shape (they crossed a thread); anything else is dropped.
 */
import type { KickReason } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';
import { asDebugNotice, relayDebug, type DebugRoutes } from './debug-relay';
import { asKickNotice, type LobbyWorkerHandle } from './worker-api';

export interface NoticeRoutes extends DebugRoutes {
  kick(clientId: PlayerId, reason: KickReason, text: string): void;
  /** Whether the lobby has closed (debug replies then go nowhere). */
  closed(): boolean;
}

export function routeWorkerNotices(worker: LobbyWorkerHandle, routes: NoticeRoutes): void {
  void worker.onNotice((n) => {
    const kick = asKickNotice(n);
    if (kick) return routes.kick(kick.clientId, kick.reason, kick.text);
    const debug = asDebugNotice(n);
    if (debug && !routes.closed()) relayDebug(debug, routes);
  });
}
