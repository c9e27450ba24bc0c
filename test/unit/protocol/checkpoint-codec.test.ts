// The migration checkpoint codec (issue 13): lossless round trips of any valid checkpoint, a clear
// refusal (never a throw) for anything else, and the limits it enforces.
import { describe, expect, it } from 'vitest';
import { BitWriter } from '../../../src/protocol/bits';
import { decodeCheckpoint, encodeCheckpoint } from '../../../src/arena/protocol/checkpoint-codec';
import {
  CHECKPOINT_LIMITS,
  CHECKPOINT_VERSION,
  type Checkpoint,
  type DepartedPlayer,
} from '../../../src/arena/protocol/checkpoint-types';
import { Team } from '../../../src/sim/match-types';
import type { DecodeResult } from '../../../src/protocol/wire';
import { checkpoint } from './checkpoint-gen';
import { fuzz } from './fuzz-kit';
import { Rng } from './gen';

function roundTrip(c: Checkpoint): Checkpoint {
  const out = decodeCheckpoint(encodeCheckpoint(c));
  if (!out.ok) throw new Error(out.error);
  return out.value;
}

describe('migration checkpoint codec', () => {
  // Key order is checked on sim-made worlds (checkpoint-determinism.test.ts compares JSON); the generator's differs.
  it('round-trips 2,000 random checkpoints exactly', () => {
    const r = new Rng(41);
    for (let i = 0; i < 2000; i++) {
      const c = checkpoint(r);
      const back = roundTrip(c);
      expect(back).toEqual(c);
    }
  });

  it('carries what no snapshot does: ammo, weapon timers, respawn tick, shot counters, PRNG, seat tokens, departed records, the key', () => {
    // The first seed from 7 whose checkpoint holds a departed player with its record.
    let seed = 7;
    while (!checkpoint(new Rng(seed), { players: 3 }).departed.some((d) => d.returning)) seed++;
    const c = checkpoint(new Rng(seed), { players: 3 });
    const back = roundTrip(c);
    expect(back.departed).toEqual(c.departed);
    expect(back.clients.map((k) => k.token)).toEqual(c.clients.map((k) => k.token));
    expect(
      back.world.players.map((p) => [p.ammo, p.nextFireTick, p.reloadEndTick, p.deployEndTick, p.respawnTick]),
    ).toEqual(c.world.players.map((p) => [p.ammo, p.nextFireTick, p.reloadEndTick, p.deployEndTick, p.respawnTick]));
    expect(back.world.match.players.map((m) => [m.shots, m.hits, m.damage, m.streak, m.bestStreak])).toEqual(
      c.world.match.players.map((m) => [m.shots, m.hits, m.damage, m.streak, m.bestStreak]),
    );
    expect(back.world.rng).toBe(c.world.rng);
    expect([...back.lobbyKey]).toEqual([...c.lobbyKey]);
  });

  it('refuses another version with a sentence saying which', () => {
    const bytes = encodeCheckpoint(checkpoint(new Rng(3)));
    bytes[0] = CHECKPOINT_VERSION + 1;
    const out = decodeCheckpoint(bytes);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatch(/version 2 .*reads 1/);
  });

  it('refuses every truncation and trailing bytes', () => {
    const bytes = encodeCheckpoint(checkpoint(new Rng(5), { players: 4, projectiles: 2 }));
    for (let n = 0; n < bytes.length; n++) expect(decodeCheckpoint(bytes.subarray(0, n)).ok, `cut at ${n}`).toBe(false);
    expect(decodeCheckpoint(Uint8Array.from([...bytes, 0])).ok).toBe(false);
  });

  it('refuses a count above its limit before allocating for it', () => {
    const w = new BitWriter();
    w.writeBits(CHECKPOINT_VERSION, 8);
    w.writeBits(60, 8);
    w.writeVarUint(2 ** 33, 4); // max players: an absurd count
    const out = decodeCheckpoint(w.finish());
    expect(out).toEqual({ ok: false, error: expect.stringMatching(/max players/) as unknown as string });
  });

  it('refuses inconsistent checkpoints: a client without a player, unsorted players, a player without a match record, history out of order', () => {
    const c = checkpoint(new Rng(9), { players: 3 });
    const p = c.world.players;
    const ghost = [...Array(256).keys()].find((id) => !p.some((q) => q.id === id))!;
    const cases: Checkpoint[] = [
      { ...c, clients: [{ id: ghost, name: 'ghost', token: '0'.repeat(32), lastCmd: null, lastCmdMadeAgo256: 0 }] },
      { ...c, world: { ...c.world, players: [...p].reverse() } },
      { ...c, world: { ...c.world, match: { ...c.world.match, players: [] } } },
      {
        ...c,
        rewind: [
          { tick: c.world.tick - 1, boxes: [] },
          { tick: c.world.tick - 2, boxes: [] },
        ],
      },
    ];
    for (const bad of cases) expect(decodeCheckpoint(encodeCheckpoint(bad)).ok).toBe(false);
  });

  it('refuses departed players that no rejoin could be given: connected, no seat token, another one’s or a bot’s record, a seat token twice, an id twice', () => {
    const c = checkpoint(new Rng(9), { players: 3 });
    const here = c.world.players[0]!.id;
    const away = [...Array(256).keys()].find((id) => !c.world.players.some((q) => q.id === id))!;
    const client = { id: here, name: 'Ada', token: 'a1'.repeat(16), lastCmd: null, lastCmdMadeAgo256: 0 };
    const record = {
      id: away,
      team: Team.Red,
      score: 5,
      bot: false,
      shots: 9,
      hits: 4,
      damage: 300,
      streak: 2,
      bestStreak: 3,
    };
    const gone: DepartedPlayer = {
      token: 'b2'.repeat(16),
      id: away,
      name: 'Bo',
      returning: { record, kills: 6, deaths: 1 },
    };
    const base: Checkpoint = { ...c, clients: [client], departed: [gone] };
    expect(roundTrip(base)).toEqual(base);
    const cases: Array<[string, Checkpoint]> = [
      ['connected', { ...base, departed: [{ ...gone, id: here, returning: null }] }],
      ['no seat token', { ...base, departed: [{ ...gone, token: '0'.repeat(32) }] }],
      [
        "another one's record",
        { ...base, departed: [{ ...gone, returning: { ...gone.returning!, record: { ...record, id: here } } }] },
      ],
      [
        "a bot's record",
        { ...base, departed: [{ ...gone, returning: { ...gone.returning!, record: { ...record, bot: true } } }] },
      ],
      ['token twice', { ...base, departed: [{ ...gone, token: client.token }] }],
      ['one id twice', { ...base, departed: [gone, { ...gone, token: 'c3'.repeat(16), returning: null }] }],
    ];
    for (const [what, bad] of cases) expect(decodeCheckpoint(encodeCheckpoint(bad)).ok, what).toBe(false);
  });

  it('the encoder refuses what it cannot carry (a caller bug): a bad token, a long key, too many cvars', () => {
    const c = checkpoint(new Rng(11), { players: 1 });
    expect(() => encodeCheckpoint({ ...c, bans: ['not-a-token'] })).toThrow(RangeError);
    expect(() => encodeCheckpoint({ ...c, lobbyKey: new Uint8Array(CHECKPOINT_LIMITS.lobbyKeyBytes + 1) })).toThrow(
      RangeError,
    );
    expect(() =>
      encodeCheckpoint({
        ...c,
        cvars: Array.from({ length: CHECKPOINT_LIMITS.cvars + 1 }, () => ({ name: 'sv_x', value: 1 })),
      }),
    ).toThrow(RangeError);
    expect(() => encodeCheckpoint({ ...c, cvars: [{ name: 'sv_x', value: Number.NaN }] })).toThrow(RangeError);
  });
});

describe('the checkpoint decoder never throws on random or mutated bytes', () => {
  const RUNS = 10_000;
  const r = new Rng(17);
  const samples = Array.from({ length: 30 }, () =>
    encodeCheckpoint(checkpoint(r, { players: r.int(0, 5), projectiles: r.int(0, 3) })),
  );

  it('mutations of valid checkpoints and random bytes', () => {
    const [random, mutated] = fuzz(18, 300, samples, decodeCheckpoint, encodeCheckpoint, RUNS);
    expect(random.ok + random.refused).toBe(RUNS);
    expect(mutated.refused).toBeGreaterThan(RUNS / 10);
    // Some mutations still decode (a flipped bit in a position or a score): then the value re-encoded must decode the same.
    expect(mutated.ok).toBeGreaterThan(100);
  });

  it('random bytes behind a valid version byte (so decoding goes past the first check)', () => {
    const withVersion = (b: Uint8Array): Uint8Array => Uint8Array.from([CHECKPOINT_VERSION, ...b]);
    const decode = (b: Uint8Array): DecodeResult<Checkpoint> => decodeCheckpoint(withVersion(b));
    const [random] = fuzz(
      19,
      300,
      samples.map((s) => s.subarray(1)),
      decode,
      (c) => encodeCheckpoint(c).subarray(1),
      RUNS,
    );
    expect(random.refused).toBeGreaterThan(RUNS / 2);
  });
});
