/**
 * The vocabulary of a match: modes, phases, teams, the host's rules, per-player match records,
 * the frozen results (ranking and awards), pickups, and the public part every client receives.
 *
 * Invariants: every number is an integer; ticks are absolute server ticks (0 = none); `players`
 * lists are sorted by id; `teamScores` always has two entries (red, blue), both 0 in deathmatch.
 * The server holds `MatchState` (world.match); clients see `PublicMatchState` (no shot counters).
 */
import type { PlayerId, Tick } from './types';

export const GameMode = {
  Deathmatch: 0,
  TeamDeathmatch: 1,
} as const;
export type GameMode = (typeof GameMode)[keyof typeof GameMode];
export const GAME_MODE_COUNT = 2;

/**
 * Waiting: free play before the host's first start (no clock, no limits). Warmup: free play with a
 * countdown; scores are wiped when it ends. Live: the match, scored, with its limits. Ended: the
 * results are frozen and every player stands still until the host starts the next match.
 */
export const MatchPhase = {
  Waiting: 0,
  Warmup: 1,
  Live: 2,
  Ended: 3,
} as const;
export type MatchPhase = (typeof MatchPhase)[keyof typeof MatchPhase];

/** Team 0 is "no team" (deathmatch); 1 and 2 are the two colours of team deathmatch. */
export const Team = {
  None: 0,
  Red: 1,
  Blue: 2,
} as const;
export type Team = (typeof Team)[keyof typeof Team];

/** What the host picks for a match. Limits of 0 mean "none". */
export interface MatchRules {
  mode: GameMode;
  /** Index into MAPS (maps.ts). */
  mapId: number;
  /** Score that ends the match (a player's in deathmatch, a team's in team deathmatch); 0 = none. */
  fragLimit: number;
  /** Length of the live phase in seconds; 0 = none. */
  timeLimitS: number;
  /** Length of the warm-up countdown in seconds (0 = straight to live). */
  warmupS: number;
  /** Team deathmatch: whether shots and splash hurt team mates (own rockets always hurt you). */
  friendlyFire: boolean;
}

/** The server's record of one player in the current match (what scoring and awards need). */
export interface MatchPlayer {
  id: PlayerId;
  team: Team;
  /** +1 per enemy killed, −1 per suicide or team kill. Ranks the players. */
  score: number;
  /** Server-side bot (plays through the same command path as everyone else). */
  bot: boolean;
  /** Rounds fired, and shots that damaged an enemy (a rocket counts once however many it hit). */
  shots: number;
  hits: number;
  /** Damage dealt to enemies (health actually removed). */
  damage: number;
  /** Kills since the last death, and the best such run this match. */
  streak: number;
  bestStreak: number;
}

/**
 * What a player who left during the match comes back with when it rejoins (issue 13): its match
 * record (team, score, counters) and its body's kill and death counts; everything else is fresh.
 */
export interface ReturningPlayer {
  record: MatchPlayer;
  kills: number;
  deaths: number;
}

export const AwardKind = {
  /** Highest hits / shots (at least AWARD_MIN_SHOTS shots). Value: percent. */
  Accuracy: 0,
  /** Longest run of kills without dying (at least 2). Value: kills. */
  Streak: 1,
  /** Most damage dealt to enemies. Value: damage. */
  Damage: 2,
} as const;
export type AwardKind = (typeof AwardKind)[keyof typeof AwardKind];
export const AWARD_KIND_COUNT = 3;

export interface Award {
  kind: AwardKind;
  player: PlayerId;
  value: number;
}

/** One line of the final ranking. */
export interface Standing {
  id: PlayerId;
  team: Team;
  score: number;
  kills: number;
  deaths: number;
}

/** Frozen when the match ends: the ranking (best first), the awards and the winning team (0 = none or a draw). */
export interface MatchResults {
  standings: Standing[];
  awards: Award[];
  winnerTeam: Team;
}

export interface MatchState {
  rules: MatchRules;
  phase: MatchPhase;
  /** Tick at which the phase ends by the clock (warm-up end, time limit); 0 = no end by time. */
  phaseEndTick: Tick;
  /** Counts matches started (mod 256): a client sees a new match even if it missed every snapshot of the warm-up. */
  seq: number;
  /** Red, blue. Kept here (not summed from players) so a leaver's points stay with the team. */
  teamScores: number[];
  players: MatchPlayer[];
  results: MatchResults | null;
}

export const PickupKind = {
  Health: 0,
  Ammo: 1,
} as const;
export type PickupKind = (typeof PickupKind)[keyof typeof PickupKind];

export interface PickupSpot {
  kind: PickupKind;
  x: number;
  y: number;
}

/** What a client receives of a player's match record. */
export type PublicMatchPlayer = Pick<MatchPlayer, 'id' | 'team' | 'score' | 'bot'>;

/** What every client receives of the match (the snapshot's match block). */
export interface PublicMatchState {
  mode: GameMode;
  /** A MAPS index, or CUSTOM_MAP_ID for a map outside the registry (tests). */
  mapId: number;
  phase: MatchPhase;
  phaseEndTick: Tick;
  fragLimit: number;
  timeLimitS: number;
  friendlyFire: boolean;
  seq: number;
  teamScores: number[];
  players: PublicMatchPlayer[];
  /** Per pickup spot of the map, in map order: 0 = available, else the tick it comes back. */
  pickups: Tick[];
  results: MatchResults | null;
}
