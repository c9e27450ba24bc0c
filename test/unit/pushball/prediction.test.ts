// Pushball's prediction rules (PushballPrediction) in the netcode's Predictor, against the server
// table (PushballServerGame) running a real match: two people and a bot for 20 s. The client sees
// each server state ~9 ticks late and replays its commands on it. Its walking player is predicted
// with 0 errors whenever nothing touched it; a step that is not the server's is caught.
import { describe, expect, it } from 'vitest';
import { Predictor, type PredictionRules } from '../../../src/client/predictor';
import {
  PushballPrediction,
  type PushballEffect,
  type PushballPredictionContext,
} from '../../../src/pushball/client/pushball-prediction';
import {
  advancePlayer,
  sanitizePushCmd,
  stepPitch,
  type PitchWorld,
  type PitchPlayer,
  type PushCmd,
  type SanitizedPushCmd,
} from '../../../src/pushball/sim';
import { pushballClientGame } from '../../../src/pushball/client/pushball-client-game';
import { RunningPitch } from '../../../src/pushball/client/running-pitch';
import { gameWith, tickGame, walk } from './server-helpers';
import { cmd, pitchWith, player, playing, withBall, withPlayer } from './helpers';
import { PitchPhase } from '../../../src/pushball/sim';

type Rules = PredictionRules<PitchPlayer, PushCmd, PushballPredictionContext, PushballEffect>;

const WALKER = 1;
const DELAY = 9;
const rules = new PushballPrediction(60);

/** The same rules with another step (a class instance's methods do not survive a spread). */
function withStep(step: Rules['step']): Rules {
  return {
    initialContext: () => rules.initialContext(),
    step,
    same: (a, b) => rules.same(a, b),
    distance: (a, b) => rules.distance(a, b),
  };
}

interface Run {
  /** Reconciles whose ticks since the previous one held no server-side touch of the walker. */
  untouched: number;
  untouchedErrors: number;
  /** Reconciles after a touch (a push, a collision, a kickoff reset): errors are expected there. */
  touched: number;
  path: number;
  botKicks: number;
}

/** Person 2 runs up and down its half; the bot plays; person 1 walks its scripted path. */
function people(tick: number): Map<number, SanitizedPushCmd> {
  const runner = sanitizePushCmd({ tick, moveX: 0, moveY: Math.floor(tick / 90) % 2 === 0 ? 127 : -127 });
  return new Map([
    [WALKER, walk(tick)],
    [2, runner],
  ]);
}

/** The server state of the walker after each tick, and whether anything but its own step moved it. */
function play(prediction: Rules, seconds: number): Run {
  return playWith(prediction, (w) => w, seconds);
}

/** `play` with any context the snapshot's world gives (the client game's: a running pitch). */
function playWith<Ctx>(
  prediction: PredictionRules<PitchPlayer, PushCmd, Ctx, PushballEffect>,
  contextOf: (w: PitchWorld) => Ctx,
  seconds: number,
): Run {
  const game = gameWith([WALKER, 2], 1, 3);
  const predictor = new Predictor(prediction);
  const me = (w: PitchWorld): PitchPlayer => player(w, WALKER);
  predictor.reconcile(me(game.world), game.world.tick, true, contextOf(game.world));
  const snapshots = new Map<number, PitchWorld>();
  const touchedAt = new Set<number>();
  const run: Run = { untouched: 0, untouchedErrors: 0, touched: 0, path: 0, botKicks: 0 };
  let lastReconciled = game.world.tick;
  for (let t = 1; t <= seconds * 60; t++) {
    // The client is ahead: its command for tick t is predicted now and reaches the server in time.
    predictor.predict(walk(t));
    const before = game.world;
    const { tick, events } = tickGame(game, people);
    const after = me(game.world);
    // Touched: the whole-world step gave the walker something its own step alone would not have.
    if (JSON.stringify(advancePlayer(me(before), walk(tick), before)) !== JSON.stringify(after)) touchedAt.add(tick);
    run.path += Math.hypot(after.x - me(before).x, after.y - me(before).y);
    run.botKicks += events.filter((e) => e.type === 'kick' && game.isBot(e.playerId)).length;
    if (tick % 2 === 0) snapshots.set(tick, game.world);
    const arriving = snapshots.get(tick - DELAY);
    if (!arriving) continue;
    const outcome = predictor.reconcile(me(arriving), arriving.tick, true, contextOf(arriving));
    // The guess for this tick was replayed from the previous snapshot: only a touch since can explain an error.
    let touched = false;
    for (let k = lastReconciled + 1; k <= arriving.tick; k++) touched ||= touchedAt.has(k);
    lastReconciled = arriving.tick;
    if (touched) run.touched++;
    else {
      run.untouched++;
      if (outcome.predictionError) run.untouchedErrors++;
    }
  }
  return run;
}

describe('PushballPrediction in the netcode Predictor, against the server table', () => {
  it('predicts the untouched walking player with 0 errors over 20 s of a match with a bot', () => {
    const run = play(rules, 20);
    expect(run.untouched).toBeGreaterThan(400); // of ~600 reconciles: most of the walk is compared
    expect(run.untouchedErrors).toBe(0);
    expect(run.path).toBeGreaterThan(1500); // it walked all along: a stuck player is predicted right for nothing
    expect(run.botKicks).toBeGreaterThan(0); // the match around it was played
  });

  it("is as exact with the client game's rules: the own player taken from the running pitch", () => {
    const client = pushballClientGame.prediction(60);
    const run = playWith(client, (w) => new RunningPitch(w), 20);
    expect(run.untouched).toBeGreaterThan(400);
    expect(run.untouchedErrors).toBe(0);
    expect(run.botKicks).toBeGreaterThan(0);
  });

  it('catches a prediction step that is not the server step', () => {
    const ignoresY = withStep((s, c, w, e) => rules.step(s, { ...c, moveY: 0 }, w, e));
    expect(play(ignoresY, 20).untouchedErrors).toBeGreaterThan(50);
    const wrongRate = withStep((s, c, w, e) => rules.step(s, c, { ...w, tickrate: w.tickrate + 1 }, e));
    expect(play(wrongRate, 20).untouchedErrors).toBeGreaterThan(50);
    // The same wrapper around the true step is exact again: the wrapper is not what fails.
    expect(
      play(
        withStep((s, c, w, e) => rules.step(s, c, w, e)),
        20,
      ).untouchedErrors,
    ).toBe(0);
  });
});

describe('PushballPrediction effects and kicks', () => {
  // Player 1 in play, at rest, with the ball just within kick reach to its right.
  const world = withBall(withPlayer(playing(pitchWith([1])), 1, { x: 300, y: 300 }), { x: 327, y: 300 });

  it("a predicted kick is a first-time 'kick' effect and starts the cooldown, as the server's step does", () => {
    const predictor = new Predictor(rules);
    predictor.reconcile(player(world, 1), world.tick, true, world);
    const kick = { ...cmd(0, 0, 1), tick: world.tick + 1 };
    expect(predictor.predict(kick)).toEqual([{ type: 'kick', playerId: 1 }]);
    const server = advancePlayer(player(world, 1), kick, world);
    expect(predictor.state?.kickCooldown).toBe(15);
    expect(server.kickCooldown).toBe(0); // advancePlayer alone does not know the kick: the rule is shared
    // Holding kick during the cooldown: no kick, no effect.
    expect(predictor.predict({ ...kick, tick: world.tick + 2 })).toEqual([]);
    // A replay computes the same states and emits nothing.
    const replayed = predictor.reconcile(player(world, 1), world.tick, true, world);
    expect(replayed.replayed).toBe(2);
    expect(predictor.state?.kickCooldown).toBe(14); // 15 at the kick, one tick down since
  });

  it("agrees with the server's whole step on the kicker (no error), and kicks nothing out of reach", () => {
    const server = stepPitch(world, new Map([[1, cmd(0, 0, 1)]]));
    expect(server.events).toEqual([{ type: 'kick', playerId: 1 }]);
    const predicted = rules.step(player(world, 1), cmd(0, 0, 1), world, null);
    expect(rules.same(predicted, player(server.world, 1))).toBe(true);
    const far = withBall(world, { x: 340 });
    const effects: PushballEffect[] = [];
    expect(rules.step(player(far, 1), cmd(0, 0, 1), far, effects).kickCooldown).toBe(0);
    expect(effects).toEqual([]);
  });

  it('same compares every predicted field; distance is in world units', () => {
    const p = player(world, 1);
    expect(rules.same(p, { ...p })).toBe(true);
    for (const field of ['x', 'y', 'vx', 'vy', 'kickCooldown'] as const)
      expect(rules.same(p, { ...p, [field]: p[field] + 1 }), field).toBe(false);
    expect(rules.same(p, { ...p, team: 1 })).toBe(true); // the team is the server's word, not predicted
    expect(rules.distance(p, { ...p, x: p.x + 3, y: p.y + 4 })).toBe(5);
    expect(rules.initialContext().tickrate).toBe(60);
  });

  it("foretells the kickoff reset after a goal: the walker lands on the server's kickoff spot in the same tick", () => {
    // Three players in the pause after a goal, 5 ticks left: the snapshot says when the reset comes.
    const paused = pitchWith([1, 2, 3]);
    const goal: PitchWorld = {
      ...withPlayer(playing(paused), 1, { x: 200, y: 150, vx: 100, vy: 0 }),
      rules: { ...paused.rules, phase: PitchPhase.Goal, phaseTicksLeft: 5, kickoffTeam: 1 },
    };
    const predictor = new Predictor(rules);
    predictor.reconcile(player(goal, 1), goal.tick, true, goal);
    let server = goal;
    for (let i = 1; i <= 8; i++) {
      const c = { ...cmd(127, 40), tick: goal.tick + i };
      predictor.predict(c);
      server = stepPitch(server, new Map([[1, c]])).world;
      // Every tick equal to the server's whole step: before, at and after the reset.
      expect(rules.same(predictor.state!, player(server, 1)), `tick +${i}`).toBe(true);
    }
    expect(server.rules.phase).toBe(PitchPhase.Kickoff);
    // Without foretelling it, the reset tick is an error of the walker's whole walk back.
    const blind = withStep((state, c, world, effects) =>
      rules.step(state, c, { ...world, rules: { ...world.rules, phase: PitchPhase.Playing } }, effects),
    );
    const naive = new Predictor(blind);
    naive.reconcile(player(goal, 1), goal.tick, true, goal);
    let reset = goal;
    for (let i = 1; i <= 5; i++) {
      const c = { ...cmd(127, 40), tick: goal.tick + i };
      naive.predict(c);
      reset = stepPitch(reset, new Map([[1, c]])).world;
    }
    expect(rules.distance(naive.state!, player(reset, 1))).toBeGreaterThan(20);
  });
});
