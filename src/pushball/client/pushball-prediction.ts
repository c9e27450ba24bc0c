/**
 * Pushball's prediction rules (PredictionRules of src/client/predictor.ts) for the own player:
 * the sim's `advancePlayer`, the very function `stepPitch` runs for every player on the server, so
 * a player that touches nothing (no ball, no other player, no kickoff reset) is predicted exactly.
 *
 * Context: the newest snapshot's world. The step reads its tickrate and rules (the kickoff's
 * limits) as the server's does, and its ball for a guess at the player's own kick: the sim's kick
 * rule (`kicksBall`) against where the ball was in that snapshot. A guessed kick is the one
 * first-time effect ('kick', for its sound) and starts the kick cooldown as the server's step does;
 * whether the ball really moved is the server's word, which the next snapshot brings.
 */
import type { PredictionRules } from '../../client/predictor';
import {
  advancePlayer,
  createPitch,
  kickCooldownTicks,
  kicksBall,
  sanitizePushCmd,
  type PitchWorld,
  type PlayerState,
  type PushCmd,
  type PushEvent,
} from '../sim';

/** What the step reads beside the player: the newest snapshot's world (read, never changed). */
export type PushballPredictionContext = Readonly<PitchWorld>;
/** The first-time effects a predicted command has. */
export type PushballEffect = Extract<PushEvent, { type: 'kick' }>;

export class PushballPrediction implements PredictionRules<
  PlayerState,
  PushCmd,
  PushballPredictionContext,
  PushballEffect
> {
  /** `tickrate`: the server's (the hello says it); only used before the first snapshot. */
  constructor(private readonly tickrate: number) {}

  /** Before any snapshot: an empty pitch in kickoff (nothing is predicted without a server state anyway). */
  initialContext(): PushballPredictionContext {
    return createPitch({ tickrate: this.tickrate }).world;
  }

  step(
    state: PlayerState,
    cmd: PushCmd,
    world: PushballPredictionContext,
    effects: PushballEffect[] | null,
  ): PlayerState {
    // Sanitized as the server's step does before both the move and the kick read it.
    const c = sanitizePushCmd(cmd);
    const next = advancePlayer(state, c, world);
    // The server tests the kick after the player's own move, as here (its contacts come between).
    if (!kicksBall(next, c, world.ball)) return next;
    effects?.push({ type: 'kick', playerId: state.id });
    return { ...next, kickCooldown: kickCooldownTicks(world.tickrate) };
  }

  /** Every field prediction computes (the team is the server's alone: set at a join or a new match). */
  same(a: PlayerState, b: PlayerState): boolean {
    return (
      a.x === b.x && a.y === b.y && a.vx === b.vx && a.vy === b.vy && a.kickCooldown === b.kickCooldown && a.id === b.id
    );
  }

  distance(a: PlayerState, b: PlayerState): number {
    return Math.hypot(a.x - b.x, a.y - b.y);
  }
}
