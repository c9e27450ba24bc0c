/**
 * The netcode's own ids: a player (a seat's number, unique within a match) and, re-exported from
 * ticks.ts, the tick. Type aliases only, no code: a game's rules may name them (src/sim/types.ts
 * re-exports them, the one netcode import lint allows the arena's rules), so each is one type.
 */
export type { Tick } from './ticks';

/** A player's id as the wire and the host carry it: a small non-negative integer. */
export type PlayerId = number;
