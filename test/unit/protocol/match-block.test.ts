/**
 * The snapshot's match block (protocol 3): round trips in full and as a delta, costs one bit when
 * unchanged, and refuses values off their range without throwing.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BitReader, BitWriter } from '../../../src/protocol/bits';
import { readMatchBlock, writeMatchBlock } from '../../../src/arena/protocol/match-block';
import { EMPTY_MATCH, matchWords, quantizeMatch, sameBlock, sameList } from '../../../src/arena/protocol/match-value';
import { GameMode, MatchPhase, Team, type PublicMatchState } from '../../../src/sim/match-types';
import { Rng, evolveMatch, matchBlock } from './gen';

const ctx = { serverTick: 5000 };

function roundTrip(
  target: PublicMatchState,
  base: PublicMatchState | null,
): { value: PublicMatchState; bits: number; ok: boolean } {
  const w = new BitWriter();
  writeMatchBlock(w, target, base, ctx);
  const bits = w.bitLength;
  const r = new BitReader(w.finish());
  const value = readMatchBlock(r, base, ctx);
  return { value, bits, ok: r.ok };
}

const live: PublicMatchState = {
  mode: GameMode.TeamDeathmatch,
  mapId: 2,
  phase: MatchPhase.Live,
  phaseEndTick: 9000,
  fragLimit: 30,
  timeLimitS: 600,
  friendlyFire: false,
  seq: 4,
  teamScores: [7, -1],
  players: [
    { id: 1, team: Team.Red, score: 5, bot: false },
    { id: 250, team: Team.Blue, score: -1, bot: true },
  ],
  pickups: [0, 5200, 0],
  results: null,
};

describe('match block', () => {
  it('sameBlock answers as comparing the two blocks word by word (matchWords) would, for any pair of blocks (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.boolean(), (seed, related) => {
        const r = new Rng(seed);
        const a = quantizeMatch(matchBlock(r, ctx.serverTick));
        // Mostly a block and its next state (few words differ), sometimes two unrelated blocks.
        const b = quantizeMatch(related ? evolveMatch(r, a, ctx.serverTick) : matchBlock(r, ctx.serverTick));
        expect(sameBlock(a, b)).toBe(sameList(matchWords(a), matchWords(b)));
        expect(sameBlock(a, quantizeMatch(a))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('quantizing against an earlier quantized block gives the same block, sharing only equal player rows (property)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = new Rng(seed);
        const before = matchBlock(r, ctx.serverTick);
        const after = evolveMatch(r, before, ctx.serverTick);
        const earlier = quantizeMatch(before);
        const reused = quantizeMatch(after, earlier);
        expect(reused).toEqual(quantizeMatch(after));
        // A row equal to the earlier block's row of the same id is that very object; any other is new.
        for (const p of reused.players) {
          const q = earlier.players.find((e) => e.id === p.id);
          const equal = q !== undefined && q.team === p.team && q.score === p.score && q.bot === p.bot;
          if (equal) expect(p).toBe(q);
          else expect(earlier.players).not.toContain(p);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('round-trips in full and as a delta against any earlier block (property)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = new Rng(seed);
        const base = quantizeMatch(matchBlock(r, ctx.serverTick - 10));
        const target = evolveMatch(r, base, ctx.serverTick);
        expect(roundTrip(target, null).value).toEqual(quantizeMatch(target));
        const delta = roundTrip(target, base);
        expect(delta.ok).toBe(true);
        expect(delta.value).toEqual(quantizeMatch(target));
      }),
      { numRuns: 300 },
    );
  });

  it('costs one bit when nothing changed, and a few bytes for a point scored', () => {
    expect(roundTrip(live, live).bits).toBe(1);
    const scored = { ...live, teamScores: [8, -1], players: [{ ...live.players[0]!, score: 6 }, live.players[1]!] };
    const delta = roundTrip(scored, live);
    expect(delta.value).toEqual(quantizeMatch(scored));
    expect(delta.bits).toBeLessThan(40);
    expect(roundTrip(live, null).bits).toBeGreaterThan(delta.bits);
  });

  it('sends a block as changed when any one of its words differs from the baseline, and as one bit when none does', () => {
    const p0 = live.players[0]!;
    const variants: PublicMatchState[] = [
      { ...live, mode: GameMode.Deathmatch },
      { ...live, mapId: 3 },
      { ...live, phase: MatchPhase.Ended },
      { ...live, phaseEndTick: 9001 },
      { ...live, fragLimit: 31 },
      { ...live, timeLimitS: 601 },
      { ...live, friendlyFire: true },
      { ...live, seq: 5 },
      { ...live, teamScores: [8, -1] },
      { ...live, teamScores: [7, 0] },
      { ...live, players: [{ ...p0, team: Team.Blue }, live.players[1]!] },
      { ...live, players: [{ ...p0, score: 6 }, live.players[1]!] },
      { ...live, players: [{ ...p0, bot: true }, live.players[1]!] },
      { ...live, players: [{ ...p0, id: 2 }, live.players[1]!] },
      { ...live, players: [p0] },
      { ...live, pickups: [0, 5200, 1] },
      { ...live, pickups: [0, 5200] },
      { ...live, results: { standings: [], awards: [], winnerTeam: Team.Red } },
    ];
    for (const changed of variants) {
      const delta = roundTrip(changed, live);
      expect(delta.ok).toBe(true);
      expect(delta.value).toEqual(quantizeMatch(changed));
      expect(delta.bits).toBeGreaterThan(1);
    }
    // Equal content in other objects (as every tick's captured frame is): one bit.
    expect(
      roundTrip(quantizeMatch(live), quantizeMatch({ ...live, players: live.players.map((p) => ({ ...p })) })).bits,
    ).toBe(1);
  });

  it('an absent block is EMPTY_MATCH on the wire', () => {
    expect(roundTrip(undefined as unknown as PublicMatchState, null).value).toEqual(quantizeMatch(EMPTY_MATCH));
  });

  it('the encoder throws on a mode that does not fit; the decoder refuses a team or pickup count off range without throwing', () => {
    expect(() => writeMatchBlock(new BitWriter(), { ...live, mode: 3 as GameMode }, null, ctx)).toThrow(RangeError);
    const bad = [
      { ...live, players: [{ id: 1, team: 3 as Team, score: 0, bot: false }] },
      { ...live, pickups: Array.from({ length: 200 }, () => 0) },
    ];
    for (const b of bad) {
      const w = new BitWriter();
      writeMatchBlock(w, b, null, ctx);
      const r = new BitReader(w.finish());
      expect(() => readMatchBlock(r, null, ctx)).not.toThrow();
      expect(r.ok).toBe(false);
    }
  });
});
