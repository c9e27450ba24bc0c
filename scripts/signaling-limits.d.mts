// Types for scripts/signaling-limits.mjs.
import type { TrustProxy } from './client-address.mjs';

export interface SignalingLimits {
  maxSockets: number;
  connectsPerS: number;
  messagesPerS: number;
  messageBurst: number;
  maxMessageBytes: number;
  idGraceMs: number;
  replaceSilenceMs: number;
  maxBufferedBytes: number;
  trustProxy: TrustProxy | null;
}
export const LIMIT_DEFAULTS: Readonly<{ maxSockets: number; connectsPerS: number; messagesPerS: number; maxMessageBytes: number; idGraceS: number; replaceSilenceS: number }>;
export function readLimitsEnv(env: Record<string, string | undefined>): { ok: true; value: SignalingLimits } | { ok: false; errors: string[] };
