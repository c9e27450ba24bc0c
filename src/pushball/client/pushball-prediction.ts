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
 *
 * The kickoff reset after a goal is foretold by the snapshot's rules (the pause counts down, nothing
 * else decides when it ends): the step of that tick ends on the player's kickoff spot, at rest, as
 * the server's layout puts it, and the ticks after it are stepped under the kickoff's limits.
 *
 * The client game (pushball-client-game.ts) runs these rules inside a running pitch
 * (running-pitch.ts) and takes the own player from that pitch while it runs; these rules are what it
 * falls back to, and what the player alone would be.
 */
import type { PredictionRules } from '../../client/predictor';
import {
  advancePlayer,
  createPitch,
  kickoffResetTick,
  kickoffSpotFor,
  PitchPhase,
  kickCooldownTicks,
  kicksBall,
  sanitizePushCmd,
  type PitchWorld,
  type PitchPlayer,
  type PushCmd,
  type PushEvent,
} from '../sim';

/** What the step reads beside the player: the newest snapshot's world (read, never changed). */
export type PushballPredictionContext = Readonly<PitchWorld>;
/** The first-time effects a predicted command has. */
export type PushballEffect = Extract<PushEvent, { type: 'kick' }>;

export class PushballPrediction implements PredictionRules<
  PitchPlayer,
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
    state: PitchPlayer,
    cmd: PushCmd,
    world: PushballPredictionContext,
    effects: PushballEffect[] | null,
  ): PitchPlayer {
    // Sanitized as the server's step does before both the move and the kick read it.
    const c = sanitizePushCmd(cmd);
    const reset = kickoffResetTick(world);
    const rules = reset !== null && c.tick > reset ? this.kickoffOf(world) : world;
    const moved = advancePlayer(state, c, rules);
    // The server tests the kick after the player's own move, as here (its contacts come between).
    const kicked = kicksBall(moved, c, world.ball);
    if (kicked) effects?.push({ type: 'kick', playerId: state.id });
    const next = kicked ? { ...moved, kickCooldown: kickCooldownTicks(world.tickrate) } : moved;
    if (c.tick !== reset) return next;
    // The reset comes after the tick's physics and kicks: the kickoff spot, at rest, kick ready.
    const spot = kickoffSpotFor(world.players, state.id);
    return spot ? { ...next, x: spot.x, y: spot.y, vx: 0, vy: 0, kickCooldown: 0 } : next;
  }

  private kickoffWorld: { of: PushballPredictionContext; world: PushballPredictionContext } | null = null;

  /** `world` as the ticks after its kickoff reset see it: in kickoff (its limits), made once per snapshot. */
  private kickoffOf(world: PushballPredictionContext): PushballPredictionContext {
    if (this.kickoffWorld?.of !== world)
      this.kickoffWorld = { of: world, world: { ...world, rules: { ...world.rules, phase: PitchPhase.Kickoff } } };
    return this.kickoffWorld.world;
  }

  /** Every field prediction computes (the team is the server's alone: set at a join or a new match). */
  same(a: PitchPlayer, b: PitchPlayer): boolean {
    return (
      a.x === b.x && a.y === b.y && a.vx === b.vx && a.vy === b.vy && a.kickCooldown === b.kickCooldown && a.id === b.id
    );
  }

  distance(a: PitchPlayer, b: PitchPlayer): number {
    return Math.hypot(a.x - b.x, a.y - b.y);
  }
}
