/**
 * One player's tick as both sides run it (Quake III's Pmove, shared by the game and cgame): the
 * server for every player inside its world step, each client for its own player when it predicts
 * and replays. One function, so prediction cannot drift from the server's order by a hand copy.
 *
 * Order: the match's freeze (commands lose moves and buttons while the match is not in play), the
 * move and weapon (`advancePlayer`), then pickups touched (the 'pickup' event appended and the
 * pickup's timer written into `pickups`). Without a match block (free play before any rules) the
 * command is used as it is and nothing is picked up.
 * The caller then resolves the shot left in `scratch.shot` when `scratch.fired`: the server traces
 * it against the others (lag-compensated), a client only draws its tracer.
 * Inputs are not mutated except `pickups` (the caller's timers, by design) and `events`/`scratch`.
 */
import type { SimConfig } from './config';
import { commandInPlay } from './match-flow';
import type { MatchState } from './match-types';
import { pickupStep } from './pickups';
import { advancePlayer, type PlayerStepScratch } from './player';
import type { Hitbox, PlayerState, SimEvent, Tick, UserCmd } from './types';

/** The part of a match block a player's tick reads: whether the match is in play. */
export type MatchClock = Pick<MatchState, 'phase' | 'phaseEndTick'>;

export interface PlayerTickInput {
  player: PlayerState;
  /** Sanitized (the trust boundary is the command decoder; local commands are made sanitized). */
  cmd: UserCmd;
  tick: Tick;
  cfg: SimConfig;
  match: MatchClock | null;
  /** Pickup timers (0 = there); a take writes the pickup's return tick here. */
  pickups: Tick[];
  /** Boxes that block movement: the server passes the others' boxes, prediction none. */
  blockers: readonly Hitbox[];
  events: SimEvent[];
  scratch: PlayerStepScratch;
}

/** The player after one tick; see the file comment for the order and for the shot in `scratch`. */
export function playerTick(t: PlayerTickInput): PlayerState {
  const cmd = t.match ? commandInPlay(t.match, t.cmd, t.tick) : t.cmd;
  const moved = advancePlayer(t.player, cmd, t.tick, t.cfg, t.blockers, t.events, t.scratch);
  const taken = t.match ? pickupStep(t.match, moved, t.pickups, t.cfg, t.tick) : null;
  if (!taken) return moved;
  t.pickups[taken.index] = taken.respawnTick;
  t.events.push({ type: 'pickup', player: moved.id, pickup: taken.index, kind: taken.kind });
  return taken.player;
}
