/**
 * Prediction under match rules: the picker predicts a pickup with the server's own code; a take
 * the server refused is rolled back on the next snapshot without moving the player; a match over
 * (frag limit reported, or its time limit passed) freezes the predicted player exactly as the server does.
 */
import { describe, expect, it } from 'vitest';
import { Predictor } from '../../../src/client/predictor';
import { ArenaPrediction, arenaContext } from '../../../src/arena/client/arena-prediction';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { MAX_HEALTH } from '../../../src/sim/config';
import { HEALTH_PACK, PICKUP_RESPAWN_SECONDS } from '../../../src/sim/pickups';
import { GameMode, MatchPhase, PickupKind, type PublicMatchState } from '../../../src/sim/match-types';
import { newPlayer } from '../../../src/sim/player-state';
import { WEAPON_KEEP, type UserCmd } from '../../../src/sim/types';

const TICKRATE = 60;
const cfg = { tickrate: TICKRATE, map: DEFAULT_MAP };
const HEALTH_SPOT = DEFAULT_MAP.pickups!.findIndex((p) => p.kind === PickupKind.Health);
const spot = DEFAULT_MAP.pickups![HEALTH_SPOT]!;

function match(over: Partial<PublicMatchState> = {}): PublicMatchState {
  return {
    mode: GameMode.Deathmatch,
    mapId: 0,
    phase: MatchPhase.Live,
    phaseEndTick: 0,
    fragLimit: 10,
    timeLimitS: 0,
    friendlyFire: false,
    seq: 1,
    teamScores: [0, 0],
    players: [
      { id: 1, team: 0, score: 0, bot: false },
      { id: 2, team: 0, score: 0, bot: false },
    ],
    pickups: DEFAULT_MAP.pickups!.map(() => 0),
    results: null,
    ...over,
  };
}

const cmd = (tick: number, moveX = 0): UserCmd => ({
  tick,
  moveX,
  moveY: 0,
  aim: 0,
  buttons: 0,
  weaponSelect: WEAPON_KEEP,
  viewTick: tick - 1,
  viewFrac: 0,
});

/** A hurt player standing just left of the health pack, walking right into it. */
function hurtNextToPack(): ReturnType<typeof newPlayer> {
  return { ...newPlayer(1, spot.x - 40, spot.y), health: 40 };
}

describe('predicted pickups', () => {
  it('the picker predicts the take: health up, the pack gone until it respawns, a pickup effect once', () => {
    const p = new Predictor(new ArenaPrediction(cfg));
    p.reconcile(hurtNextToPack(), 100, true, arenaContext(match()));
    const effects = [];
    for (let t = 101; t <= 130; t++) effects.push(...(p.predict(cmd(t, 127)) ?? []));
    expect(p.state!.health).toBe(Math.min(MAX_HEALTH, 40 + HEALTH_PACK));
    const taken = p.context.pickups[HEALTH_SPOT]!;
    expect(taken).toBeGreaterThan(100);
    expect(taken).toBeLessThanOrEqual(130 + PICKUP_RESPAWN_SECONDS[PickupKind.Health] * TICKRATE);
    expect(effects.filter((e) => e.type === 'pickup')).toEqual([
      { type: 'pickup', player: 1, pickup: HEALTH_SPOT, kind: PickupKind.Health },
    ]);
  });

  it('a take the server refused (someone was first) rolls back: health as the server says, the position untouched', () => {
    const p = new Predictor(new ArenaPrediction(cfg));
    const start = hurtNextToPack();
    p.reconcile(start, 100, true, arenaContext(match()));
    for (let t = 101; t <= 130; t++) p.predict(cmd(t, 127));
    expect(p.state!.health).toBe(90);
    const predictedAt = (tick: number) => p.stateAt(tick)!;
    const before = { x: p.state!.x, y: p.state!.y, at110: { ...predictedAt(110) } };
    // The server at tick 110: player 2 took the pack at tick 102; our player walked as predicted but got nothing.
    const serverSelf = { ...predictedAt(110), health: 40, ammo: predictedAt(110).ammo.slice() };
    const pickups = DEFAULT_MAP.pickups!.map((_, i) =>
      i === HEALTH_SPOT ? 102 + PICKUP_RESPAWN_SECONDS[PickupKind.Health] * TICKRATE : 0,
    );
    const outcome = p.reconcile(serverSelf, 110, true, arenaContext(match({ pickups })));
    expect(p.state!.health).toBe(40);
    expect(p.context.pickups[HEALTH_SPOT]).toBe(pickups[HEALTH_SPOT]);
    // No visible jump: not a position error, the same place as predicted before the snapshot.
    expect(outcome.predictionError).toBe(false);
    expect({ x: p.state!.x, y: p.state!.y }).toEqual({ x: before.x, y: before.y });
    expect(outcome.errorDistance).toBe(0);
  });

  it("a snapshot from before the take keeps the predicted take (replayed from the server's timers, no flicker)", () => {
    const p = new Predictor(new ArenaPrediction(cfg));
    p.reconcile(hurtNextToPack(), 100, true, arenaContext(match()));
    for (let t = 101; t <= 130; t++) p.predict(cmd(t, 127));
    // A snapshot that still shows the pack there (the server has not seen our take yet) keeps the predicted take.
    p.reconcile({ ...p.stateAt(103)!, health: 40 }, 103, true, arenaContext(match()));
    expect(p.state!.health).toBe(90);
  });
});

describe('the match ends on the client as on the server', () => {
  it('once the snapshot says the match is over (frag limit), predicted commands no longer move the player', () => {
    const p = new Predictor(new ArenaPrediction(cfg));
    const start = newPlayer(1, 300, 300);
    p.reconcile(
      start,
      100,
      true,
      arenaContext(match({ phase: MatchPhase.Ended, results: { standings: [], awards: [], winnerTeam: 0 } })),
    );
    for (let t = 101; t <= 120; t++) p.predict(cmd(t, 127));
    expect({ x: p.state!.x, y: p.state!.y }).toEqual({ x: start.x, y: start.y });
  });

  it('from the tick the time limit runs out, the predicted player stands still (before any snapshot says so)', () => {
    const p = new Predictor(new ArenaPrediction(cfg));
    p.reconcile(newPlayer(1, 300, 300), 100, true, arenaContext(match({ phaseEndTick: 110, timeLimitS: 60 })));
    for (let t = 101; t <= 109; t++) p.predict(cmd(t, 127));
    const atEnd = { x: p.state!.x, y: p.state!.y, vx: p.state!.vx };
    expect(atEnd.vx).toBeGreaterThan(0);
    for (let t = 110; t <= 140; t++) p.predict(cmd(t, 127));
    // Frozen commands: it coasts to a stop under friction, never accelerating again.
    expect(p.state!.vx).toBe(0);
    expect(p.state!.x).toBeLessThan(atEnd.x + atEnd.vx);
  });
});
