// Types for scripts/signaling-limits.mjs.
import type { TrustProxy } from './client-address.mjs';
import type { RelayLimits } from './relay-gate.mjs';

export interface SignalingLimits extends RelayLimits {
  maxSockets: number;
  connectsPerS: number;
  messagesPerS: number;
  messageBurst: number;
  maxMessageBytes: number;
  idGraceMs: number;
  replaceSilenceMs: number;
  maxBufferedBytes: number;
  httpMaxConnections: number;
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  trustProxy: TrustProxy | null;
}
export const LIMIT_DEFAULTS: Readonly<{
  maxSockets: number;
  connectsPerS: number;
  messagesPerS: number;
  maxMessageBytes: number;
  idGraceS: number;
  replaceSilenceS: number;
  offersPerS: number;
  openOffers: number;
  destOffersPerS: number;
  destOpenOffers: number;
  connectionMessages: number;
  connectionTtlS: number;
  httpMaxConnections: number;
  httpHeadersTimeoutS: number;
  httpRequestTimeoutS: number;
}>;
export function readLimitsEnv(env: Record<string, string | undefined>): { ok: true; value: SignalingLimits } | { ok: false; errors: string[] };
