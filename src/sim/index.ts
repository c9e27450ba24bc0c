/**
 * The public face of the shared simulation: types, quantization, config, map, PRNG, the
 * per-player step (server and prediction), hitscan and the server's world step.
 * Other folders import from here, not from the individual files.
 */
export * from './types';
export * from './quantize';
export {
  type SimConfig,
  type WeaponDef,
  WEAPONS,
  secondsToTicks,
  weaponDef,
  fullAmmo,
  PLAYER_RADIUS,
  CROUCH_RADIUS,
  MAX_SPEED,
  CROUCH_SPEED,
  ACCELERATE,
  FRICTION,
  STOP_SPEED,
  MAX_HEALTH,
  RESPAWN_SECONDS,
  DEPLOY_SECONDS,
  SPAWN_CLEARANCE,
  DEFAULT_WEAPON,
} from './config';
export { DEFAULT_MAP } from './map';
export { nextRandom } from './rng';
export { stepPlayer, type ShotIntent } from './player';
export { moveBox, type BoxMove } from './collide';
export { hitboxOf, traceShot } from './hitscan';
export { splashDamage } from './projectiles';
export { createWorld, addPlayer, removePlayer, stepWorld, type StepHooks } from './world';
