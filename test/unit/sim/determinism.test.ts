import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { stepPlayer } from '../../../src/sim/player';
import { sanitizeCmd } from '../../../src/sim/quantize';
import { addPlayer, createWorld, stepWorld } from '../../../src/sim/world';
import { WEAPON_KEEP, type WorldState } from '../../../src/sim/types';
import { cfgFor } from './helpers';
import { runWorkload, workloadCmd } from './workload';
import { saneCmds } from '../../helpers/sane-cmds';

const cfg = cfgFor(DEFAULT_MAP);
const SEED = 20261122;
const TICKS = 10_000;

function startWorld(players: number): WorldState {
  let w = createWorld(SEED);
  for (let id = 0; id < players; id++) w = addPlayer(w, id, cfg);
  return w;
}

describe('determinism over 10,000 ticks', () => {
  const first = runWorkload(startWorld(6), TICKS, SEED, cfg);

  it('exercises every part of the rules', () => {
    for (const type of ['fired', 'hit', 'killed', 'respawned', 'exploded', 'reloaded', 'switched']) {
      expect(first.eventCounts[type] ?? 0, type).toBeGreaterThan(5);
    }
    expect(first.world.tick).toBe(TICKS);
  });

  it('the same commands give the same states, deep and JSON equal, at every checkpoint', () => {
    const second = runWorkload(startWorld(6), TICKS, SEED, cfg);
    expect(second.world).toEqual(first.world);
    expect(JSON.stringify(second.world)).toBe(JSON.stringify(first.world));
    expect(second.checkpoints).toEqual(first.checkpoints);
    expect(second.eventCounts).toEqual(first.eventCounts);
  });

  it('a different seed gives a different game (the test can tell runs apart)', () => {
    const other = runWorkload(startWorld(6), 2000, SEED + 1, cfg);
    expect(other.checkpoints).not.toEqual(first.checkpoints.slice(0, 4));
  });

  for (const [name, copy] of [
    ['JSON', (w: WorldState) => JSON.parse(JSON.stringify(w)) as WorldState],
    ['structuredClone', (w: WorldState) => structuredClone(w)],
  ] as const) {
    it(`a run restarted from a ${name} copy of a mid-run state ends identically`, () => {
      const half = runWorkload(startWorld(6), TICKS / 2, SEED, cfg);
      const resumed = runWorkload(copy(half.world), TICKS / 2, SEED, cfg);
      expect(resumed.world).toEqual(first.world);
      expect(JSON.stringify(resumed.world)).toBe(JSON.stringify(first.world));
      expect([...half.checkpoints, ...resumed.checkpoints]).toEqual(first.checkpoints);
    });
  }
});

describe('client prediction reproduces the server bit for bit', () => {
  it('stepPlayer from a wire copy of the state, with the same commands, equals the server player every tick', () => {
    let world = startWorld(1);
    let predicted = JSON.parse(JSON.stringify(world.players[0])) as WorldState['players'][number];
    for (let tick = 1; tick <= 3000; tick++) {
      // Rifle only: rockets could hurt their owner, which only the server knows.
      const cmd = { ...workloadCmd(SEED, tick, 0, world), weaponSelect: WEAPON_KEEP };
      world = stepWorld(world, saneCmds(new Map([[0, cmd]])), cfg).world;
      predicted = stepPlayer(predicted, sanitizeCmd(cmd), tick, cfg, []).player;
      expect(predicted).toEqual(world.players[0]);
    }
  });
});
