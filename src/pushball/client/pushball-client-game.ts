/**
 * Pushball as the netcode's client plays it (ClientGame, src/client/client-game.ts): a frame's
 * input (a move on two axes and the kick button) becomes a command made valid by the sim's
 * sanitizer; the own player is predicted with the sim's per-player step (pushball-prediction.ts)
 * against the newest snapshot's pitch (its players, the ball, the rules); the pitch is also run
 * forward on the own timeline (running-pitch.ts), and its ball is drawn while the own player plays
 * it (ball-track.ts); the other players, and the ball otherwise, are interpolated; the view is what
 * a Pushball renderer draws. Only the page chooses it.
 */
import type {
  ClientGame,
  ClientGameTypes,
  ClientPrediction,
  FrameParts,
  LocalView,
  ShownEvent,
} from '../../client/client-game';
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
import { BallTrack, type BallMode } from './ball-track';
import { PushballPrediction, type PushballEffect } from './pushball-prediction';
import { RunningPitch } from './running-pitch';

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
  /** The ball is drawn from the prediction (on the own player's timeline), not interpolated. */
  ballPredicted: boolean;
  events: ShownEvent<PushEvent>[];
  stats: NetStats;
  rules: PushballRulesBlock | null;
  tickrate: number;
}

export interface PushballClientTypes extends ClientGameTypes {
  wire: PushballWireTypes;
  cmd: SanitizedPushCmd;
  input: PushInput;
  context: RunningPitch;
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

/** The view of a frame; the ball as the client's track draws it (interpolated when not predicting). */
function pushballView(f: FrameParts<PushballClientTypes>): PushballView {
  const interp = f.remotes.balls[0];
  const track = f.predicted?.track ?? null;
  const drawn = track
    ? track.draw({
        ctx: f.predicted,
        interp,
        own: f.local ? { x: f.local.drawX, y: f.local.drawY } : null,
        localId: f.localId,
        commandTick: f.commandTick,
        tickrate: f.tickrate,
      })
    : null;
  const ball = drawn ?? (interp ? { ...interp.state, extrapolating: interp.extrapolating, predicted: false } : null);
  return {
    localId: f.localId,
    local: f.local,
    players: f.remotes.players.map(({ state, extrapolating }) => ({ ...state, extrapolating })),
    ball: ball && {
      id: ball.id,
      x: ball.x,
      y: ball.y,
      vx: ball.vx,
      vy: ball.vy,
      lastTouch: ball.lastTouch,
      extrapolating: ball.extrapolating,
    },
    ballPredicted: ball?.predicted ?? false,
    events: f.events,
    stats: f.stats,
    rules: f.rules,
    tickrate: f.tickrate,
  };
}

/** How a client predicts: what draws the ball, and whether the own player takes the running pitch's contacts. */
export interface PushballClientOptions {
  ball?: BallMode;
  /** 'alone': the own player's step alone (advancePlayer, the kick rule, the kickoff reset); 'running': the running pitch's player. */
  own?: 'alone' | 'running';
}

/** The prediction table of one client: its own player's rules, the running pitch, one ball track. */
function predictionFor(tickrate: number, opts: Required<PushballClientOptions>): ClientPrediction<PushballClientTypes> {
  const rules = new PushballPrediction(tickrate);
  const track = new BallTrack(opts.ball);
  return {
    initialContext: () => new RunningPitch(rules.initialContext(), track),
    step: (state, cmd, ctx, effects) => {
      ctx.advance(state.id, cmd);
      const running = opts.own === 'running' ? ctx.player(state.id) : undefined;
      if (running) {
        if (ctx.kicked(state.id)) effects?.push({ type: 'kick', playerId: state.id });
        return running;
      }
      // The own player's step alone: by choice, or while the running pitch has no prediction.
      return rules.step(state, cmd, ctx.base, effects as PushballEffect[] | null);
    },
    same: (a, b) => rules.same(a, b),
    distance: (a, b) => rules.distance(a, b),
    contextOf: (snapshot) => new RunningPitch(pitchOf(snapshot, tickrate), track),
  };
}

export function pushballClientGameWith(options: PushballClientOptions = {}): ClientGame<PushballClientTypes> {
  const opts: Required<PushballClientOptions> = { ball: options.ball ?? 'hybrid', own: options.own ?? 'running' };
  return {
    wire: PUSHBALL_WIRE,
    commands: PUSHBALL_COMMANDS,
    command: (tick, input) => sanitizePushCmd({ tick, ...input }),
    prediction: (tickrate) => predictionFor(tickrate, opts),
    remoteTraits: () => ({ players: linear<PitchPlayer>(PLAYER_JUMP), balls: linear<BallEntity>(BALL_JUMP) }),
    maxSpeed: config.PLAYER_MAX_SPEED,
    smoothedSection: 'players',
    continuous: (before, after) => Math.hypot(after.x - before.x, after.y - before.y) <= PLAYER_JUMP,
    ownPredictedEvent: (event, localId) => event.type === 'kick' && event.playerId === localId,
    view: pushballView,
  };
}

export const pushballClientGame: ClientGame<PushballClientTypes> = pushballClientGameWith();
