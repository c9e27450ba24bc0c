// Drivers shared by the Pushball server-table tests: one tick as GameServer runs it (people's
// commands, then the bots', then the step), and scripted inputs for people.
import type { ServerGameContext } from '../../../src/server/server-game';
import { PushballServerGame, pushballServerGame } from '../../../src/pushball/server/pushball-server-game';
import { sanitizePushCmd, type PushEvent, type SanitizedPushCmd } from '../../../src/pushball/sim';

/** GameServer's context for a game without lag compensation: nobody's view time is asked for. */
export const NO_CONTEXT: ServerGameContext = { viewTimeEstimate: () => null, isConnected: () => true };

/** A walk that turns every 20 ticks: down, left, up, right (net drift 0), no kicks. */
export function walk(tick: number): SanitizedPushCmd {
  const leg = Math.floor(tick / 20) % 4;
  const [moveX, moveY] = (
    [
      [0, 127],
      [-60, 0],
      [0, -127],
      [60, 0],
    ] as const
  )[leg]!;
  return sanitizePushCmd({ tick, moveX, moveY, buttons: 0 });
}

/** One tick as GameServer runs it: the people's commands for the next tick, the bots' added, one step. */
export function tickGame(
  game: PushballServerGame,
  people: (tick: number) => ReadonlyMap<number, SanitizedPushCmd>,
): { tick: number; cmds: Map<number, SanitizedPushCmd>; events: readonly PushEvent[] } {
  const tick = game.world.tick + 1;
  const cmds = new Map(people(tick));
  game.addBotCommands(tick, cmds);
  const events = game.step(cmds, NO_CONTEXT);
  return { tick, cmds, events };
}

/** A game at 60 Hz with these people seated and `bots` bots added after them. */
export function gameWith(people: readonly number[], bots: number, seed = 1): PushballServerGame {
  const game = pushballServerGame({ tickrate: 60, seed });
  for (const id of people) game.join(id, false);
  for (let i = 0; i < bots; i++) game.addBot((id) => people.includes(id));
  return game;
}
