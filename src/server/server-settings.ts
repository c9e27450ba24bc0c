/**
 * What a GameServer is built with and hands back per tick, and the bounds its settings are held
 * to. Its own file so the worker API, the runtime and the harness can name these types without
 * the server class; game-server.ts re-exports them (its importers' path).
 */
import { CVARS } from '../config/cvars';
import type { KickReason } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';
import type { AbuseLimits } from './abuse-monitor';
import type { SnapshotPacket } from './snapshot-sender';

/** `M`: the game's map type when it takes one in its settings (the arena's ArenaMap; `never` for none). */
export interface ServerSettings<M = never> {
  tickrate: number;
  maxUnlagS: number;
  lagCompensation: boolean;
  seed: number;
  maxPlayers: number;
  /** Spectator places (issue 24, sv_maxspectators; absent: its default), apart from the players'. */
  maxSpectators?: number;
  /** sv_spectator_delay (issue 24): seconds spectators see the match late (0, the default: live; at most 120). */
  spectatorDelayS?: number;
  /** The game's map, when it has maps (the arena's default is DEFAULT_MAP; tests use open ones). */
  map?: M;
  /** Kick thresholds (default: `defaultAbuseLimits(tickrate)`). */
  abuse?: AbuseLimits;
}

export interface ServerOutput {
  packets: SnapshotPacket[];
  kicks: Array<{ clientId: PlayerId; reason: KickReason; text: string }>;
}

export type ServerSettingName = 'sv_lagcompensation' | 'sv_maxunlag';

/** sv_tickrate's bounds (20..128); nonsense falls back to 60. */
export function clampTickrate(tickrate: number): number {
  return Number.isFinite(tickrate) ? Math.min(Math.max(Math.round(tickrate), 20), 128) : 60;
}

/** sv_maxplayers: at most 256 (the wire's player ids); nonsense falls back to 16. */
export function clampMaxPlayers(maxPlayers: number): number {
  return Number.isFinite(maxPlayers) ? Math.min(maxPlayers, 256) : 16;
}

/** sv_maxspectators (the cvar's bounds, 0..32; each spectator costs the host a frame per snapshot interval); absent or nonsense is its default. */
export function clampMaxSpectators(n: number | undefined): number {
  const { min, max, default: fallback } = CVARS.sv_maxspectators;
  return typeof n === 'number' && Number.isFinite(n) ? Math.min(Math.max(Math.round(n), min), max) : fallback;
}
