// Types for scripts/http-guard.mjs.
import type { Server } from 'node:http';
import type { SignalingLimits } from './signaling-limits.mjs';

export interface HttpGuardStats {
  connections: number;
  refused: number;
  timeouts: number;
  badRequests: number;
  /** The most connections one address held at once. */
  mostOpen: number;
  addresses: number;
  open: number;
}
export type GuardedServer = Server & { httpGuard: { stats(): HttpGuardStats } };
export function createWebServer(
  limits: Pick<SignalingLimits, 'httpMaxConnections' | 'httpHeadersTimeoutMs' | 'httpRequestTimeoutMs' | 'trustProxy'>,
  options?: { now?: () => number; log?: (line: string) => void },
): GuardedServer;
