/**
 * ClientGame: the table through which the netcode's client runs a game (the client's half of the
 * game module API; the server's is server/server-game.ts). NetClient owns the clock, the commands'
 * timeline and packets, the snapshot inbox, interpolation and smoothing; the game brings its wire
 * and command schemas, how a frame's input becomes a command, how the own entity is predicted
 * (client/predictor.ts), how remote entities blend between snapshots, what counts as a teleport,
 * which server events its prediction already showed, and how a frame's parts become the view its
 * renderer draws. The page chooses it.
 */
import type { CommandSchema } from '../protocol/command-schema';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import type { SnapshotOf, WireTypes } from '../protocol/snapshot-types';
import type { Tick } from '../protocol/ticks';
import type { EntityTraits, SampledEntity } from './interpolation-buffer';
import type { PredictionRules } from './predictor';
import type { NetStats } from './net-stats';

/** A game's snapshots, with an own entity that has a position (what smoothing moves). */
export interface ClientWireTypes extends WireTypes {
  self: { id: number; x: number; y: number };
}

/** The types one game brings to the client. */
export interface ClientGameTypes {
  wire: ClientWireTypes;
  /** A sanitized command. */
  cmd: { tick: Tick };
  /** What the page samples each frame. */
  input: unknown;
  /** What prediction reads beside the own entity (from the newest snapshot's rules block). */
  context: unknown;
  /** What the game's renderer draws each frame. */
  view: unknown;
}

export type OwnState<T extends ClientGameTypes> = T['wire']['self'];
export type GameEvent<T extends ClientGameTypes> = T['wire']['event'];
export type RulesOf<T extends ClientGameTypes> = T['wire']['rules'];

/** The game's prediction rules, plus the context a snapshot gives a replay. */
export interface ClientPrediction<T extends ClientGameTypes> extends PredictionRules<
  OwnState<T>,
  T['cmd'],
  T['context'],
  GameEvent<T>
> {
  /** What the newest snapshot gives a replay (rules block, shared entities): its own copy of anything a step changes. */
  contextOf(snapshot: SnapshotOf<T['wire']>): T['context'];
}

/** How each section's entities blend between snapshots (interpolation-buffer.ts EntityTraits). */
export type SectionTraits<W extends WireTypes> = { [K in keyof W['lists']]: EntityTraits<W['lists'][K]> };

/** Each section's entities at the render time (interpolated, or extrapolated when flagged). */
export type SampledSections<W extends WireTypes> = { [K in keyof W['lists']]: SampledEntity<W['lists'][K]>[] };

/** The own entity: predicted, then smoothed (DESIGN §5.2). */
export interface LocalView<S> {
  /** Newest predicted state (authoritative fields come from the server). */
  state: S;
  /** Where to draw it this frame: between the last two predicted ticks, plus the decaying error offset. */
  drawX: number;
  drawY: number;
  /** Current visual correction still being smoothed away (0 when none). */
  errorX: number;
  errorY: number;
}

/** Something to show once: predicted (the first time a command is predicted) or confirmed by the server. */
export interface ShownEvent<E> {
  predicted: boolean;
  tick: Tick;
  event: E;
}

/** What the netcode has for one frame; the game turns it into its view (`ClientGame.view`). */
export interface FrameParts<T extends ClientGameTypes> {
  localId: number;
  /** Null before the first snapshot. */
  local: LocalView<OwnState<T>> | null;
  remotes: SampledSections<T['wire']>;
  /** New since the previous frame. */
  events: ShownEvent<GameEvent<T>>[];
  stats: NetStats;
  tickrate: number;
  /** The newest snapshot's rules block (null before one), and the stream's time now (fractional ticks). */
  rules: RulesOf<T> | null;
  streamTick: number;
  /**
   * The command timeline's time now (fractional ticks; 0 before the clock is synced): the own entity
   * is drawn between its predicted ticks by this, and so is anything else a game predicts with it.
   */
  commandTick: number;
  /** The context prediction runs with now, or null when the client does not predict (cl_predict 0). */
  predicted: T['context'] | null;
}

export interface ClientGame<T extends ClientGameTypes> {
  readonly wire: SnapshotWire<T['wire']>;
  readonly commands: CommandSchema<T['cmd'], { tick: Tick }>;
  /** The own command for `tick` from a frame's input and the render time drawn, made valid. */
  command(tick: Tick, input: T['input'], viewTick: Tick, viewFrac: number): T['cmd'];
  prediction(tickrate: number): ClientPrediction<T>;
  remoteTraits(tickrate: number): SectionTraits<T['wire']>;
  /** The own entity's top speed, world units per second: what smoothing and remote jump caps are scaled to. */
  readonly maxSpeed: number;
  /** The section whose entities are smoothed when the stream resumes after a burst (null: none). */
  readonly smoothedSection: (keyof T['wire']['lists'] & string) | null;
  /** `after` continues `before` (no respawn or teleport between): the two may be blended. */
  continuous(before: OwnState<T>, after: OwnState<T>): boolean;
  /** The server's copy of an event this client's prediction already showed (not shown again). */
  ownPredictedEvent(event: GameEvent<T>, localId: number): boolean;
  view(parts: FrameParts<T>): T['view'];
}
