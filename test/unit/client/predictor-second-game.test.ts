/**
 * The netcode's Predictor is not the arena's: here it runs Pushball's rules (src/pushball/sim, the
 * second game, which shares no code with the arena) through PredictionRules. A player walks a
 * scripted path on the server's pitch (`stepPitch`, the whole world), while the client predicts it
 * with Pushball's per-player step (`advancePlayer`) and reconciles with late server states: an
 * untouched player is predicted with 0 errors. A step that differs from the server's (one that
 * ignores the command's second axis) is caught as prediction errors, so the first check can fail.
 */
import { describe, expect, it } from 'vitest';
import { Predictor, type PredictionRules } from '../../../src/client/predictor';
import {
  addPlayer,
  advancePlayer,
  createPitch,
  stepPitch,
  type PitchWorld,
  type PitchPlayer,
  type PushCmd,
} from '../../../src/pushball/sim';

type Rules = PredictionRules<PitchPlayer, PushCmd, PitchWorld, string>;

const pushballRules: Rules = {
  initialContext: () => createPitch({ tickrate: 60 }).world,
  step: (state, cmd, world, effects) => {
    if (effects && cmd.buttons) effects.push('kick');
    return advancePlayer(state, cmd, world);
  },
  same: (a, b) => a.x === b.x && a.y === b.y && a.vx === b.vx && a.vy === b.vy,
  distance: (a, b) => Math.hypot(a.x - b.x, a.y - b.y),
};

/** A walk that turns every 20 ticks and stays in the player's own half, well away from the ball. */
function walk(tick: number): PushCmd {
  const leg = Math.floor(tick / 20) % 4;
  const [moveX, moveY] = [
    [0, 127],
    [-60, 0],
    [0, -127],
    [60, 0],
  ][leg]!;
  return { tick, moveX: moveX!, moveY: moveY!, buttons: 0 };
}

/** Server and client over a link with `delay` ticks of latency each way, a snapshot every 2 ticks. */
function play(rules: Rules, ticks: number, delay: number): { errors: number; compared: number; path: number } {
  const joined = addPlayer(createPitch({ tickrate: 60 }).world, 1);
  if (!joined.ok) throw new Error(joined.message);
  let server = joined.world;
  const predictor = new Predictor(rules);
  const snapshots: PitchWorld[] = [];
  predictor.reconcile(server.players[0]!, server.tick, true, server);
  let errors = 0;
  let compared = 0;
  let path = 0;
  for (let t = 1; t <= ticks; t++) {
    // The client is `delay` ticks ahead: its command for tick t is made now and reaches the server in time.
    predictor.predict(walk(t));
    const cmds = new Map<number, PushCmd>([[1, walk(t)]]);
    const before = server.players[0]!;
    server = stepPitch(server, cmds).world;
    path += Math.hypot(server.players[0]!.x - before.x, server.players[0]!.y - before.y);
    if (t % 2 === 0) snapshots.push(server);
    const arriving = snapshots.find((s) => s.tick === t - delay);
    if (arriving) {
      const outcome = predictor.reconcile(arriving.players[0]!, arriving.tick, true, arriving);
      if (outcome.predictionError) errors++;
      compared++;
    }
  }
  return { errors, compared, path };
}

describe('the netcode Predictor running the second game (Pushball)', () => {
  it('predicts an untouched Pushball player with 0 errors against the server world step', () => {
    const { errors, compared, path } = play(pushballRules, 600, 8);
    expect(compared).toBeGreaterThan(250);
    expect(path).toBeGreaterThan(500); // it walked: a stuck player would be predicted right for nothing
    expect(errors).toBe(0);
  });

  it('catches a prediction step that is not the server step', () => {
    const wrong: Rules = { ...pushballRules, step: (s, c, w, e) => pushballRules.step(s, { ...c, moveY: 0 }, w, e) };
    expect(play(wrong, 600, 8).errors).toBeGreaterThan(10);
  });

  it('returns first-time effects only when predicting, never on a replay', () => {
    const predictor = new Predictor(pushballRules);
    const world = createPitch({ tickrate: 60 }).world;
    const joined = addPlayer(world, 1);
    if (!joined.ok) throw new Error(joined.message);
    predictor.reconcile(joined.world.players[0]!, 0, true, joined.world);
    expect(predictor.predict({ tick: 1, moveX: 0, moveY: 0, buttons: 1 })).toEqual(['kick']);
    expect(predictor.predict({ tick: 2, moveX: 0, moveY: 0, buttons: 1 })).toEqual(['kick']);
    const outcome = predictor.reconcile(joined.world.players[0]!, 0, true, joined.world);
    expect(outcome.replayed).toBe(2);
  });
});
