/**
 * The second game through the same harness as the arena: Pushball on the netcode's GameServer and
 * NetClient, unedited, a 60-second match at 150 ms RTT, 20 ms jitter and 5 % loss each way.
 *
 *  - A walks a loop in its own half's top corner, away from the ball and the goal: nothing touches
 *    it, so after it settled its prediction must be exact. An error is explained only when the
 *    server had none of A's commands for a tick (all three packets carrying one lost: it stepped a
 *    repeat) or when, on the server, something came within reach of A. A kickoff reset after a goal
 *    (everyone to the kickoff spots) is foretold by the rules block and predicted: not an error.
 *    After settling, A must have no error at all.
 *  - B plays the ball (chases it, kicks it), so the ball moves, bounces, is kicked and scores. No
 *    bots: they roam the pitch and would walk into A's corner (with two, A was touched on a third
 *    of the ticks and the check below says nothing about prediction).
 *  - The ball, which nobody owns, is drawn interpolated on every client: it never moves faster
 *    between two frames than it can (its top speed, with the clock's slew), except across a reset to
 *    the centre. The largest frame-to-frame move is reported.
 */
import { describe, expect, it } from 'vitest';
import { NetClient } from '../../src/client/net-client';
import { defaultCvars } from '../../src/config/cvars';
import {
  pushballClientGame,
  type PushballClientTypes,
  type PushballView,
  type PushInput,
} from '../../src/pushball/client/pushball-client-game';
import { pushballServerGame } from '../../src/pushball/server/pushball-server-game';
import type { PushballTypes } from '../../src/pushball/server/pushball-types';
import { config, type PitchWorld } from '../../src/pushball/sim';
import type { HarnessClient } from '../harness/harness-client';
import { Link } from '../harness/link';
import { Match } from '../harness/match';

const RTT = 150;
const JITTER = 20;
const LOSS = 0.05;
const SETTLE_MS = 5_000;
const FRAME_MS = 1000 / 60;
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
  ) {
    this.net = new NetClient({ clientId: id, tickrate: 60, cvars: defaultCvars(), game: pushballClientGame });
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

/** B: runs at the ball and kicks it whenever it is close. */
function chaser(): Pilot {
  return (view) => {
    const me = view.local?.state;
    const ball = view.ball;
    if (!me || !ball) return IDLE;
    const near = Math.hypot(ball.x - me.x, ball.y - me.y) < config.PLAYER_RADIUS + config.BALL_RADIUS + 8;
    return { ...toward(me.x, me.y, ball.x, ball.y), buttons: near ? 1 : 0 };
  };
}

const touchedBy = new Set<string>();
/** Server ticks at which something came within reach of player `id`, or the phase changed. */
function touchWatcher(match: Match<PushballTypes>, id: number): number[] {
  const ticks: number[] = [];
  const reach = 2 * config.PLAYER_RADIUS + 6;
  let phase = -1;
  match.beforeTick = (m) => {
    const w: Readonly<PitchWorld> = m.server.world;
    const me = w.players.find((p) => p.id === id);
    if (!me) return;
    const touching =
      w.players.some((p) => p.id !== id && Math.hypot(p.x - me.x, p.y - me.y) < reach) ||
      Math.hypot(w.ball.x - me.x, w.ball.y - me.y) < config.PLAYER_RADIUS + config.BALL_RADIUS + 6;
    if (touching || w.rules.phase !== phase) ticks.push(w.tick + 1);
    if (touching)
      touchedBy.add(
        String(w.players.find((p) => p.id !== id && Math.hypot(p.x - me.x, p.y - me.y) < reach)?.id ?? 'ball'),
      );
    phase = w.rules.phase;
  };
  return ticks;
}

/** The drawn ball's largest move between two frames (resets to the centre left out), and how many exceed its top speed. */
function ballWatcher(): {
  watch: (v: PushballView) => void;
  largest: () => number;
  tooFast: () => number;
  n: () => number;
} {
  let prev: { x: number; y: number } | null = null;
  let largest = 0;
  let bad = 0;
  let n = 0;
  const limit = config.BALL_MAX_SPEED * (FRAME_MS / 1000) * 1.06 + 0.1;
  return {
    watch(v) {
      const b = v.ball;
      if (b && prev) {
        const d = Math.hypot(b.x - prev.x, b.y - prev.y);
        if (d < 300) {
          n++;
          largest = Math.max(largest, d);
          if (d > limit) bad++;
        }
      }
      prev = b ? { x: b.x, y: b.y } : null;
    },
    largest: () => largest,
    tooFast: () => bad,
    n: () => n,
  };
}

describe('Pushball in a 60 s harness match (150 ms RTT, 20 ms jitter, 5 % loss)', () => {
  it('predicts an untouched player exactly and draws the shared ball without jumps', () => {
    const match = new Match<PushballTypes>({
      server: { seed: 5, maxPlayers: 8, lagCompensation: false },
      game: pushballServerGame,
    });
    const a = new PushballClient(1, cornerWalker());
    const b = new PushballClient(2, chaser());
    const touches = touchWatcher(match, 1);
    const aErrorTicks: number[] = [];
    let lastA = 0;
    const ballA = ballWatcher();
    const ballB = ballWatcher();
    let kicks = 0;
    a.onFrame = (v, now) => {
      ballA.watch(v);
      const total = a.net.totals.predictionErrors;
      if (total > lastA && now > SETTLE_MS) aErrorTicks.push(a.net.totals.lastPredictionError!.tick);
      lastA = total;
    };
    b.onFrame = (v) => {
      ballB.watch(v);
      kicks += v.events.filter((e) => e.event.type === 'kick').length;
    };
    expect(match.addClient(a, Link.rtt(RTT, JITTER, LOSS), 101)).toBe(true);
    expect(match.addClient(b, Link.rtt(RTT, JITTER, LOSS), 102)).toBe(true);
    let repeats = 0;
    const starvedTicks: number[] = [];
    match.onTick = (_out, m) => {
      const r = m.server.commandCounters(1)?.repeats ?? 0;
      if (r > repeats) starvedTicks.push(m.server.world.tick);
      repeats = r;
    };
    match.run(60_000);

    const near = (list: number[], tick: number, window: number): boolean =>
      list.some((t) => t <= tick && t > tick - window);
    // A touch or reset shows in the next snapshot A reconciles with: within about a round trip of ticks.
    const explained = (t: number): boolean => near(starvedTicks, t, 4) || near(touches, t, 12);
    const unexplained = aErrorTicks.filter((t) => !explained(t));
    const largest = Math.max(ballA.largest(), ballB.largest());
    console.log(
      `pushball: A errors after settling ${aErrorTicks.length} (${aErrorTicks.length - unexplained.length} explained: ${starvedTicks.length} starved ticks, ${touches.length} touch or phase ticks); ` +
        `touched by [${[...touchedBy].join(', ')}]; B saw ${kicks} kicks; ball: ${ballA.tooFast() + ballB.tooFast()} of ${ballA.n() + ballB.n()} frame moves over its top speed, largest ${largest.toFixed(2)} units (limit ${(config.BALL_MAX_SPEED * (FRAME_MS / 1000)).toFixed(1)})`,
    );
    // Kickoff resets are foretold by the rules block (pushball-prediction.ts): none of them is an error.
    expect(unexplained).toEqual([]);
    expect(aErrorTicks).toEqual([]);
    expect(a.net.stats.serverTick).toBeGreaterThan(3000);
    expect(kicks).toBeGreaterThan(0);
    expect(ballA.n()).toBeGreaterThan(3000);
    expect(ballA.tooFast() + ballB.tooFast()).toBe(0);
  });
});
