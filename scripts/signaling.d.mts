// Types for scripts/signaling.mjs (plain JS so Node runs it without a build step).
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { SignalingGuard } from './signaling-guard.mjs';
import type { SignalingLimits } from './signaling-limits.mjs';
import type { TurnSettings } from './turn-credentials.mjs';

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface SignalingSettings {
  bindHost: string;
  webPort: number;
  peerHost: string;
  peerPort: number;
  path: string;
  key: string;
  /** REWIND_PEER_SECURE; null (unset): the page follows its own protocol (https → wss). */
  secure: boolean | null;
  external: boolean;
  iceServers: IceServer[];
  /** STUN + short-lived TURN credentials per visitor (REWIND_TURN_*), or null. */
  turn: TurnSettings | null;
  /** Per-address limits of the embedded PeerServer (REWIND_SIGNAL_*, REWIND_TRUST_PROXY). */
  limits: SignalingLimits;
  /** Extra CSP connect-src sources for `npm run serve` (REWIND_CSP_CONNECT_SRC). */
  cspConnectSrc: string[];
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export function parseIceServers(raw: string | undefined): Parsed<IceServer[]>;
export function readSignalingEnv(
  env: Record<string, string | undefined>,
  defaults: { webPort: number; peerPort: number },
): { ok: true; value: SignalingSettings } | { ok: false; errors: string[] };
export function pageConfig(s: SignalingSettings, nowS?: number): {
  peer: { host: string; port: number; path: string; key: string; secure?: boolean };
  iceServers: IceServer[];
};
export function configMiddleware(s: SignalingSettings): (req: { url?: string }, res: { setHeader(k: string, v: string): void; end(body: string): void }, next: () => void) => void;
export function mountPeerServer(app: Express, server: Server, s: SignalingSettings): { peer: unknown; guard: SignalingGuard };
export function signalingApp(server: Server, s: SignalingSettings): Express;
export function listen(server: Server, port: number, host: string, what: string): Promise<number>;
