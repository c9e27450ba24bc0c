/**
 * The public face of the shared simulation: types, quantization, config, maps, PRNG, the
 * per-player step (server and prediction), pickups, match rules, hitscan and the server's world step.
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
export * from './match-types';
export { MAPS, mapById, idOfMap, CUSTOM_MAP_ID, MAX_PICKUPS } from './maps';
export { DEFAULT_RULES, RULE_LIMITS, MODE_NAMES, checkRules, describeRules, type RuleIssue } from './match-rules';
export { createMatch, joinMatch, leaveMatch, areEnemies, inPlay, publicMatch, teamOf } from './match';
export { startMatch, commandInPlay } from './match-flow';
export { computeResults, AWARD_MIN_SHOTS } from './awards';
export { rankStandings, placesOf, ordinal, compareStandings } from './ranking';
export {
  PICKUP_RADIUS,
  HEALTH_PACK,
  PICKUP_RESPAWN_SECONDS,
  pickupSpots,
  pickupStep,
  freshPickups,
  isAvailable,
} from './pickups';
export { chooseSpawn, inSight, SPAWN_SIGHT_RANGE } from './respawn';
export { nextRandom } from './rng';
export { stepPlayer, type ShotIntent } from './player';
export { moveBox, type BoxMove } from './collide';
export { hitboxOf, traceShot } from './hitscan';
export { splashDamage } from './projectiles';
export { createWorld, addPlayer, removePlayer, stepWorld, type StepHooks } from './world';
export { newStepScratch, type StepScratch } from './tick-context';
