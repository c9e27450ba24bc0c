// Properties the netcode relies on: determinism, the 1/16 grid after every step, purity, and replay from a wire copy.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POS_MAX, VEL_MAX, isOnGrid } from '../../../src/pushball/sim/quantize';
import { stepPitch } from '../../../src/pushball/sim/step';
import type { PitchWorld, PushCmd, PushEvent } from '../../../src/pushball/sim/types';
import { pitchWith } from './helpers';

const axis = fc.integer({ min: -127, max: 127 });
/** Mostly sane input, sometimes junk (the step sanitizes). */
const anyCmd = fc.oneof(
  { weight: 9, arbitrary: fc.record({ tick: fc.nat(), moveX: axis, moveY: axis, buttons: fc.nat(3) }) },
  {
    weight: 1,
    arbitrary: fc.record({ tick: fc.double(), moveX: fc.double(), moveY: fc.double(), buttons: fc.double() }),
  },
);
const scenario = fc.record({
  ids: fc.uniqueArray(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 8 }),
  tickrate: fc.integer({ min: 20, max: 128 }),
  /** Each tick: a command per player slot (extra slots ignored). */
  ticks: fc.array(fc.array(anyCmd, { minLength: 8, maxLength: 8 }), { minLength: 1, maxLength: 300 }),
});

function commandsFor(world: PitchWorld, slots: readonly PushCmd[]): Map<number, PushCmd> {
  return new Map(
    world.players.map((p, i) => [p.id, slots[i] ?? slots[0] ?? { tick: 0, moveX: 0, moveY: 0, buttons: 0 }]),
  );
}

function play(
  start: PitchWorld,
  ticks: readonly (readonly PushCmd[])[],
): { worlds: PitchWorld[]; events: PushEvent[][] } {
  const worlds: PitchWorld[] = [];
  const events: PushEvent[][] = [];
  let w = start;
  for (const slots of ticks) {
    const r = stepPitch(w, commandsFor(w, slots));
    w = r.world;
    worlds.push(w);
    events.push(r.events);
  }
  return { worlds, events };
}

/** Every number of the state: positions/velocities on the 1/16 grid and in range, everything else an integer. */
function expectQuantized(w: PitchWorld): void {
  const inPos = (v: number): boolean => isOnGrid(v) && v >= 0 && v < POS_MAX;
  const inVel = (v: number): boolean => isOnGrid(v) && Math.abs(v) < VEL_MAX && !Object.is(v, -0);
  for (const d of [...w.players, w.ball]) {
    expect(inPos(d.x) && inPos(d.y), JSON.stringify(d)).toBe(true);
    expect(inVel(d.vx) && inVel(d.vy), JSON.stringify(d)).toBe(true);
  }
  const ints = [
    w.tick,
    w.tickrate,
    w.ball.lastTouch,
    ...Object.values(w.rules).flat(),
    ...w.players.flatMap((p) => [p.id, p.team, p.kickCooldown]),
  ];
  expect(
    ints.every((v) => Number.isInteger(v)),
    JSON.stringify(w.rules),
  ).toBe(true);
}

describe('properties', () => {
  it('determinism: two runs of the same random command stream give identical worlds and events', () => {
    fc.assert(
      fc.property(scenario, ({ ids, tickrate, ticks }) => {
        const a = play(pitchWith(ids, { tickrate }), ticks);
        const b = play(pitchWith(ids, { tickrate }), ticks);
        expect(b.worlds).toEqual(a.worlds);
        expect(JSON.stringify(b.worlds)).toBe(JSON.stringify(a.worlds));
        expect(b.events).toEqual(a.events);
      }),
      { numRuns: 60 },
    );
  });

  it('quantization: every number in the state is on its grid after any step', () => {
    fc.assert(
      fc.property(scenario, ({ ids, tickrate, ticks }) => {
        for (const w of play(pitchWith(ids, { tickrate }), ticks).worlds) expectQuantized(w);
      }),
      { numRuns: 60 },
    );
  });

  it('a client replaying from a JSON (wire) copy of any state reproduces the server exactly', () => {
    fc.assert(
      fc.property(scenario, fc.nat(), ({ ids, tickrate, ticks }, cut) => {
        const server = play(pitchWith(ids, { tickrate }), ticks);
        const at = cut % ticks.length;
        const copy = JSON.parse(JSON.stringify(server.worlds[at])) as PitchWorld;
        const replay = play(copy, ticks.slice(at + 1));
        expect(replay.worlds).toEqual(server.worlds.slice(at + 1));
      }),
      { numRuns: 40 },
    );
  });

  it('stepPitch is pure: it never changes its arguments', () => {
    fc.assert(
      fc.property(scenario, ({ ids, tickrate, ticks }) => {
        let w = pitchWith(ids, { tickrate });
        for (const slots of ticks.slice(0, 50)) {
          const cmds = commandsFor(w, slots);
          const before = structuredClone(w);
          const cmdsBefore = structuredClone(cmds);
          const next = stepPitch(w, cmds).world;
          expect(w).toEqual(before);
          expect(cmds).toEqual(cmdsBefore);
          w = next;
        }
      }),
      { numRuns: 30 },
    );
  });

  it('processes players by id, whatever order the array arrives in', () => {
    fc.assert(
      fc.property(scenario, ({ ids, tickrate, ticks }) => {
        const start = pitchWith(ids, { tickrate });
        const mid = play(start, ticks.slice(0, 1)).worlds[0] ?? start;
        const shuffled = { ...mid, players: [...mid.players].reverse() };
        const slots = ticks[0] ?? [];
        const cmds = commandsFor(mid, slots);
        expect(stepPitch(shuffled, cmds)).toEqual(stepPitch(mid, cmds));
      }),
      { numRuns: 30 },
    );
  });
});
