// Types for scripts/turn-credentials.mjs (plain JS so Node runs it without a build step).
import type { IceServer } from './signaling.mjs';

export interface TurnSettings {
  host: string;
  port: number;
  secret: string;
  ttlS: number;
  tcp: boolean;
}

export const DEFAULT_TURN_TTL_S: number;
export function turnCredential(secret: string, username: string): string;
export function readTurnEnv(env: Record<string, string | undefined>): { ok: true; value: TurnSettings | null } | { ok: false; errors: string[] };
export function turnIceServers(t: TurnSettings, nowS: number, randomId?: string): IceServer[];
