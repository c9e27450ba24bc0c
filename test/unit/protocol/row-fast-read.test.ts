/**
 * The fast path of delta rows (row-fast-read.ts) against the general reader it stands in front
 * of (row-read.ts `readDeltaGeneral`): for every entity table, rows of random changes (small
 * moves, jumps, turns across 0, respawns, ammo and timers) read to the same values, changed
 * flags and end position; and mutated bytes are refused with the same message, never a throw.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BitReader, BitWriter } from '../../../src/protocol/bits';
import { EntityRows } from '../../../src/protocol/entity-rows';
import type { FieldContext } from '../../../src/protocol/field-codecs';
import {
  PLAYER_CODEC,
  PROJECTILE_CODEC,
  PUBLIC_PLAYER_CODEC,
  type TableCodec,
} from '../../../src/arena/protocol/fields';
import { MATCH_PLAYER_CODEC } from '../../../src/arena/protocol/match-codecs';
import { readRowsFast } from '../../../src/protocol/row-fast-read';
import { compileRowCodec, readDeltaGeneral, readDeltaRow, type RowCodec } from '../../../src/protocol/row-read';
import { writeFieldDelta } from '../../../src/protocol/field-write';
import { writeDeltaRow } from '../../../src/protocol/table-write';
import type { PublicMatchPlayer, Team } from '../../../src/sim/match-types';
import { mutate } from './fuzz-kit';
import { Rng, player, projectile } from './gen';

type AnyRow = { id: number };
const TABLES: Array<[string, TableCodec<unknown>]> = [
  ['self', PLAYER_CODEC as TableCodec<unknown>],
  ['players', PUBLIC_PLAYER_CODEC as TableCodec<unknown>],
  ['projectiles', PROJECTILE_CODEC as TableCodec<unknown>],
  ['match players', MATCH_PLAYER_CODEC as TableCodec<unknown>],
];

/** A wire-valid entity of `tc`'s table (players' tables share one generator). */
function entity(r: Rng, tc: TableCodec<unknown>, id: number, tick: number): AnyRow {
  if (tc === (PROJECTILE_CODEC as TableCodec<unknown>)) return projectile(r, id, tick);
  if (tc === (MATCH_PLAYER_CODEC as TableCodec<unknown>)) {
    const row: PublicMatchPlayer = { id, team: r.int(0, 2) as Team, score: r.int(-30, 300), bot: r.bool(0.3) };
    return row;
  }
  return player(r, id, tick);
}

/** `base` a little later: most fields as they were, a few moved a little or a lot, some rare ones changed. */
function evolve(r: Rng, tc: TableCodec<unknown>, base: AnyRow, tick: number): AnyRow {
  const fresh = entity(r, tc, base.id, tick) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...base };
  for (const f of tc.all) {
    if (f.group === 'key' || !r.bool(f.group === 'hot' ? 0.6 : 0.15)) continue;
    const v = out[f.key];
    // Small steps (the common classes), or any value (jumps, absolute forms, wraps).
    out[f.key] = typeof v === 'number' && r.bool(0.7) ? nudge(r, f.key, v) : fresh[f.key];
  }
  return out as AnyRow;
}

function nudge(r: Rng, key: string, v: number): number {
  if (key === 'aim') return (v + r.int(-3000, 3000) + 65536) % 65536;
  if (key === 'x' || key === 'y') return Math.min(Math.max(v + r.int(-40, 40) / 16, 0), 4095.9375);
  if (key === 'vx' || key === 'vy') return Math.min(Math.max(v + r.int(-300, 300) / 16, -2047.9375), 2047.9375);
  if (key === 'teleportSeq') return (v + r.int(1, 3)) % 256;
  if (key === 'kills' || key === 'deaths') return Math.max(0, v + r.int(-2, 2));
  if (key === 'score') return v + r.int(-2, 2);
  return v;
}

/** `n` deltas of `tc`'s rows in one message: the baseline rows and the written bytes. */
function message(r: Rng, tc: TableCodec<unknown>, n: number, ctx: FieldContext) {
  const bases = Array.from({ length: n }, (_, i) => entity(r, tc, i, ctx.serverTick));
  const targets = bases.map((e) => (r.bool(0.15) ? e : evolve(r, tc, e, ctx.serverTick)));
  const b = new EntityRows<AnyRow>(tc as TableCodec<AnyRow>, n).pack(bases);
  const t = new EntityRows<AnyRow>(tc as TableCodec<AnyRow>, n).pack(targets);
  const w = new BitWriter();
  for (let i = 0; i < n; i++) writeDeltaRow(w, tc, t.data, i * tc.stride, b.data, i * tc.stride, ctx);
  w.writeBits(r.int(0, 255), 8);
  return { b: b.data, bytes: w.finish(), want: t.data };
}

/** Reads the `n` rows as readListRows does (fast path, the general reader for each row it leaves), or general only. */
function readAll(bytes: Uint8Array, rc: RowCodec, b: Float64Array, n: number, ctx: FieldContext, fast: boolean) {
  const r = new BitReader(bytes);
  const d = b.slice();
  const changed = new Uint8Array(n);
  const s = rc.stride;
  for (let k = 0; k < n && r.ok; k++) {
    if (fast && rc.plan)
      k += readRowsFast(r, rc.plan, d, k * s, b, k * s, n - k, changed, k, ctx.motionScale!, ctx.serverTick);
    if (k < n && r.ok) changed[k] = readDeltaGeneral(r, rc, d, k * s, b, k * s, ctx) ? 1 : 0;
  }
  return {
    ok: r.ok,
    error: r.error,
    at: r.ok ? r.remainingBits : -1,
    rows: r.ok ? [...d] : [],
    changed: r.ok ? [...changed] : [],
  };
}

describe.each(TABLES)('the fast row reader of %s', (_name, tc) => {
  const rc = compileRowCodec(tc);

  it('has a plan (every snapshot table is read fast)', () => {
    expect(rc.plan).not.toBeNull();
  });

  it('reads what the general reader reads, and what was written (property)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = new Rng(seed);
        const ctx = { serverTick: r.int(5000, 2 ** 31), motionScale: r.bool(0.2) ? 0 : r.int(1, 65535) };
        const n = r.int(1, 40);
        const { b, bytes, want } = message(r, tc, n, ctx);
        const fast = readAll(bytes, rc, b, n, ctx, true);
        expect(fast).toEqual(readAll(bytes, rc, b, n, ctx, false));
        expect(fast.ok).toBe(true);
        expect(fast.rows).toEqual([...want.subarray(0, n * tc.stride)]);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses mutated rows with the general reader’s message, one row or many (property)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const r = new Rng(seed);
        const ctx = { serverTick: r.int(5000, 2 ** 31), motionScale: r.int(0, 65535) };
        const n = r.int(1, 12);
        const { b, bytes } = message(r, tc, n, ctx);
        const bad = mutate(r, bytes);
        expect(readAll(bad, rc, b, n, ctx, true)).toEqual(readAll(bad, rc, b, n, ctx, false));
        // One row through readDeltaRow (fast path first) as the general reader alone.
        const one = (read: typeof readDeltaRow) => {
          const rd = new BitReader(bad);
          const d = b.slice();
          const changed = read(rd, rc, d, 0, b, 0, ctx);
          return { ok: rd.ok, error: rd.error, at: rd.remainingBits, changed, row: [...d.subarray(0, tc.stride)] };
        };
        const [got, want] = [one(readDeltaRow), one(readDeltaGeneral)];
        expect(got.ok).toBe(want.ok);
        expect(got.error).toBe(want.error);
        if (want.ok) expect(got).toEqual(want);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses a field marked changed that did not change, as the general reader does', () => {
    const r = new Rng(7);
    const ctx = { serverTick: 90000, motionScale: 3000 };
    const b = new EntityRows<AnyRow>(tc as TableCodec<AnyRow>, 1).pack([entity(r, tc, 3, ctx.serverTick)]).data;
    const code = (w: BitWriter, patterns: readonly number[], mask: number, width: number): void => {
      const i = patterns.indexOf(mask);
      for (let k = 0; k < (i < 0 ? patterns.length : i); k++) w.writeBool(true);
      if (i < 0) w.writeBits(mask, width);
      else w.writeBool(false);
    };
    for (const group of ['hot', 'rare'] as const) {
      const fields = tc[group];
      fields.forEach((f, i) => {
        // Each field alone in its mask, its "delta" written from the baseline itself.
        const w = new BitWriter();
        const mask = 1 << (fields.length - 1 - i);
        code(w, tc.hotPatterns, group === 'hot' ? mask : 0, tc.hot.length);
        code(w, tc.rarePatterns, group === 'rare' ? mask : 0, tc.rare.length);
        if (f.kind !== 3) writeFieldDelta(w, f, b, 0, b, 0, ctx);
        const bytes = w.finish();
        const read = (fn: typeof readDeltaRow) => {
          const rd = new BitReader(bytes);
          fn(rd, rc, b.slice(), 0, b, 0, ctx);
          return rd.error;
        };
        expect(read(readDeltaRow)).toBe(read(readDeltaGeneral));
      });
    }
  });
});
