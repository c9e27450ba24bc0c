import { describe, expect, it } from 'vitest';
import { Predictor } from '../../../src/client/predictor';
import { ArenaPrediction, samePrediction, type ArenaPredictor } from '../../../src/arena/client/arena-prediction';
import type { SimConfig } from '../../../src/sim/config';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { stepPlayer } from '../../../src/sim/player';
import { newPlayer } from '../../../src/sim/player-state';
import { Buttons, WEAPON_KEEP, type PlayerState, type UserCmd } from '../../../src/sim/types';

const spawn = DEFAULT_MAP.spawns[0]!;

function cmd(tick: number, moveX: number, extra: Partial<UserCmd> = {}): UserCmd {
  return { tick, moveX, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP, viewTick: 0, viewFrac: 0, ...extra };
}

/** The authoritative side of the tiny test world: the same stepPlayer, one command per tick. */
function serverRun(start: PlayerState, cmds: UserCmd[], cfg: SimConfig): Map<number, PlayerState> {
  const states = new Map<number, PlayerState>();
  let p = start;
  for (const c of cmds) {
    p = stepPlayer(p, c, c.tick, cfg, []).player;
    states.set(c.tick, p);
  }
  return states;
}

/**
 * Gambetta's worked example (seed 002): 250 ms lag each way, 100 ms per step (tickrate 10), two
 * presses of "right" in a row (ticks 1 and 2), then idle. The server's state for tick N reaches the
 * client at N * 100 ms + 250 ms (+ 250 ms for the command to get there: we only need arrival order).
 * Returns the x the player is drawn at after each client event.
 */
function gambetta(reconcile: boolean): {
  drawn: number[];
  predictor: ArenaPredictor;
  server: Map<number, PlayerState>;
} {
  const cfg: SimConfig = { tickrate: 10, map: DEFAULT_MAP };
  const start = newPlayer(1, spawn.x, spawn.y);
  const cmds = [cmd(1, 127), cmd(2, 127), ...Array.from({ length: 10 }, (_, i) => cmd(i + 3, 0))];
  const server = serverRun(start, cmds, cfg);
  const predictor = new Predictor(new ArenaPrediction(cfg));
  predictor.reconcile(start, 0, reconcile);
  const drawn: number[] = [];
  // Events on a 50 ms grid: a command every 100 ms (t = (tick-1)*100), the state of tick N at (N-1)*100 + 500.
  for (let t = 0; t <= 1200; t += 50) {
    const arriving = (t - 500) / 100 + 1;
    if (Number.isInteger(arriving) && arriving >= 1) predictor.reconcile(server.get(arriving)!, arriving, reconcile);
    const issuing = t / 100 + 1;
    const next = cmds[issuing - 1];
    if (Number.isInteger(issuing) && next) predictor.predict(next);
    drawn.push(predictor.state!.x);
  }
  return { drawn, predictor, server };
}

describe('Predictor: Gambetta worked example (250 ms lag, 100 ms per step, two steps right)', () => {
  it('with reconciliation the player ends two steps right and never goes back', () => {
    const { drawn, server } = gambetta(true);
    for (let i = 1; i < drawn.length; i++) expect(drawn[i]!).toBeGreaterThanOrEqual(drawn[i - 1]!);
    expect(drawn[drawn.length - 1]).toBe(server.get(12)!.x);
    expect(server.get(2)!.x).toBeGreaterThan(server.get(1)!.x);
  });

  it('without reconciliation the first server state snaps it back', () => {
    const { drawn } = gambetta(false);
    const wentBack = drawn.some((x, i) => i > 0 && x < drawn[i - 1]!);
    expect(wentBack).toBe(true);
  });
});

describe('Predictor', () => {
  const cfg: SimConfig = { tickrate: 60, map: DEFAULT_MAP };
  const start = newPlayer(3, spawn.x, spawn.y);

  it('replays exactly: a server running the same commands never disagrees (zero prediction errors)', () => {
    const cmds = Array.from({ length: 120 }, (_, i) =>
      cmd(i + 1, ((i * 37) % 255) - 127, {
        moveY: ((i * 11) % 255) - 127,
        aim: (i * 999) % 65536,
        buttons: i % 7 === 0 ? Buttons.Fire : 0,
      }),
    );
    const server = serverRun(start, cmds, cfg);
    const p = new Predictor(new ArenaPrediction(cfg));
    p.reconcile(start, 0, true);
    let errors = 0;
    for (const c of cmds) {
      p.predict(c);
      const acked = c.tick - 9; // 9 ticks of round trip
      if (acked >= 1 && acked % 2 === 0 && p.reconcile(server.get(acked)!, acked, true).predictionError) errors++;
    }
    expect(errors).toBe(0);
    expect(samePrediction(p.state!, server.get(120)!)).toBe(true);
  });

  it('detects and corrects a misprediction (the server moved us: pushed by someone)', () => {
    const cmds = Array.from({ length: 20 }, (_, i) => cmd(i + 1, 127));
    const p = new Predictor(new ArenaPrediction(cfg));
    p.reconcile(start, 0, true);
    for (const c of cmds) p.predict(c);
    const server = serverRun({ ...start, y: start.y + 40 }, cmds, cfg);
    const outcome = p.reconcile(server.get(10)!, 10, true);
    expect(outcome.predictionError).toBe(true);
    expect(outcome.replayed).toBe(10);
    expect(p.state).toEqual(server.get(20));
    expect(p.stateAt(10)).toBeUndefined();
  });

  it('emits effects only the first time a command is predicted, never on replay', () => {
    const p = new Predictor(new ArenaPrediction(cfg));
    p.reconcile(start, 0, true);
    const fired = p.predict(cmd(1, 0, { buttons: Buttons.Fire }));
    expect(fired?.map((e) => e.type)).toEqual(['fired']);
    expect(p.predict(cmd(1, 0, { buttons: Buttons.Fire }))).toBeNull();
    p.reconcile(start, 0, true);
    expect(p.pendingCount).toBe(1);
  });

  it('takes health, score and death from the server, never from replays', () => {
    const p = new Predictor(new ArenaPrediction(cfg));
    p.reconcile(start, 0, true);
    for (let t = 1; t <= 5; t++) p.predict(cmd(t, 127));
    const hurt = { ...serverRun(start, [cmd(1, 127), cmd(2, 127)], cfg).get(2)!, health: 40, deaths: 2 };
    p.reconcile(hurt, 2, true);
    expect(p.state!.health).toBe(40);
    expect(p.state!.deaths).toBe(2);
  });

  it('predicts nothing before the first server state', () => {
    expect(new Predictor(new ArenaPrediction(cfg)).predict(cmd(1, 127))).toBeNull();
  });
});
