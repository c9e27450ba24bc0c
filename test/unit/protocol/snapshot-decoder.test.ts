/**
 * The compiled snapshot decoder (SnapshotDecoder: rows, a ring of decoded baselines and their
 * checksums, a shared match block) against the general decoder it replaces on the client
 * (decodeSnapshotGeneral: the table readers building objects). Both must return the same thing
 * for every input: the same values for valid snapshots (full, delta, split into parts, baselines
 * from the ring or from anywhere else) and the same refusal, message included, for mutated and
 * random bytes, without ever throwing.
 */
import type { ArenaWireTypes } from '../../../src/arena/protocol/arena-messages';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { snapshotChecksum } from '../../../src/protocol/baseline-checksum';
import { EntityRows } from '../../../src/protocol/entity-rows';
import type { DecodeResult } from '../../../src/protocol/wire';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import { encodeSnapshot, quantizeSnapshot } from '../../../src/protocol/snapshot';
import { SnapshotDecoder } from '../../../src/protocol/snapshot-decoder';
import { encodeSnapshotParts } from '../../../src/protocol/snapshot-parts';
import { decodeSnapshotGeneral } from '../../../src/protocol/snapshot-read';
import { mutate, randomBytes } from './fuzz-kit';
import { Rng, evolve, snapshot } from './gen';

type Lookup = (tick: number) => Snapshot | undefined;

/** A match's snapshots: each a few ticks after the one before, quantized as the host sends them. */
function stream(r: Rng, length: number): Snapshot[] {
  const out = [
    quantizeSnapshot(
      ARENA_WIRE,
      snapshot(r, { tick: r.int(1000, 2 ** 31), players: r.int(0, 24), matchPlayers: r.int(0, 30) }),
      0,
    ),
  ];
  while (out.length < length) out.push(quantizeSnapshot(ARENA_WIRE, evolve(r, out[out.length - 1]!, r.int(1, 6)), 0));
  return out;
}

/** The ring's checksum of a snapshot the decoder returned (the test reaches into it on purpose). */
const heldChecksum = (d: SnapshotDecoder<ArenaWireTypes>, s: Snapshot): number | undefined =>
  (d as unknown as { ring: { find(s: Snapshot): { checksum: number } | null } }).ring.find(s)?.checksum;

describe('SnapshotDecoder returns what the general decoder returns', () => {
  it('for a stream of full and delta snapshots against baselines it decoded itself (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 5 }), (seed, lag) => {
        const r = new Rng(seed);
        const snaps = stream(r, 12);
        const fast = new SnapshotDecoder<ArenaWireTypes>(ARENA_WIRE);
        const mine: Snapshot[] = [];
        const theirs: Snapshot[] = [];
        snaps.forEach((s, i) => {
          // Every few snapshots a full one, else a delta against one `lag` back (as after a lost ack).
          const b = i >= lag && i % 5 !== 0 ? i - lag : -1;
          const bytes = encodeSnapshot(ARENA_WIRE, s, b >= 0 ? snaps[b]! : null);
          const got = fast.decode(bytes, (t) => (b >= 0 && t === mine[b]!.serverTick ? mine[b] : undefined));
          const want = decodeSnapshotGeneral(ARENA_WIRE, bytes, (t) =>
            b >= 0 && t === theirs[b]!.serverTick ? theirs[b] : undefined,
          );
          expect(got).toEqual(want);
          expect(got).toEqual({ ok: true, value: quantizeSnapshot(ARENA_WIRE, s, b >= 0 ? snaps[b]!.serverTick : 0) });
          if (!got.ok || !want.ok) return;
          // The baseline's checksum, kept for the next delta against it, is its objects' checksum.
          if (b >= 0) expect(heldChecksum(fast, mine[b]!)).toBe(snapshotChecksum(ARENA_WIRE, mine[b]!));
          mine.push(got.value);
          theirs.push(want.value);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('for split snapshots (each part alone) and baselines it did not decode (property)', () => {
    let split = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = new Rng(seed);
        const base = quantizeSnapshot(
          ARENA_WIRE,
          snapshot(r, { tick: r.int(1000, 2 ** 31), players: r.int(10, 60), projectiles: r.int(0, 20) }),
          0,
        );
        const target = quantizeSnapshot(ARENA_WIRE, evolve(r, base, r.int(1, 6)), 0);
        const lookup: Lookup = (t) => (t === base.serverTick ? base : undefined);
        const fast = new SnapshotDecoder<ArenaWireTypes>(ARENA_WIRE);
        const parts = encodeSnapshotParts(ARENA_WIRE, target, r.bool() ? base : null, r.int(300, 700));
        if (parts.length > 1) split++;
        for (const part of parts)
          expect(fast.decode(part, lookup)).toEqual(decodeSnapshotGeneral(ARENA_WIRE, part, lookup));
      }),
      { numRuns: 60 },
    );
    expect(split).toBeGreaterThan(8);
  });

  it('for mutated and random bytes: never throws, refuses with the same message, and counts both outcomes', () => {
    const r = new Rng(77);
    const snaps = stream(r, 30);
    const fast = new SnapshotDecoder<ArenaWireTypes>(ARENA_WIRE);
    // The decoder's own copies of the baselines (so the ring answers), and the general decoder's.
    const mine = new Map<number, Snapshot>();
    const theirs = new Map<number, Snapshot>();
    for (const s of snaps.slice(0, 20)) {
      const bytes = encodeSnapshot(ARENA_WIRE, s, null);
      mine.set(s.serverTick, (fast.decode(bytes, () => undefined) as { value: Snapshot }).value);
      theirs.set(
        s.serverTick,
        (decodeSnapshotGeneral(ARENA_WIRE, bytes, (): Snapshot | undefined => undefined) as { value: Snapshot }).value,
      );
    }
    const valid = snaps
      .slice(20)
      .flatMap((s, i) => [encodeSnapshot(ARENA_WIRE, s, snaps[10 + i]!), encodeSnapshot(ARENA_WIRE, s, null)]);
    const tally = { ok: 0, refused: 0 };
    const same = (bytes: Uint8Array, anyBaseline: boolean): void => {
      // Random bytes name random ticks: answering every lookup lets decoding go past the header.
      const pick =
        (m: Map<number, Snapshot>): Lookup =>
        (t) =>
          m.get(t) ?? (anyBaseline ? m.get(snaps[19]!.serverTick) : undefined);
      let got: DecodeResult<Snapshot> | undefined;
      expect(() => (got = fast.decode(bytes, pick(mine)))).not.toThrow();
      expect(got).toEqual(decodeSnapshotGeneral(ARENA_WIRE, bytes, pick(theirs)));
      tally[got!.ok ? 'ok' : 'refused']++;
    };
    for (let i = 0; i < 6000; i++) same(mutate(r, r.pick(valid)), false);
    for (let i = 0; i < 3000; i++) same(randomBytes(r, 200), true);
    expect(tally.ok).toBeGreaterThan(300);
    expect(tally.refused).toBeGreaterThan(3000);
  });

  it.each(['replaced', 'changed in place'])(
    'checksums a baseline whose self was %s after decoding as it is then (a copy gone wrong is refused)',
    (how) => {
      const r = new Rng(5);
      const [a, b] = stream(r, 2) as [Snapshot, Snapshot];
      const fast = new SnapshotDecoder<ArenaWireTypes>(ARENA_WIRE);
      const base = (fast.decode(encodeSnapshot(ARENA_WIRE, a, null), () => undefined) as { value: Snapshot }).value;
      const x = base.self.x === 0 ? 1 : 0;
      if (how === 'replaced') base.self = { ...base.self, x };
      else base.self.x = x;
      const out = fast.decode(encodeSnapshot(ARENA_WIRE, b, a), () => base);
      expect(out).toEqual(decodeSnapshotGeneral(ARENA_WIRE, encodeSnapshot(ARENA_WIRE, b, a), () => base));
      expect(out.ok).toBe(false);
    },
  );

  it('shares an unchanged match block with its baseline and only what changed in a changed one', () => {
    const r = new Rng(9);
    const a = quantizeSnapshot(ARENA_WIRE, snapshot(r, { tick: 500, players: 3, matchPlayers: 6 }), 0);
    const fast = new SnapshotDecoder<ArenaWireTypes>(ARENA_WIRE);
    const base = (fast.decode(encodeSnapshot(ARENA_WIRE, a, null), () => undefined) as { value: Snapshot }).value;
    const same = fast.decode(encodeSnapshot(ARENA_WIRE, { ...a, serverTick: 504 }, a), () => base);
    expect(same.ok && same.value.match).toBe(base.match);
    const m = a.match!;
    const scored = { ...m, players: m.players.map((p, i) => (i === 2 ? { ...p, score: p.score + 1 } : p)) };
    const next = fast.decode(encodeSnapshot(ARENA_WIRE, { ...a, serverTick: 506, match: scored }, a), () => base);
    if (!next.ok) throw new Error(next.error);
    expect(next.value.match).toEqual(quantizeSnapshot(ARENA_WIRE, { ...a, match: scored }, 0).match);
    next.value.match!.players.forEach((p, i) =>
      i === 2 ? expect(p).not.toBe(base.match!.players[i]) : expect(p).toBe(base.match!.players[i]),
    );
  });
  it('keeps the rows of the match players it returned: a changed block against one it decoded packs no list', () => {
    const r = new Rng(9);
    const a = quantizeSnapshot(ARENA_WIRE, snapshot(r, { tick: 500, players: 3, matchPlayers: 6 }), 0);
    const m = a.match!;
    expect(m.players.length).toBeGreaterThan(3);
    // Each snapshot scores a point for another match player: every block changes.
    const sent = [1, 2, 3].map((n) => ({
      ...a,
      serverTick: 500 + 2 * n,
      match: { ...m, players: m.players.map((p, i) => (i === n ? { ...p, score: p.score + 1 } : p)) },
    }));
    // Encoded first: the encoder packs rows too.
    const bytes = sent.map((s, i) => encodeSnapshot(ARENA_WIRE, s, i === 0 ? a : sent[i - 1]!));
    const fast = new SnapshotDecoder<ArenaWireTypes>(ARENA_WIRE);
    let prev = (fast.decode(encodeSnapshot(ARENA_WIRE, a, null), () => undefined) as { value: Snapshot }).value;
    const pack = vi.spyOn(EntityRows.prototype, 'pack');
    try {
      sent.forEach((s, i) => {
        const base = prev;
        const got = fast.decode(bytes[i]!, () => base);
        if (!got.ok) throw new Error(got.error);
        expect(got.value).toEqual(quantizeSnapshot(ARENA_WIRE, s, base.serverTick));
        prev = got.value;
      });
      // Without the kept rows, every changed block packed its baseline's players.
      expect(pack).not.toHaveBeenCalled();
    } finally {
      pack.mockRestore();
    }
  });
});
