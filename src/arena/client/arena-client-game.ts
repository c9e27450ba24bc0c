/**
 * The arena as the client plays it (ClientGame, client/client-game.ts): a frame's input becomes a
 * UserCmd made valid by `sanitizeCmd` (the local half of the one trust boundary), and the own player
 * is predicted with the sim's shared per-player step (arena-prediction.ts); players and rockets
 * blend as remote-traits.ts says; a frame becomes the renderer's ClientView (arena-view.ts). Only
 * the page chooses it.
 */
import { MAX_SPEED } from '../../sim/config';
import { DEFAULT_MAP } from '../../sim/map';
import { sanitizeCmd } from '../../sim/quantize';
import type { ClientGame } from '../../client/client-game';
import type { ArenaClientTypes } from './arena-client-types';
import { arenaView, isOwnPredictedEvent } from './arena-view';
import { ArenaPrediction } from './arena-prediction';
import { createPlayerTraits, projectileTraits } from './remote-traits';
import { ARENA_WIRE } from '../protocol/arena-wire';
import { ARENA_COMMANDS } from '../protocol/arena-commands';

export const arenaClientGame: ClientGame<ArenaClientTypes> = {
  wire: ARENA_WIRE,
  commands: ARENA_COMMANDS,
  command: (tick, input, viewTick, viewFrac) => sanitizeCmd({ tick, ...input, viewTick, viewFrac }),
  prediction: (tickrate) => new ArenaPrediction({ tickrate, map: DEFAULT_MAP }),
  remoteTraits: (tickrate) => ({ players: createPlayerTraits(tickrate, MAX_SPEED), projectiles: projectileTraits }),
  maxSpeed: MAX_SPEED,
  smoothedSection: 'players',
  // A respawn or teleport bumps teleportSeq: never blended across.
  continuous: (before, after) => before.teleportSeq === after.teleportSeq,
  ownPredictedEvent: isOwnPredictedEvent,
  view: arenaView,
};
