/**
 * The arena's server types: what its ServerGame (arena-server-game.ts) brings to the netcode's
 * GameServer, ServerRuntime and worker API (which take any `ServerGameTypes`): its world, wire,
 * commands, events, match rules, checkpoint core and stats report.
 */
import type { RewindTick } from '../protocol/checkpoint-types';
import type { ArenaWireTypes } from '../protocol/arena-messages';
import type { RuleIssue } from '../../sim/match-rules';
import type { MatchRules, PublicMatchState, ReturningPlayer } from '../../sim/match-types';
import type { SanitizedCmd } from '../../sim/quantize';
import type { ArenaMap, Hitbox, PlayerId, SimEvent, Tick, WorldState } from '../../sim/types';
import type { ServerGame, ServerGameTypes } from '../../server/server-game';
import type { NetServerStats } from '../../server/stats';
import type { ServerSettings } from '../../server/server-settings';

/** The game's part of a migration checkpoint (server-core.ts `ServerCore` adds GameServer's). */
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

/** The arena's part of GameServer's stats report (`ServerStats` below is the whole). */
export interface ServedReport {
  players: number;
  liveHitboxes: Hitbox[];
  lagCompensation: boolean;
  maxUnlagS: number;
  match: MatchSummary;
}

export interface ServedTypes extends ServerGameTypes {
  world: WorldState;
  map: ArenaMap;
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
export type ServedGameFactory = (settings: ServerSettings<ArenaMap>) => ServedGame;

/** The arena's whole stats report: the netcode's part and ServedReport (the shape docs/DEBUG-API.md documents). */
export interface ServerStats extends NetServerStats {
  players: number;
  /** Every player's hitbox at `tick`, as the server holds it (sv_showhitboxes). */
  liveHitboxes: Hitbox[];
  lagCompensation: boolean;
  maxUnlagS: number;
  /** The match now (for the dedicated host's match cycle and /health). */
  match: MatchSummary;
}

/** The match as a host's controls need it: phase (0 waiting, 1 warm-up, 2 live, 3 ended), the tick it ends (0 none), matches started (mod 256), the map's id, the server-side bots. */
export interface MatchSummary {
  phase: number;
  phaseEndTick: Tick;
  seq: number;
  mapId: number;
  bots: number;
}
