/**
 * The game types GameServer is built for today. The snapshot path (protocol/snapshot-*.ts, the
 * frame ring, the checkpoint codec) still encodes the arena's world by name, so the server that
 * feeds it serves games with exactly these types. When the codecs are compiled from a game
 * definition, these pins go and GameServer takes any `ServerGameTypes`.
 */
import type { RewindTick } from '../protocol/checkpoint-types';
import type { ArenaWireTypes } from '../protocol/game-messages';
import type { RuleIssue } from '../sim/match-rules';
import type { MatchRules, PublicMatchState, ReturningPlayer } from '../sim/match-types';
import type { SanitizedCmd } from '../sim/quantize';
import type { Hitbox, PlayerId, SimEvent, WorldState } from '../sim/types';
import type { ServerGame, ServerGameTypes } from './server-game';
import type { MatchSummary, RewindRecord } from './stats';
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
  /** Client `id`'s newest lag-compensated shot, for its debug view. */
  rewindOf(id: PlayerId): RewindRecord | null;
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
