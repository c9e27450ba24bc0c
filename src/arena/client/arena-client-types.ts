/**
 * The arena's types on the client (ClientGameTypes, client/client-game.ts): its snapshots (the
 * protocol's ArenaWireTypes), the sanitized UserCmd, the frame's input, the prediction context (the
 * match block and the pickups as this client predicts them) and the ClientView the renderer draws.
 */
import type { ArenaWireTypes } from '../protocol/arena-messages';
import type { PublicMatchState } from '../../sim/match-types';
import type { SanitizedCmd } from '../../sim/quantize';
import type { Tick } from '../../sim/types';
import type { ClientGameTypes, ClientPrediction } from '../../client/client-game';
import type { ClientView, InputSample } from './view-model';

/** What prediction reads of the newest snapshot beside the own state, as predicted since. */
export interface ArenaPredictionContext {
  /** The newest snapshot's match block (null: no rules, free play). */
  match: PublicMatchState | null;
  /** Pickup timers as this client predicts them (the server's plus our own takes since): 0 = there. */
  pickups: Tick[];
}

export interface ArenaClientTypes extends ClientGameTypes {
  wire: ArenaWireTypes;
  cmd: SanitizedCmd;
  input: InputSample;
  context: ArenaPredictionContext;
  view: ClientView;
}

export type ArenaClientPrediction = ClientPrediction<ArenaClientTypes>;
