/**
 * The world step: one tick of the whole pitch. Pure: it reads only its arguments, returns a new
 * world (its argument is left untouched) and the events of the tick. A client predicts the ball
 * by running this same step with the other players' commands assumed `NEUTRAL`.
 *
 * Order within a tick: every player moves (`advancePlayer`, ascending id), the ball slows and
 * flies, players push each other and then the ball, players are kept on the field, kicks, the
 * 1/16 grid, then the rules (goal, pause, kickoff, clock, end).
 */
import { collideBall, collidePlayers, applyKicks } from './contact';
import { dampBall, moveBall, settleBall } from './ball';
import { NEUTRAL, sanitizePushCmd } from './cmd';
import { clonePitch } from './pitch';
import { advancePlayer, confinePlayer, quantizePlayer } from './player';
import { advanceRules } from './rules';
import type { PitchWorld, PushCmd, PushEvent, StepResult } from './types';

/**
 * Advances `world` by one tick under `commands` (player id → command; a player without one moves
 * as under `NEUTRAL`, commands for unknown ids are ignored, the commands' `tick` is not read).
 */
export function stepPitch(world: Readonly<PitchWorld>, commands: ReadonlyMap<number, PushCmd>): StepResult {
  const next = clonePitch(world);
  const events: PushEvent[] = [];
  const rate = world.tickrate;
  // Ascending id even if a decoder handed the players over in another order.
  const players = [...world.players].sort((a, b) => a.id - b.id);
  const cmds = players.map((p) => sanitizePushCmd(commands.get(p.id) ?? NEUTRAL));
  next.players = players.map((p, i) => advancePlayer(p, cmds[i] ?? NEUTRAL, world));
  dampBall(next.ball, rate);
  moveBall(next.ball, rate);
  collidePlayers(next.players);
  collideBall(next.players, next.ball);
  for (const p of next.players) {
    confinePlayer(p, next.rules);
    quantizePlayer(p);
  }
  applyKicks(next.players, cmds, next.ball, rate, events);
  settleBall(next.ball);
  advanceRules(next, events);
  next.tick = world.tick + 1;
  return { world: next, events };
}
