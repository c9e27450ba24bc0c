/**
 * The arena as the client plays it (ClientGame, client/client-game.ts): a frame's input becomes a
 * UserCmd made valid by `sanitizeCmd` (the local half of the one trust boundary), and the own player
 * is predicted with the sim's shared per-player step (arena-prediction.ts); players and rockets
 * blend as remote-traits.ts says. Only the page chooses it.
 */
import { MAX_SPEED } from '../../sim/config';
import { DEFAULT_MAP } from '../../sim/map';
import { sanitizeCmd } from '../../sim/quantize';
import type { ClientGame } from '../../client/client-game';
import { ArenaPrediction } from './arena-prediction';
import { createPlayerTraits, projectileTraits } from './remote-traits';
import { ARENA_WIRE } from '../protocol/arena-wire';
import { ARENA_COMMANDS } from '../protocol/arena-commands';

export const arenaClientGame: ClientGame = {
  wire: ARENA_WIRE,
  commands: ARENA_COMMANDS,
  command: (tick, input, viewTick, viewFrac) => sanitizeCmd({ tick, ...input, viewTick, viewFrac }),
  prediction: (tickrate, map) => new ArenaPrediction({ tickrate, map: map ?? DEFAULT_MAP }),
  remoteTraits: (tickrate) => ({ players: createPlayerTraits(tickrate, MAX_SPEED), projectiles: projectileTraits }),
  maxSpeed: MAX_SPEED,
};
