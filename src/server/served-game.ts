/**
 * The arena's server types, the default of GameServer, ServerRuntime and the worker API (which
 * take any `ServerGameTypes`). They live here, not in src/arena, because the arena's checkpoint
 * codec (protocol/checkpoint-codec.ts, runtime-migration.ts, bring-forward.ts) and its stats report
 * (stats.ts ServerStats) still do; they move with the folder move.
 */
import type { RewindTick } from '../protocol/checkpoint-types';
import type { ArenaWireTypes } from '../protocol/game-messages';
import type { RuleIssue } from '../sim/match-rules';
import type { MatchRules, PublicMatchState, ReturningPlayer } from '../sim/match-types';
import type { SanitizedCmd } from '../sim/quantize';
import type { Hitbox, PlayerId, SimEvent, WorldState } from '../sim/types';
import type { ServerGame, ServerGameTypes } from './server-game';
import type { MatchSummary } from './stats';
import type { ServerSettings } from './server-settings';

/** The game's part of a migration checkpoint (checkpoint.ts `ServerCore` adds GameServer's). */
export interface ServedCore {
  world: WorldState;
  /** Hitboxes of the ticks before the world's, oldest first (lag compensation's history). */
  rewind: RewindTick[];
  lagCompensation: boolean;
  maxUnlagS: number;
  mapId: number;
  /** The records kept for people who left the current match (what a rejoin gives back), sorted by id. */
  departed: Array<{ id: PlayerId; returning: ReturningPlayer }>;
}

/** The game's part of GameServer's stats report (stats.ts ServerStats). */
export interface ServedReport {
  players: number;
  liveHitboxes: Hitbox[];
  lagCompensation: boolean;
  maxUnlagS: number;
  match: MatchSummary;
}

export interface ServedTypes extends ServerGameTypes {
  world: WorldState;
  wire: ArenaWireTypes;
  cmd: SanitizedCmd;
  event: SimEvent;
  rules: PublicMatchState;
  startRequest: Partial<Record<keyof MatchRules, unknown>>;
  started: { rules: MatchRules; issues: RuleIssue[] };
  core: ServedCore;
  report: ServedReport;
}

export type ServedGame = ServerGame<ServedTypes>;

/** Makes the game a GameServer runs, from its settings (`tickrate` already clamped). */
export type ServedGameFactory = (settings: ServerSettings) => ServedGame;
