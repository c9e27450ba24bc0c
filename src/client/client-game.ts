/**
 * ClientGame: the table through which the netcode's client runs a game (the client's half of the
 * game module API; the server's is server/server-game.ts). NetClient owns the clock, the commands'
 * timeline and packets, the snapshot inbox, interpolation and smoothing; the game brings how a
 * frame's input becomes a command, how the own player is predicted (client/predictor.ts), how
 * remote entities blend between snapshots, and the top speed smoothing is scaled to.
 *
 * The types are pinned to the arena's for now: the snapshot codec and the view model (frame-view.ts)
 * still name them. When the codecs are compiled from a game definition, the pins go.
 */
import type { ArenaWireTypes } from '../protocol/game-messages';
import type { CommandSchema } from '../protocol/command-schema';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import type { PublicMatchState } from '../sim/match-types';
import type { SanitizedCmd } from '../sim/quantize';
import type { ArenaMap, PlayerState, SimEvent, Tick, UserCmd } from '../sim/types';
import type { PredictionRules } from './predictor';
import type { RemoteTraits } from './remote-view';
import type { InputSample } from './view-model';

/** What prediction reads of the newest snapshot beside the own state, as predicted since. */
export interface PlayedContext {
  /** The newest snapshot's match block (null: no rules, free play). */
  match: PublicMatchState | null;
  /** Pickup timers as this client predicts them (the server's plus our own takes since): 0 = there. */
  pickups: Tick[];
}

export interface PlayedPrediction extends PredictionRules<PlayerState, SanitizedCmd, PlayedContext, SimEvent> {
  /** The context a snapshot's rules block gives a replay (its own copy of anything a step changes). */
  contextOf(match: PublicMatchState | null): PlayedContext;
}

export interface ClientGame {
  /** The game's snapshot schema, compiled (protocol/snapshot-schema.ts): how snapshots are decoded. */
  readonly wire: SnapshotWire<ArenaWireTypes>;
  /** The game's command schema: the command packet's fields and the sanitizer. */
  readonly commands: CommandSchema<SanitizedCmd, UserCmd>;
  /** The own player's command for `tick` from a frame's input and the render time drawn, made valid. */
  command(tick: Tick, input: InputSample, viewTick: Tick, viewFrac: number): SanitizedCmd;
  /** Prediction for one client (`map`: a test's own map until the match names a registered one). */
  prediction(tickrate: number, map?: ArenaMap): PlayedPrediction;
  /** How remote entities blend between snapshots at this tickrate (interpolation-buffer.ts EntityTraits). */
  remoteTraits(tickrate: number): RemoteTraits;
  /** A player's top speed, world units per second: what smoothing and remote jump caps are scaled to. */
  readonly maxSpeed: number;
}
