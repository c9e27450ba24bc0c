// The world step's allocation budget (issue 10): with a StepScratch the step reuses its hitbox
// records and per-player temporaries from tick to tick, and the result is the same world, sharing
// nothing with the scratch, so older worlds (prediction buffers, harness records) never change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { startMatch } from '../../../src/sim/match-flow';
import { GameMode } from '../../../src/sim/match-types';
import { nextVelocity } from '../../../src/sim/movement';
import { moveBox } from '../../../src/sim/collide';
import { isSanitizedCmd, sanitizeCmd } from '../../../src/sim/quantize';
import { addPlayer, createWorld, newStepScratch, stepWorld, type StepScratch } from '../../../src/sim/world';
import type { PlayerId, SimEvent, UserCmd, WorldState } from '../../../src/sim/types';
import { workloadCmd } from './workload';
import { saneCmds } from '../../helpers/sane-cmds';

const CFG = { tickrate: 60, map: DEFAULT_MAP };

function arena(players: number, mode: GameMode = GameMode.Deathmatch): WorldState {
  let w = createWorld(11);
  for (let id = 0; id < players; id++) w = addPlayer(w, id, CFG);
  return startMatch(w, { ...w.match.rules, mode, warmupS: 0, timeLimitS: 0, fragLimit: 0 }, CFG).world;
}

function commandsFor(world: WorldState, seed: number): Map<PlayerId, UserCmd> {
  const cmds = new Map<PlayerId, UserCmd>();
  for (const p of world.players) cmds.set(p.id, workloadCmd(seed, world.tick + 1, p.id, world));
  return cmds;
}

/** Steps `ticks` times; returns every world and every tick's events. */
function run(start: WorldState, ticks: number, scratch?: StepScratch): { worlds: WorldState[]; events: SimEvent[][] } {
  const worlds = [start];
  const events: SimEvent[][] = [];
  let w = start;
  for (let i = 0; i < ticks; i++) {
    const r = stepWorld(w, saneCmds(commandsFor(w, 5)), CFG, undefined, scratch);
    w = r.world;
    worlds.push(w);
    events.push(r.events);
  }
  return { worlds, events };
}

describe('stepWorld with a StepScratch', () => {
  it('creates hitbox records only when the player count grows, and reuses the same objects every tick', () => {
    const scratch = newStepScratch();
    let w = arena(16);
    w = stepWorld(w, saneCmds(commandsFor(w, 1)), CFG, undefined, scratch).world;
    expect(scratch.hitboxesCreated).toBe(16);
    const boxes = scratch.hitboxes.slice();
    const temporaries = [scratch.player.velocity, scratch.player.move, scratch.player.shot];
    for (let i = 0; i < 300; i++) w = stepWorld(w, saneCmds(commandsFor(w, 1)), CFG, undefined, scratch).world;
    expect(scratch.hitboxesCreated).toBe(16);
    expect(scratch.hitboxes).toHaveLength(16);
    scratch.hitboxes.forEach((b, i) => expect(b).toBe(boxes[i]));
    expect([scratch.player.velocity, scratch.player.move, scratch.player.shot]).toEqual(temporaries);
    temporaries.forEach((t, i) =>
      expect(t).toBe([scratch.player.velocity, scratch.player.move, scratch.player.shot][i]),
    );
    // Someone joins: one more record, nothing else re-created.
    w = addPlayer(w, 40, CFG);
    w = stepWorld(w, saneCmds(commandsFor(w, 1)), CFG, undefined, scratch).world;
    expect(scratch.hitboxesCreated).toBe(17);
    boxes.forEach((b, i) => expect(scratch.hitboxes[i]).toBe(b));
  });

  it('gives exactly the worlds and events of the scratch-free step (deathmatch and team deathmatch, shots, kills, respawns)', () => {
    for (const mode of [GameMode.Deathmatch, GameMode.TeamDeathmatch]) {
      const start = arena(12, mode);
      const fresh = run(start, 600);
      const reused = run(start, 600, newStepScratch());
      expect(reused.events.flat().filter((e) => e.type === 'killed').length).toBeGreaterThan(0);
      expect(JSON.stringify(reused.worlds)).toBe(JSON.stringify(fresh.worlds));
      expect(JSON.stringify(reused.events)).toBe(JSON.stringify(fresh.events));
    }
  });

  it('never changes a world it returned earlier (worlds share nothing with the scratch or with later steps)', () => {
    const scratch = newStepScratch();
    const { worlds } = run(arena(12, GameMode.TeamDeathmatch), 400, scratch);
    const frozen = worlds.map((w) => JSON.stringify(w));
    run(worlds[worlds.length - 1]!, 200, scratch);
    worlds.forEach((w, i) => expect(JSON.stringify(w)).toBe(frozen[i]));
    const inScratch = new Set<object>([...scratch.hitboxes, ...scratch.ownedRecords]);
    for (const w of worlds) {
      for (const p of w.players) expect(inScratch.has(p)).toBe(false);
      for (const r of w.match.players) expect(inScratch.has(r)).toBe(false);
    }
  });

  it('scores on its own copy of the match: the input match never changes, and no record is held twice', () => {
    const scratch = newStepScratch();
    let w = arena(12);
    for (let i = 0; i < 200; i++) {
      const before = w.match;
      const beforeJson = JSON.stringify(before);
      const r = stepWorld(w, saneCmds(commandsFor(w, 9)), CFG, undefined, scratch);
      // The input's match is untouched; the new one holds no record twice.
      expect(JSON.stringify(before)).toBe(beforeJson);
      expect(new Set(r.world.match.players).size).toBe(r.world.match.players.length);
      w = r.world;
    }
  });
});

describe('the per-player temporaries', () => {
  it('nextVelocity and moveBox write into the object they are given', () => {
    const v = { vx: 1, vy: 2 };
    expect(nextVelocity(100, -50, 127, 0, false, 60, v)).toBe(v);
    expect(v).toEqual(nextVelocity(100, -50, 127, 0, false, 60));
    const m = { x: 0, y: 0, blockedX: false, blockedY: false };
    expect(moveBox(DEFAULT_MAP, 0, 300, 300, 3, -2, [], m)).toBe(m);
    expect(m).toEqual(moveBox(DEFAULT_MAP, 0, 300, 300, 3, -2, []));
  });

  it('isSanitizedCmd is true exactly when sanitizeCmd changes no field', () => {
    const anyNumber = fc.oneof(
      fc.integer({ min: -70000, max: 70000 }),
      fc.double(),
      fc.constantFrom(NaN, Infinity, -0, 0.5, 255, 256, 0x7fffffff, 0x80000000),
    );
    fc.assert(
      fc.property(
        fc.record({
          tick: anyNumber,
          moveX: anyNumber,
          moveY: anyNumber,
          aim: anyNumber,
          buttons: anyNumber,
          weaponSelect: anyNumber,
          viewTick: anyNumber,
          viewFrac: anyNumber,
        }),
        (cmd) => {
          const s = sanitizeCmd(cmd);
          const same = (Object.keys(s) as Array<keyof UserCmd>).every((k) => s[k] === cmd[k]);
          expect(isSanitizedCmd(cmd)).toBe(same);
          expect(isSanitizedCmd(s)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
