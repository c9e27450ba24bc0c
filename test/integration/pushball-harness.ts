/**
 * The Pushball harness match shared by pushball-match.test.ts and pushball-ball.test.ts: the
 * netcode's GameServer and two real NetClients (60 frames a second, 150 ms RTT, 20 ms jitter, 5 %
 * loss each way), A walking a loop in its corner (nothing touches it), B chasing and kicking the
 * ball; and what is measured on them: A's and B's prediction errors, the drawn ball's frame-to-frame
 * moves, and how many frames B's own kick takes to move the ball it draws.
 */
import type { ClientGame } from '../../src/client/client-game';
import { NetClient } from '../../src/client/net-client';
import { defaultCvars } from '../../src/config/cvars';
import type { BallTrack } from '../../src/pushball/client/ball-track';
import type { PushballClientTypes, PushballView, PushInput } from '../../src/pushball/client/pushball-client-game';
import { pushballServerGame } from '../../src/pushball/server/pushball-server-game';
import type { PushballTypes } from '../../src/pushball/server/pushball-types';
import { config, type PitchWorld } from '../../src/pushball/sim';
import type { HarnessClient } from '../harness/harness-client';
import { Link } from '../harness/link';
import { Match } from '../harness/match';
import { ballWatcher, kickWatcher, type BallWatch, type KickWatch } from './pushball-watchers';

export const RTT = 150;
export const JITTER = 20;
export const LOSS = 0.05;
export const SETTLE_MS = 5_000;
export const FRAME_MS = 1000 / 60;
const IDLE: PushInput = { moveX: 0, moveY: 0, buttons: 0 };

type Pilot = (view: PushballView, nowMs: number) => PushInput;

/** A real NetClient playing Pushball at 60 frames a second: input from the frame on screen, then a frame. */
class PushballClient implements HarnessClient {
  readonly net: NetClient<PushballClientTypes>;
  private nextFrameMs = 0;
  private shown: PushballView | null = null;
  onFrame: ((view: PushballView, nowMs: number) => void) | null = null;

  constructor(
    readonly id: number,
    private readonly pilot: Pilot,
    game: ClientGame<PushballClientTypes>,
  ) {
    this.net = new NetClient({ clientId: id, tickrate: 60, cvars: defaultCvars(), game });
  }

  onPacket(bytes: Uint8Array, nowMs: number): void {
    this.net.receive(bytes, nowMs);
  }

  update(nowMs: number): Uint8Array[] {
    if (nowMs < this.nextFrameMs) return [];
    this.nextFrameMs += FRAME_MS;
    const input = this.shown ? this.pilot(this.shown, nowMs) : IDLE;
    const { packets, view } = this.net.frame(nowMs, input);
    this.shown = view;
    this.onFrame?.(view, nowMs);
    return packets;
  }

  netSettings(): ReturnType<NetClient<PushballClientTypes>['netSettings']> {
    return this.net.netSettings();
  }
}

/** Axis input toward a point, full speed until close. */
function toward(x: number, y: number, tx: number, ty: number): PushInput {
  const dx = tx - x;
  const dy = ty - y;
  const d = Math.hypot(dx, dy);
  if (d < 4) return IDLE;
  return { moveX: Math.round((127 * dx) / d), moveY: Math.round((127 * dy) / d), buttons: 0 };
}

/** A: a loop in its own half's top corner, well away from the ball's lanes and the goal mouth. */
function cornerWalker(): Pilot {
  return (view, now) => {
    const me = view.local?.state;
    if (!me) return IDLE;
    const left = me.team === 0;
    const x0 = left ? config.FIELD_X0 + 40 : config.FIELD_X1 - 160;
    const corners = [
      [x0, config.FIELD_Y0 + 25],
      [x0 + 120, config.FIELD_Y0 + 25],
      [x0 + 120, config.FIELD_Y0 + 80],
      [x0, config.FIELD_Y0 + 80],
    ] as const;
    const [tx, ty] = corners[Math.floor(now / 1500) % 4]!;
    return toward(me.x, me.y, tx, ty);
  };
}

/** B: runs at the ball it draws and kicks it whenever it is close. */
function chaser(): Pilot {
  return (view) => {
    const me = view.local?.state;
    const ball = view.ball;
    if (!me || !ball) return IDLE;
    const near = Math.hypot(ball.x - me.x, ball.y - me.y) < config.PLAYER_RADIUS + config.BALL_RADIUS + 8;
    return { ...toward(me.x, me.y, ball.x, ball.y), buttons: near ? 1 : 0 };
  };
}

/** Server ticks at which something came within reach of player `id`, or the phase changed. */
function touchWatcher(match: Match<PushballTypes>, id: number): { ticks: number[]; by: Set<string> } {
  const ticks: number[] = [];
  const by = new Set<string>();
  const reach = 2 * config.PLAYER_RADIUS + 6;
  let phase = -1;
  match.beforeTick = (m) => {
    const w: Readonly<PitchWorld> = m.server.world;
    const me = w.players.find((p) => p.id === id);
    if (!me) return;
    const other = w.players.find((p) => p.id !== id && Math.hypot(p.x - me.x, p.y - me.y) < reach);
    const ball = Math.hypot(w.ball.x - me.x, w.ball.y - me.y) < config.PLAYER_RADIUS + config.BALL_RADIUS + 6;
    if (other || ball || w.rules.phase !== phase) ticks.push(w.tick + 1);
    if (other || ball) by.add(String(other?.id ?? 'ball'));
    phase = w.rules.phase;
  };
  return { ticks, by };
}

export interface MatchResult {
  /** A's prediction errors after settling, and those no starved tick or touch explains. */
  aErrors: number[];
  aUnexplained: number[];
  /** B's prediction errors after settling (B plays the ball: contacts are its errors). */
  bErrors: number;
  starved: number;
  touches: number;
  touchedBy: string[];
  kicks: number;
  ballA: BallWatch;
  ballB: BallWatch;
  kick: KickWatch;
  /** Frames B drew the predicted ball, of all its frames. */
  bPredictedFrames: number;
  serverTick: number;
  /** Each client's ball track (A's, B's): the source jumps it melted and snapped. */
  tracks: BallTrack['corrections'][];
}

/** `game`, handing out each client's ball track as its prediction is made. */
function tracked(
  game: ClientGame<PushballClientTypes>,
  tracks: BallTrack['corrections'][],
): ClientGame<PushballClientTypes> {
  return {
    ...game,
    prediction: (tickrate) => {
      const p = game.prediction(tickrate);
      const track = p.initialContext().track;
      if (track) tracks.push(track.corrections);
      return p;
    },
  };
}

/** Plays the 60 s match with `game` on both clients. */
export function playMatch(untracked: ClientGame<PushballClientTypes>): MatchResult {
  const tracks: BallTrack['corrections'][] = [];
  const game = tracked(untracked, tracks);
  const match = new Match<PushballTypes>({
    server: { seed: 5, maxPlayers: 8, lagCompensation: false },
    game: pushballServerGame,
  });
  const a = new PushballClient(1, cornerWalker(), game);
  const b = new PushballClient(2, chaser(), game);
  const touches = touchWatcher(match, 1);
  const aErrors: number[] = [];
  const ballA = ballWatcher(FRAME_MS);
  const ballB = ballWatcher(FRAME_MS);
  const kick = kickWatcher();
  let lastA = 0;
  let bAtSettle = -1;
  let kicks = 0;
  let bPredictedFrames = 0;
  a.onFrame = (v, now) => {
    ballA.watch(v);
    const total = a.net.totals.predictionErrors;
    if (total > lastA && now > SETTLE_MS) aErrors.push(a.net.totals.lastPredictionError!.tick);
    lastA = total;
  };
  b.onFrame = (v, now) => {
    ballB.watch(v);
    kick.watch(v);
    if (v.ballPredicted) bPredictedFrames++;
    if (bAtSettle < 0 && now > SETTLE_MS) bAtSettle = b.net.totals.predictionErrors;
    kicks += v.events.filter((e) => e.event.type === 'kick').length;
  };
  if (!match.addClient(a, Link.rtt(RTT, JITTER, LOSS), 101)) throw new Error('A not seated');
  if (!match.addClient(b, Link.rtt(RTT, JITTER, LOSS), 102)) throw new Error('B not seated');
  let repeats = 0;
  const starved: number[] = [];
  match.onTick = (_out, m) => {
    const r = m.server.commandCounters(1)?.repeats ?? 0;
    if (r > repeats) starved.push(m.server.world.tick);
    repeats = r;
  };
  match.run(60_000);
  const near = (list: number[], tick: number, window: number): boolean =>
    list.some((t) => t <= tick && t > tick - window);
  // A touch or reset shows in the next snapshot A reconciles with: within about a round trip of ticks.
  const explained = (t: number): boolean => near(starved, t, 4) || near(touches.ticks, t, 12);
  return {
    aErrors,
    aUnexplained: aErrors.filter((t) => !explained(t)),
    bErrors: b.net.totals.predictionErrors - Math.max(0, bAtSettle),
    starved: starved.length,
    touches: touches.ticks.length,
    touchedBy: [...touches.by],
    kicks,
    ballA,
    ballB,
    kick,
    bPredictedFrames,
    serverTick: a.net.stats.serverTick,
    tracks,
  };
}
