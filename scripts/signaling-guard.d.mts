// Types for scripts/signaling-guard.mjs.
import type { Server } from 'node:http';
import type { WebSocketServer } from 'ws';
import type { SignalingLimits } from './signaling-limits.mjs';

export interface GuardStats {
  accepted: number;
  connectsRefused: number;
  socketsRefused: number;
  messagesRefused: number;
  oversized: number;
  idsRefused: number;
  badQueries: number;
  /** Messages relayed to peer (heartbeats aside), and of those the replies not charged to their sender's address. */
  relayed: number;
  repliesUncharged: number;
  /** OFFERs to an id nobody holds: answered at once with EXPIRE, not queued. */
  offersToNobody: number;
  /** Messages dropped: not PeerJS signaling, offers over a relay limit, no such connection, a connection's caps spent. */
  malformed: number;
  offersDropped: number;
  unknownConnections: number;
  connectionsFull: number;
  /** Messages not sent to a client with too much unread. */
  queueDrops: number;
  addresses: number;
  liveIds: number;
  heldIds: number;
  openConnections: number;
}
export interface SignalingGuard {
  createWebSocketServer(options: { path: string }): WebSocketServer;
  attach(peerApp: { on(event: 'connection', fn: (client: unknown) => void): unknown }): void;
  logPeerError(err: unknown): void;
  stats(): GuardStats;
  close(): void;
}
export function socketQuery(url: string | undefined): Record<string, string> | null;
export function tokenHash(token: string): string;
export function createSignalingGuard(server: Server, limits: SignalingLimits, options?: { now?: () => number; log?: (line: string) => void }): SignalingGuard;
