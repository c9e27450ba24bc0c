/**
 * Pushball as the netcode's client plays it (ClientGame, src/client/client-game.ts): a frame's
 * input (a move on two axes and the kick button) becomes a command made valid by the sim's
 * sanitizer; the own player is predicted with the sim's per-player step (pushball-prediction.ts)
 * against the newest snapshot's pitch (its players, the ball, the rules); the other players and
 * the ball are interpolated; the view is what a Pushball renderer draws. Only the page chooses it.
 */
import type { ClientGame, ClientGameTypes, FrameParts, LocalView, ShownEvent } from '../../client/client-game';
import type { EntityTraits } from '../../client/interpolation-buffer';
import type { NetStats } from '../../client/net-stats';
import type { SnapshotOf } from '../../protocol/snapshot-types';
import { PUSHBALL_COMMANDS } from '../protocol/pushball-commands';
import { PUSHBALL_WIRE, type BallEntity, type PushballWireTypes } from '../protocol/pushball-wire';
import type { PushballRulesBlock } from '../protocol/rules-block';
import {
  config,
  sanitizePushCmd,
  type PitchWorld,
  type PitchPlayer,
  type PushEvent,
  type SanitizedPushCmd,
} from '../sim';
import { PushballPrediction, type PushballEffect, type PushballPredictionContext } from './pushball-prediction';

/** What the page samples each frame: world axes in [-127, 127] and the kick button (bit 0). */
export interface PushInput {
  moveX: number;
  moveY: number;
  buttons: number;
}

/** What a Pushball renderer draws each frame. */
export interface PushballView {
  localId: number;
  local: LocalView<PitchPlayer> | null;
  /** Everyone else at the render time. */
  players: Array<PitchPlayer & { extrapolating: boolean }>;
  /** Null before the first snapshot. */
  ball: (BallEntity & { extrapolating: boolean }) | null;
  events: ShownEvent<PushEvent>[];
  stats: NetStats;
  rules: PushballRulesBlock | null;
  tickrate: number;
}

export interface PushballClientTypes extends ClientGameTypes {
  wire: PushballWireTypes;
  cmd: SanitizedPushCmd;
  input: PushInput;
  context: PushballPredictionContext;
  view: PushballView;
}

/** A kickoff reset moves players and the ball further than play can between two snapshots. */
const PLAYER_JUMP = 100;
const BALL_JUMP = 300;

function linear<T extends { x: number; y: number; vx: number; vy: number }>(jump: number): EntityTraits<T> {
  return {
    lerp: (a, b, t) => ({
      ...b,
      x: a.x + (b.x - a.x) * t,
      y: a.y + (b.y - a.y) * t,
      vx: a.vx + (b.vx - a.vx) * Math.min(t, 1),
      vy: a.vy + (b.vy - a.vy) * Math.min(t, 1),
    }),
    teleported: (a, b) => Math.hypot(b.x - a.x, b.y - a.y) > jump,
  };
}

/** The pitch a snapshot shows: what the own player's step reads (players by id, the ball, the rules). */
function pitchOf(s: SnapshotOf<PushballWireTypes>, tickrate: number): PitchWorld {
  const players = [s.self, ...s.players].sort((a, b) => a.id - b.id);
  const b = s.balls[0];
  const r = s.match;
  return {
    tick: s.serverTick,
    tickrate,
    players,
    ball: b ? { x: b.x, y: b.y, vx: b.vx, vy: b.vy, lastTouch: b.lastTouch } : centreBall(),
    rules: {
      phase: r ? r.phase : 0,
      phaseTicksLeft: r ? r.phaseTicksLeft : 0,
      clockTicksLeft: r ? r.clockTicksLeft : 0,
      scores: r ? [r.scores[0], r.scores[1]] : [0, 0],
      goalsToWin: r ? r.goalsToWin : 0,
      matchTicks: r ? r.matchTicks : 0,
      kickoffTeam: r ? r.kickoffTeam : 0,
    },
  };
}

const centreBall = (): PitchWorld['ball'] => ({ x: config.CENTRE_X, y: config.CENTRE_Y, vx: 0, vy: 0, lastTouch: -1 });

function pushballView(f: FrameParts<PushballClientTypes>): PushballView {
  const ball = f.remotes.balls[0];
  return {
    localId: f.localId,
    local: f.local,
    players: f.remotes.players.map(({ state, extrapolating }) => ({ ...state, extrapolating })),
    ball: ball ? { ...ball.state, extrapolating: ball.extrapolating } : null,
    events: f.events,
    stats: f.stats,
    rules: f.rules,
    tickrate: f.tickrate,
  };
}

export const pushballClientGame: ClientGame<PushballClientTypes> = {
  wire: PUSHBALL_WIRE,
  commands: PUSHBALL_COMMANDS,
  command: (tick, input) => sanitizePushCmd({ tick, ...input }),
  prediction(tickrate) {
    const rules = new PushballPrediction(tickrate);
    return {
      initialContext: () => rules.initialContext(),
      step: (state, cmd, world, effects) => rules.step(state, cmd, world, effects as PushballEffect[] | null),
      same: (a, b) => rules.same(a, b),
      distance: (a, b) => rules.distance(a, b),
      contextOf: (snapshot) => pitchOf(snapshot, tickrate),
    };
  },
  remoteTraits: () => ({ players: linear<PitchPlayer>(PLAYER_JUMP), balls: linear<BallEntity>(BALL_JUMP) }),
  maxSpeed: config.PLAYER_MAX_SPEED,
  smoothedSection: 'players',
  continuous: (before, after) => Math.hypot(after.x - before.x, after.y - before.y) <= PLAYER_JUMP,
  ownPredictedEvent: (event, localId) => event.type === 'kick' && event.playerId === localId,
  view: pushballView,
};
