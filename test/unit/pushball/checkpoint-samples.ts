// Real core checkpoints for the core checkpoint tests: a Pushball match's core after some ticks and
// the envelope facts it travels with, and a sample envelope with Pushball's commands.
import type { CoreCheckpoint } from '../../../src/protocol/core-checkpoint-codec';
import type { PushballCore } from '../../../src/pushball/server/pushball-types';
import { sanitizePushCmd, type SanitizedPushCmd } from '../../../src/pushball/sim';
import type { CoreEnvelopeFacts } from '../../../src/server/core-migration';
import { gameWith, tickGame, walk } from './server-helpers';

export const ZERO_TOKEN = '0'.repeat(32);
export const tok = (n: number) => n.toString(16).padStart(32, 'a');
const ZERO = ZERO_TOKEN;

export function people(tick: number): Map<number, SanitizedPushCmd> {
  const chaser = sanitizePushCmd({ tick, moveX: 127, moveY: (tick % 90) - 45, buttons: tick % 7 === 0 ? 1 : 0 });
  return new Map([
    [1, walk(tick)],
    [2, chaser],
  ]);
}

/** A real match core after `ticks` ticks (people 1 and 2, two bots), and the envelope it travels in. */
export function realCore(ticks = 300): { core: PushballCore; facts: CoreEnvelopeFacts } {
  const game = gameWith([1, 2], 2, 9);
  for (let t = 0; t < ticks; t++) tickGame(game, people);
  const core = game.exportCore(0);
  return { core, facts: { tick: core.world.tick, tickrate: 60, maxPlayers: 8, clients: [1, 2] } };
}

export function sampleCheckpoint(): CoreCheckpoint<SanitizedPushCmd> {
  return {
    tick: 123_456,
    tickrate: 60,
    maxPlayers: 8,
    nextEventId: 65_000,
    clients: [
      {
        id: 1,
        name: 'Ada',
        token: tok(1),
        last: { cmd: sanitizePushCmd({ tick: 123_455, moveX: -90, moveY: 17, buttons: 1 }), madeAgo256: 300 },
      },
      { id: 2, name: 'Bo', token: ZERO, last: null },
      {
        id: 5,
        name: 'Cy',
        token: ZERO,
        last: { cmd: sanitizePushCmd({ tick: 123_457, moveX: 0, moveY: 0, buttons: 0 }), madeAgo256: -40 },
      },
    ],
    absent: [
      { id: 3, name: 'Di', token: tok(3) },
      { id: 9, name: 'Ed', token: tok(9) },
    ],
    bans: [tok(77)],
    cvars: [
      { name: 'sv_goals', value: 5 },
      { name: 'sv_name', value: 'pitch' },
    ],
    lobbyKey: new Uint8Array([1, 2, 3, 4]),
    core: new TextEncoder().encode('{"any":"bytes"}'),
  };
}
