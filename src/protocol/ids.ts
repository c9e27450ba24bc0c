/**
 * The netcode's own ids: a player (a seat's number, unique within a match) and, re-exported from
 * ticks.ts, the tick. A game's rules keep their own aliases of the same numbers (src/sim/types.ts
 * for the arena), so both sides type-check without the netcode importing a game.
 */
export type { Tick } from './ticks';

/** A player's id as the wire and the host carry it: a small non-negative integer. */
export type PlayerId = number;
