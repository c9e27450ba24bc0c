/**
 * What a GameServer hands out (`exportCore`) and takes in (`importCore`) at a migration beyond its
 * settings, for any game: the game's part (`G['core']`) and GameServer's own (`SessionsCore`: each
 * session's command stream, the next event id), and the seats a restore hands the host layer back.
 * The arena's checkpoint (src/arena/server/arena-checkpoint.ts) and core-migration.ts build on it.
 */
import type { PlayerId } from '../protocol/ids';
import type { BufferedCmd } from './command-buffer';
import type { ServerGameTypes } from './server-game';

/** GameServer's own part of a migration checkpoint, for a game whose commands are `C`. */
export interface SessionsCore<C extends { tick: number }> {
  nextEventId: number;
  /** sv_maxplayers (capture only: a restored server has it in its settings). */
  maxPlayers: number;
  /** Each connected person's command stream: the command repeats are made of. */
  commands: Array<{ id: PlayerId; last: BufferedCmd<C> | null }>;
}

/** The game's part of a checkpoint (its `exportCore`) and GameServer's. */
export type ServerCore<G extends ServerGameTypes> = G['core'] & SessionsCore<G['cmd']>;

/** A seat by seat token (the host layer's SeatKeeper entries): held for its player, who is here or not. */
export interface SeatEntry {
  token: string;
  id: PlayerId;
  name: string;
  present: boolean;
}

/** How far event ids jump at a migration: more than the events the successor can have missed. */
export const EVENT_ID_MARGIN = 1024;
