// Pushball's checkpoint core codec (src/pushball/server/pushball-checkpoint.ts): a real
// PushballServerGame core round-trips (and the restored game continues alike); each value a step
// could not have produced, or the envelope contradicts, is refused with its reason by the decoder
// and thrown on by the encoder; malformed JSON (nesting, spelling, size) is refused, never thrown.
import { describe, expect, it } from 'vitest';
import { MAX_CORE_BYTES } from '../../../src/protocol/core-checkpoint-codec';
import { PUSHBALL_CORE_CODEC } from '../../../src/pushball/server/pushball-checkpoint';
import { pushballServerGame } from '../../../src/pushball/server/pushball-server-game';
import type { PushballCore } from '../../../src/pushball/server/pushball-types';
import { config, kickCooldownTicks } from '../../../src/pushball/sim';
import { gameWith, tickGame } from './server-helpers';
import { people, realCore } from './checkpoint-samples';

type J = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const bytesOf = (s: string) => new TextEncoder().encode(s);
const K = config.ticksFor(config.KICKOFF_SECONDS, 60);
const G = config.ticksFor(config.GOAL_PAUSE_SECONDS, 60);

describe('Pushball checkpoint core', () => {
  it('round-trips a real core; the restored game continues the match alike', () => {
    const { core, facts } = realCore();
    const bytes = PUSHBALL_CORE_CODEC.encode(core, facts);
    const back = PUSHBALL_CORE_CODEC.decode(bytes, facts);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value).toEqual(core);
    expect(PUSHBALL_CORE_CODEC.encode(back.value, facts)).toEqual(bytes);
    const restored = pushballServerGame({ tickrate: 60 });
    restored.importCore(back.value);
    const original = gameWith([1, 2], 2, 9);
    for (let t = 0; t < 300; t++) tickGame(original, people);
    for (let t = 0; t < 120; t++) {
      tickGame(original, people);
      tickGame(restored, people);
    }
    expect(JSON.stringify(restored.world)).toBe(JSON.stringify(original.world));
  });

  it('accepts the limits themselves: a score equal to goalsToWin once Ended, full kickoff and goal pauses', () => {
    const { core, facts } = realCore();
    const ok = (edit: (j: J) => void) => {
      const j = JSON.parse(text(PUSHBALL_CORE_CODEC.encode(core, facts))) as J;
      edit(j);
      const r = PUSHBALL_CORE_CODEC.decode(bytesOf(JSON.stringify(j)), facts);
      expect(r.ok ? 'ok' : r.error).toBe('ok');
    };
    ok((j) => Object.assign(j.world.rules, { phase: 3, phaseTicksLeft: 0, scores: [j.world.rules.goalsToWin, 0] }));
    ok((j) => Object.assign(j.world.rules, { phase: 0, phaseTicksLeft: K }));
    ok((j) => Object.assign(j.world.rules, { phase: 2, phaseTicksLeft: G }));
    ok((j) => (j.world.players[0].kickCooldown = kickCooldownTicks(60)));
  });

  const refusals: Array<[string, (j: J, f: { clients: number[] }) => void, RegExp]> = [
    [
      'phaseTicksLeft 2^31 in a kickoff',
      (j) => Object.assign(j.world.rules, { phase: 0, phaseTicksLeft: 2 ** 31 }),
      /phase ticks left/,
    ],
    [
      'a kickoff longer than KICKOFF_SECONDS',
      (j) => Object.assign(j.world.rules, { phase: 0, phaseTicksLeft: K + 1 }),
      /phase ticks left/,
    ],
    [
      'a goal pause longer than GOAL_PAUSE_SECONDS',
      (j) => Object.assign(j.world.rules, { phase: 2, phaseTicksLeft: G + 1 }),
      /phase ticks left/,
    ],
    [
      'phase ticks left while playing',
      (j) => Object.assign(j.world.rules, { phase: 1, phaseTicksLeft: 1 }),
      /phase ticks left/,
    ],
    [
      'clockTicksLeft above matchTicks',
      (j) => (j.world.rules.clockTicksLeft = j.world.rules.matchTicks + 1),
      /clock ticks left/,
    ],
    ['clockTicksLeft 2^31', (j) => (j.world.rules.clockTicksLeft = 2 ** 31), /clock ticks left/],
    [
      'matchTicks above 900 s',
      (j) => Object.assign(j.world.rules, { matchTicks: 901 * 60, clockTicksLeft: 0 }),
      /match ticks/,
    ],
    [
      'matchTicks below 30 s',
      (j) => Object.assign(j.world.rules, { matchTicks: 29 * 60, clockTicksLeft: 0 }),
      /match ticks/,
    ],
    [
      'matchTicks not whole seconds',
      (j) => Object.assign(j.world.rules, { matchTicks: 100 * 60 + 1, clockTicksLeft: 0 }),
      /match ticks/,
    ],
    ['goalsToWin 21', (j) => (j.world.rules.goalsToWin = 21), /goals to win 21/],
    ['goalsToWin 0', (j) => (j.world.rules.goalsToWin = 0), /goals to win 0/],
    ['a score at goalsToWin while playing', (j) => (j.world.rules.scores[1] = j.world.rules.goalsToWin), /scores/],
    [
      'a score past goalsToWin once ended',
      (j) => Object.assign(j.world.rules, { phase: 3, phaseTicksLeft: 0, scores: [j.world.rules.goalsToWin + 1, 0] }),
      /scores/,
    ],
    ['scores not a pair', (j) => (j.world.rules.scores = [0]), /scores not a pair/],
    ['phase 4', (j) => (j.world.rules.phase = 4), /phase 4/],
    ['phase 0.5', (j) => (j.world.rules.phase = 0.5), /phase 0.5/],
    ['kickoff team 2', (j) => (j.world.rules.kickoffTeam = 2), /kickoff team 2/],
    [
      "a kick cooldown above the sim's",
      (j) => (j.world.players[0].kickCooldown = kickCooldownTicks(60) + 1),
      /kick cooldown/,
    ],
    [
      "world tickrate other than the envelope's",
      (j) => (j.world.tickrate = 30),
      /world tickrate 30, the envelope's 60/,
    ],
    ["world tick other than the envelope's", (j) => (j.world.tick += 1), /world tick/],
    ['a bot that is also a person', (j, f) => f.clients.push(j.bots[0]), /bot that is also a person/],
    [
      'a bot off the pitch',
      (j) => (j.bots = [...j.bots, 200].sort((a: number, b: number) => a - b)),
      /bot not on the pitch/,
    ],
    ["a bot id below the bots' ids", (j) => (j.bots = [5, ...j.bots]), /bot ids/],
    ['bots unsorted', (j) => j.bots.reverse(), /bots not sorted/],
    ['a bot twice', (j) => (j.bots = [j.bots[0], ...j.bots]), /bots not sorted/],
    ['a position off the grid', (j) => (j.world.players[0].x += 1 / 32), /player 1: position/],
    ['a position outside the field', (j) => (j.world.players[0].x = config.FIELD_X0 - 1), /player 1: position/],
    ['a negative position', (j) => (j.world.ball.y = -1), /ball position/],
    ['a position at POS_MAX', (j) => (j.world.ball.x = 4096), /ball position/],
    ['a ball outside the walls', (j) => (j.world.ball.y = config.FIELD_Y1 + 1), /ball position/],
    ['a velocity at VEL_MAX', (j) => (j.world.players[1].vy = 2048), /player 2: velocity/],
    ['a velocity off the grid', (j) => (j.world.ball.vx = 0.01), /ball velocity/],
    [
      'duplicate player ids',
      (j) => (j.world.players[1].id = j.world.players[0].id),
      /players not sorted by id, or an id twice/,
    ],
    ['players not sorted by id', (j) => j.world.players.reverse(), /players not sorted by id/],
    [
      'more than 8 players',
      (j) => (j.world.players = Array.from({ length: 9 }, (_, i) => ({ ...j.world.players[0], id: 10 + i }))),
      /at most 8/,
    ],
    ['team 2', (j) => (j.world.players[0].team = 2), /player 1: team 2/],
    ['a player id above 255', (j) => (j.world.players[3].id = 256), /player id 256/],
    ['a ball last touched by someone not on the pitch', (j) => (j.world.ball.lastTouch = 77), /last touched by 77/],
    ['a seed beyond 32 bits', (j) => (j.seed = 2 ** 32), /seed/],
    ['a negative match number', (j) => (j.seq = -1), /match number/],
  ];

  for (const [what, edit, reason] of refusals) {
    it(`refuses ${what} (and the encoder will not write it)`, () => {
      const { core, facts } = realCore();
      const j = JSON.parse(text(PUSHBALL_CORE_CODEC.encode(core, facts))) as J;
      const f = { ...facts, clients: [...facts.clients] };
      edit(j, f);
      const r = PUSHBALL_CORE_CODEC.decode(bytesOf(JSON.stringify(j)), f);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatch(reason);
      expect(() => PUSHBALL_CORE_CODEC.encode(j as PushballCore, f)).toThrow(RangeError);
    });
  }

  it('refuses JSON the encoder would not write, too deep, too big or not text, without throwing', () => {
    const { core, facts } = realCore();
    const good = text(PUSHBALL_CORE_CODEC.encode(core, facts));
    const refuse = (bytes: Uint8Array, reason: RegExp) => {
      const r = PUSHBALL_CORE_CODEC.decode(bytes, facts);
      expect(!r.ok && r.error).toMatch(reason);
    };
    refuse(bytesOf(' ' + good), /not as the encoder writes it/);
    refuse(bytesOf(JSON.stringify({ ...JSON.parse(good), extra: 1 })), /not as the encoder writes it/);
    refuse(bytesOf(good.replace('"seq":', '"seq" :')), /not as the encoder writes it/);
    const j = JSON.parse(good) as J;
    refuse(bytesOf(JSON.stringify({ bots: j.bots, world: j.world, seed: j.seed, seq: j.seq })), /not as the encoder/);
    refuse(bytesOf(good.replace('"vx":0,', '"vx":-0,')), /not as the encoder writes it/);
    refuse(bytesOf('['.repeat(60_000) + ']'.repeat(5_000)), /nested deeper than 4/);
    refuse(bytesOf(good.replace('"bots":[', '"bots":[[[[[[1]]]]],')), /nested deeper than 4/);
    refuse(new Uint8Array(MAX_CORE_BYTES + 1).fill(0x20), /65521 bytes/);
    refuse(Uint8Array.from([0x7b, 0xff, 0x7d]), /not JSON text/);
    refuse(bytesOf(good.slice(0, -1)), /not JSON text/);
    refuse(bytesOf('null'), /not an object/);
  });
});
