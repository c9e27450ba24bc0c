import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  PLAYER_CODEC,
  PLAYER_FIELDS,
  PROJECTILE_CODEC,
  PROJECTILE_FIELDS,
  PUBLIC_PLAYER_CODEC,
  PUBLIC_PLAYER_FIELDS,
  USER_CMD_FIELDS,
  pickFields,
} from '../../../src/arena/protocol/fields';
import { EVENT_FIELDS, EVENT_TYPES } from '../../../src/arena/protocol/events';
import { MATCH_HEADER_CODEC, MATCH_PLAYER_CODEC } from '../../../src/arena/protocol/match-codecs';
import { packEachField } from '../../../src/protocol/field-write';
import { pickEachField, unpackEachField } from '../../../src/protocol/field-read';
import { packRow, type TableCodec } from '../../../src/protocol/table-codec';
import { DEFAULT_MAP, addPlayer, createWorld } from '../../../src/sim';
import { Rng, player, projectile, publicPlayer, simEvent, userCmd } from './gen';

// The typecheck already refuses a table that misses a key; these catch a field added to a sample
// object (i.e. to what the sim produces) that no table writes, which would silently not travel.
const keysOf = (o: object): string[] => Object.keys(o).sort();
const missingFrom = (table: object, sample: object): string[] => Object.keys(sample).filter((k) => !(k in table));

describe('field tables cover every field of their type', () => {
  const r = new Rng(7);
  it.each([
    ['PlayerState', PLAYER_FIELDS, player(r, 1, 100)],
    ['PublicPlayerState', PUBLIC_PLAYER_FIELDS, publicPlayer(r, 2)],
    ['ProjectileState', PROJECTILE_FIELDS, projectile(r, 3, 100)],
    ['UserCmd', USER_CMD_FIELDS, userCmd(r, 100)],
  ] as const)('%s', (_name, table, sample) => {
    expect(keysOf(table)).toEqual(keysOf(sample));
    expect(missingFrom(table, sample)).toEqual([]);
    expect(missingFrom(table, { ...sample, addedLater: 1 })).toEqual(['addedLater']);
  });

  it('every SimEvent type has a table with exactly its fields', () => {
    for (let i = 0; i < 200; i++) {
      const e = simEvent(r);
      const { type, ...body } = e;
      expect(EVENT_TYPES).toContain(type);
      expect(keysOf(EVENT_FIELDS[type])).toEqual(keysOf(body));
    }
    expect(keysOf(EVENT_FIELDS)).toEqual([...EVENT_TYPES].sort());
  });

  it('decoded objects list every field once, in the order the sim builds them', () => {
    const r = new Rng(8);
    const simPlayer = addPlayer(createWorld(1), 4, { tickrate: 60, map: DEFAULT_MAP }).players[0]!;
    expect(Object.keys(pickFields(PLAYER_CODEC, player(r, 1, 100)))).toEqual(Object.keys(simPlayer));
    const publicKeys = Object.keys(simPlayer).filter((k) => k in PUBLIC_PLAYER_FIELDS);
    expect(Object.keys(pickFields(PUBLIC_PLAYER_CODEC, publicPlayer(r, 2)))).toEqual(publicKeys);
    const rocket = projectile(r, 3, 100);
    expect([...PROJECTILE_CODEC.objectOrder].sort()).toEqual(keysOf(rocket));
  });

  it("each table's hand-written copy equals the generic one: same keys, same order, arrays copied, extras dropped", () => {
    const r = new Rng(9);
    const header = {
      mode: 1,
      mapId: 2,
      phase: 1,
      phaseEndTick: 900,
      fragLimit: 20,
      timeLimitS: 600,
      friendlyFire: true,
      seq: 3,
      redScore: -2,
      blueScore: 7,
    };
    const cases: Array<[TableCodec<object>, () => object]> = [
      [PLAYER_CODEC, () => player(r, 1, 100)],
      [PUBLIC_PLAYER_CODEC, () => publicPlayer(r, 2)],
      [PROJECTILE_CODEC, () => projectile(r, 3, 100)],
      [MATCH_HEADER_CODEC as TableCodec<object>, () => ({ ...header, seq: r.int(0, 255) })],
      [
        MATCH_PLAYER_CODEC,
        () => ({ id: r.int(0, 255), team: r.int(0, 2), score: r.int(-5, 50), bot: r.int(0, 1) === 1 }),
      ],
    ];
    for (const [codec, sample] of cases) {
      for (let i = 0; i < 20; i++) {
        const v = { ...sample(), extra: 'dropped' };
        const fast = pickFields(codec, v);
        const generic = pickEachField(codec, v);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(generic));
        expect(Object.keys(fast)).toEqual([...codec.objectOrder]);
        for (const [key, value] of Object.entries(fast))
          if (Array.isArray(value)) expect(value).not.toBe((v as Record<string, unknown>)[key]);
      }
    }
  });

  it("each table's hand-written packer equals the generic one: same columns and values, the same refusal of off-grid values (property)", () => {
    const cases: Array<[TableCodec<object>, (r: Rng) => object]> = [
      [PLAYER_CODEC, (r) => player(r, r.int(0, 255), 5000)],
      [PUBLIC_PLAYER_CODEC, (r) => publicPlayer(r, r.int(0, 255))],
      [PROJECTILE_CODEC, (r) => projectile(r, r.int(0, 65535), 5000)],
      [
        MATCH_PLAYER_CODEC as TableCodec<object>,
        (r) => ({ id: r.int(0, 255), team: r.int(0, 2), score: r.int(-50, 500), bot: r.int(0, 1) === 1 }),
      ],
    ];
    // Only tables with a packer of their own.
    const outcome = (pack: () => void, d: Float64Array): string => {
      try {
        pack();
        return JSON.stringify([...d]);
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    };
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom(...cases),
        fc.constantFrom('', 'x', 'vy', 'ammo', 'x+vx'),
        (seed, [codec, sample], spoil) => {
          const r = new Rng(seed);
          const v = sample(r) as Record<string, unknown>;
          // Off the grid or the wrong length: both must refuse, with the same message.
          if (spoil.includes('x') && 'x' in v) v.x = (v.x as number) + 1 / 64;
          if (spoil.includes('vx') && 'vx' in v) v.vx = 0.01;
          if (spoil === 'vy' && 'vy' in v) v.vy = -1 / 32;
          if (spoil === 'ammo' && Array.isArray(v.ammo)) v.ammo = v.ammo.slice(1);
          const off = r.int(0, 3) * codec.stride;
          const fast = new Float64Array(codec.stride * 5).fill(-7);
          const generic = new Float64Array(codec.stride * 5).fill(-7);
          expect(outcome(() => packRow(codec, v, fast, off), fast)).toBe(
            outcome(() => packEachField(codec, v, generic, off), generic),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("each table's hand-written unpacker (the snapshot decoder's row to object) equals the generic one: same keys in order, same values, integers as small integers (property)", () => {
    const cases: Array<[TableCodec<object>, (r: Rng) => object]> = [
      [PLAYER_CODEC, (r) => player(r, r.int(0, 255), r.int(1, 2 ** 32 - 3000))],
      [
        PUBLIC_PLAYER_CODEC,
        (r) => ({ ...publicPlayer(r, r.int(0, 255)), kills: r.bool() ? 2 ** 33 + r.int(0, 9) : r.int(0, 9) }),
      ],
      [PROJECTILE_CODEC, (r) => projectile(r, r.int(0, 65535), 5000)],
      [
        MATCH_PLAYER_CODEC as TableCodec<object>,
        (r) => ({ id: r.int(0, 255), team: r.int(0, 2), score: r.int(-50, 500), bot: r.int(0, 1) === 1 }),
      ],
    ];
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...cases), (seed, [codec, sample]) => {
        const r = new Rng(seed);
        const row = new Float64Array(codec.stride * 3);
        const off = r.int(0, 2) * codec.stride;
        packRow(codec, sample(r), row, off);
        const fast = codec.unpackRow(row, off);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(unpackEachField(codec, row, off)));
        expect(Object.keys(fast)).toEqual([...codec.objectOrder]);
        expect(fast).toEqual(pickFields(codec, unpackEachField(codec, row, off)));
      }),
      { numRuns: 300 },
    );
  });

  it('codes velocities before positions in the same group (positions are predicted from them)', () => {
    for (const codec of [PLAYER_CODEC, PUBLIC_PLAYER_CODEC, PROJECTILE_CODEC]) {
      const hot = codec.hot.map((f) => f.key);
      expect(hot.indexOf('vx')).toBeGreaterThanOrEqual(0);
      expect(hot.indexOf('vx')).toBeLessThan(hot.indexOf('x'));
      expect(hot.indexOf('vy')).toBeLessThan(hot.indexOf('y'));
    }
  });

  it('marks the id as the key of entity tables', () => {
    expect(PUBLIC_PLAYER_FIELDS.id.group).toBe('key');
    expect(PROJECTILE_FIELDS.id.group).toBe('key');
  });
});
