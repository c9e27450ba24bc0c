/**
 * The vocabulary of the Pushball simulation: the command a player sends each tick, the world
 * state the server steps and clients predict, and the events a step reports.
 *
 * State is plain data (numbers, arrays of plain objects) so the netcode can delta-encode it field
 * by field: enums are small integers, "nobody" is -1, never undefined. After any step every
 * position and velocity is on the 1/16 grid of `quantize.ts`; every other number is an integer.
 */

/** Team 0 defends the left goal, team 1 the right goal. */
export type PitchTeam = 0 | 1;

/** Match phases, as integers so the phase encodes as a number like every other field. */
export const PitchPhase = {
  /** Everyone at kickoff spots; the kicking team may touch the ball, the other waits outside the circle. */
  Kickoff: 0,
  Playing: 1,
  /** The pause after a goal: physics runs, rules do not; then the kickoff reset. */
  Goal: 2,
  /** Final: physics still runs (players may wander), no goals, no clock. */
  Ended: 3,
} as const;
export type PitchPhase = (typeof PitchPhase)[keyof typeof PitchPhase];

/** Bit 0 of `PushCmd.buttons`. Other bits are masked off by `sanitizePushCmd`. */
export const BUTTON_KICK = 1;

/** One player's input for one tick. Move axes are world axes (x right, y down), integers in [-127, 127]. */
export interface PushCmd {
  tick: number;
  moveX: number;
  moveY: number;
  buttons: number;
}

export interface PitchPlayer {
  /** Integer 0..255, unique on the pitch. */
  id: number;
  team: PitchTeam;
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Ticks until this player may kick again (0 = ready). */
  kickCooldown: number;
}

export interface BallState {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Id of the last player who touched or kicked the ball (the scorer of a goal), -1 for nobody. */
  lastTouch: number;
}

export interface RulesState {
  phase: PitchPhase;
  /** Ticks left in a Kickoff (until play starts anyway) or Goal phase; 0 in Playing and Ended. */
  phaseTicksLeft: number;
  /** Match time left; runs only in the Playing phase. */
  clockTicksLeft: number;
  /** Goals of team 0 and team 1. */
  scores: [number, number];
  goalsToWin: number;
  /** Match length in ticks (the clock's start value), from the `matchSeconds` setting. */
  matchTicks: number;
  /** The team allowed to touch the ball first in the Kickoff phase (the team that conceded). */
  kickoffTeam: PitchTeam;
}

export interface PitchWorld {
  /** Ticks stepped since creation. */
  tick: number;
  /** Ticks per second (20..128), fixed at creation. */
  tickrate: number;
  /** Sorted by ascending id: the step processes players in this order. */
  players: PitchPlayer[];
  ball: BallState;
  rules: RulesState;
}

/**
 * What a step reports, in the order it happened. Flat records of integers under a `type` tag, so
 * the wire carries them field by field (-1 is "nobody", as in the state).
 */
export type PushEvent =
  | { type: 'kick'; playerId: number }
  /** `team` scored; `scorerId` is the last toucher (on the other team for an own goal), -1 if nobody touched. */
  | { type: 'goal'; team: PitchTeam; scorerId: number }
  /** `winner` is -1 for a draw; the final score is `goals0`–`goals1`. */
  | { type: 'match-end'; winner: PitchTeam | -1; goals0: number; goals1: number };

export interface StepResult {
  world: PitchWorld;
  events: PushEvent[];
}
