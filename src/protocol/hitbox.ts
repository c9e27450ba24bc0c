/**
 * The netcode's hitbox: one player's circle as lag compensation records it and the 'debug' control
 * message carries it (sv_showhitboxes). Structurally the same as a game's own (the arena's
 * src/sim/types.ts Hitbox), so a game's values fit without the netcode importing the game.
 */
import type { PlayerId } from './ids';

export interface Hitbox {
  id: PlayerId;
  x: number;
  y: number;
  radius: number;
  alive: boolean;
  crouch: boolean;
}
