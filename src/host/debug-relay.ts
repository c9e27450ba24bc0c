/**
 * Routes the worker's 'debug' and 'killcam' notices (an encoded 'debug' or 'killcam' control
 * message for one client): a remote client gets the bytes as they are on its reliable channel; the
 * host's own client gets them decoded, through the same codec a joiner uses, so both see exactly
 * the same value.
 *
 * Input: a notice of unchecked shape (it crossed a thread). Output: which way it went.
 * Invariant: anything that is not a well-formed debug notice is dropped, never thrown on.
 */
import { decodeControl } from '../protocol/control';
import type { DebugMessage } from '../protocol/debug-messages';
import type { PlayerId } from '../protocol/ids';
import type { KillCamMessage } from '../protocol/kill-cam-codec';

/** What the worker addresses to one client beside its snapshots (both ride the reliable channel). */
export type RelayedMessage = DebugMessage | KillCamMessage;

export interface DebugNotice {
  clientId: PlayerId;
  bytes: Uint8Array;
}

export interface DebugRoutes {
  /** The host's own client id, if it has joined its own server. */
  localId(): PlayerId | null;
  /** Sends to a remote client's reliable channel; false when no such client is linked. */
  sendRemote(clientId: PlayerId, bytes: Uint8Array): boolean;
  deliverLocal(m: RelayedMessage): void;
}

export type DebugRoute = 'local' | 'remote' | 'dropped';

export function asDebugNotice(n: unknown): DebugNotice | null {
  if (typeof n !== 'object' || n === null) return null;
  const o = n as Record<string, unknown>;
  if (
    (o.type !== 'debug' && o.type !== 'killcam') ||
    typeof o.clientId !== 'number' ||
    !(o.bytes instanceof Uint8Array)
  )
    return null;
  return { clientId: o.clientId, bytes: o.bytes };
}

export function relayDebug(notice: DebugNotice, routes: DebugRoutes): DebugRoute {
  if (notice.clientId === routes.localId()) {
    const m = decodeControl(notice.bytes);
    if (!m.ok || (m.value.type !== 'debug' && m.value.type !== 'killcam')) return 'dropped';
    routes.deliverLocal(m.value);
    return 'local';
  }
  return routes.sendRemote(notice.clientId, notice.bytes) ? 'remote' : 'dropped';
}
