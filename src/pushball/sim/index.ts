/**
 * The public API of the Pushball simulation: pure, deterministic rules of a small top-down
 * ball game, independent of the rest of the project. See ../README.md for the rules.
 */
export { BUTTON_KICK, PitchPhase } from './types';
export type {
  BallState,
  PitchWorld,
  PitchPlayer,
  PushCmd,
  PushEvent,
  RulesState,
  StepResult,
  PitchTeam,
} from './types';
export { BUTTONS_MASK, MOVE_MAX, NEUTRAL, isSanitizedPushCmd, sanitizePushCmd } from './cmd';
export type { SanitizedPushCmd } from './cmd';
export { kickCooldownTicks, kicksBall } from './contact';
export { GRID, POS_MAX, VEL_MAX, isOnGrid, quantizePos, quantizeVel } from './quantize';
export { addPlayer, clonePitch, createPitch, removePlayer } from './pitch';
export type { CreatedPitch, PitchJoinResult, LeaveResult, PitchSettings, SettingIssue } from './pitch';
export { advancePlayer } from './player';
export { stepPitch } from './step';
export { kickoffSpotFor } from './kickoff';
export { kickoffResetTick } from './rules';
export * as config from './config';
