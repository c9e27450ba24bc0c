import { describe, expect, it } from 'vitest';
import { PLAYER_RADIUS, SPAWN_CLEARANCE } from '../../../src/sim/config';
import { CUSTOM_MAP_ID, MAPS, MAX_PICKUPS, idOfMap, mapById } from '../../../src/sim/maps';
import { DEFAULT_RULES, RULE_LIMITS, checkRules, describeRules } from '../../../src/sim/match-rules';
import { GameMode, Team } from '../../../src/sim/match-types';
import { PICKUP_RADIUS } from '../../../src/sim/pickups';
import { chooseSpawn, inSight } from '../../../src/sim/respawn';
import { overlaps, rectBox } from './helpers';

describe('every map', () => {
  for (const map of MAPS) {
    it(`${map.name}: walls, spawns and pickups are valid`, () => {
      expect(map.name.length).toBeGreaterThan(0);
      expect(map.width).toBeLessThan(4096);
      for (const w of map.walls) {
        for (const v of [w.x, w.y, w.w, w.h]) expect(Number.isInteger(v)).toBe(true);
        expect(w.x >= 0 && w.y >= 0 && w.x + w.w <= map.width && w.y + w.h <= map.height).toBe(true);
      }
      expect(map.spawns.length).toBeGreaterThanOrEqual(8);
      const r = PLAYER_RADIUS;
      for (const s of map.spawns) {
        expect(s.x - r >= 0 && s.y - r >= 0 && s.x + r <= map.width && s.y + r <= map.height).toBe(true);
        const margin = [s.x - r - 8, s.y - r - 8, s.x + r + 8, s.y + r + 8];
        for (const w of map.walls) expect(overlaps(margin, rectBox(w)), `${map.name} spawn ${s.x},${s.y}`).toBe(false);
        for (const o of map.spawns)
          if (o !== s) expect(Math.hypot(o.x - s.x, o.y - s.y)).toBeGreaterThanOrEqual(SPAWN_CLEARANCE);
      }
      const pickups = map.pickups ?? [];
      expect(pickups.length).toBeGreaterThanOrEqual(4);
      expect(pickups.length).toBeLessThanOrEqual(MAX_PICKUPS);
      for (const p of pickups) {
        const box = [p.x - PICKUP_RADIUS, p.y - PICKUP_RADIUS, p.x + PICKUP_RADIUS, p.y + PICKUP_RADIUS];
        for (const w of map.walls) expect(overlaps(box, rectBox(w)), `${map.name} pickup ${p.x},${p.y}`).toBe(false);
      }
      expect(Object.isFrozen(map) && Object.isFrozen(map.walls) && Object.isFrozen(map.spawns)).toBe(true);
      expect(mapById(idOfMap(map))).toBe(map);
    });
  }

  it('are different shapes: an open one, one of corridors, a symmetric team map', () => {
    const area = (m: (typeof MAPS)[number]): number =>
      m.walls.reduce((a, w) => a + w.w * w.h, 0) / (m.width * m.height);
    const [, plaza, warrens, bastion] = MAPS;
    expect(area(plaza!)).toBeLessThan(0.03);
    expect(area(warrens!)).toBeGreaterThan(0.3);
    const mirror = (x: number, w = 0): number => bastion!.width - x - w;
    const key = (x: number, y: number, w: number, h: number): string => `${x},${y},${w},${h}`;
    const walls = new Set(bastion!.walls.map((w) => key(w.x, w.y, w.w, w.h)));
    for (const w of bastion!.walls) expect(walls.has(key(mirror(w.x, w.w), w.y, w.w, w.h))).toBe(true);
    for (const s of bastion!.spawns) {
      expect(s.team === Team.Red || s.team === Team.Blue).toBe(true);
      expect(bastion!.spawns).toContainEqual({
        x: mirror(s.x),
        y: s.y,
        team: s.team === Team.Red ? Team.Blue : Team.Red,
      });
    }
    for (const p of bastion!.pickups!) expect(bastion!.pickups).toContainEqual({ ...p, x: mirror(p.x) });
  });

  it('team deathmatch spawns each team on its own side of bastion', () => {
    const bastion = MAPS[3]!;
    for (let seed = 0; seed < 50; seed++) {
      const red = chooseSpawn(bastion, [], seed, { team: Team.Red, isEnemy: () => true });
      const blue = chooseSpawn(bastion, [], seed, { team: Team.Blue, isEnemy: () => true });
      expect(red.x).toBeLessThan(bastion.width / 2);
      expect(blue.x).toBeGreaterThan(bastion.width / 2);
    }
  });

  it('unknown ids have no map; a custom map has the custom id', () => {
    expect(mapById(MAPS.length)).toBeUndefined();
    expect(mapById(CUSTOM_MAP_ID)).toBeUndefined();
    expect(idOfMap({ ...MAPS[0]! })).toBe(CUSTOM_MAP_ID);
  });
});

describe('inSight', () => {
  it('is a clear line within the range', () => {
    const map = MAPS[0]!;
    expect(inSight(map, 100, 100, 200, 100)).toBe(true);
    // The centre block stands between these two points.
    expect(inSight(map, 700, 500, 900, 500)).toBe(false);
    expect(inSight({ ...map, walls: [] }, 0, 0, 2000, 0)).toBe(false);
  });
});

describe('checkRules', () => {
  it('keeps valid rules and fills the defaults', () => {
    expect(checkRules({})).toEqual({ rules: DEFAULT_RULES, issues: [] });
    const r = {
      mode: GameMode.TeamDeathmatch,
      mapId: 2,
      fragLimit: 5,
      timeLimitS: 120,
      warmupS: 0,
      friendlyFire: true,
    };
    expect(checkRules(r)).toEqual({ rules: r, issues: [] });
    expect(checkRules(checkRules({ fragLimit: 9999 }).rules).issues).toEqual([]);
  });

  it('clamps numbers, refuses unknown modes and maps, and says so once per field', () => {
    const { rules, issues } = checkRules({ mode: 7, mapId: -1, fragLimit: 9999, timeLimitS: -5, warmupS: 'soon' });
    expect(rules).toMatchObject({
      mode: DEFAULT_RULES.mode,
      mapId: DEFAULT_RULES.mapId,
      fragLimit: RULE_LIMITS.fragLimit.max,
      timeLimitS: 0,
      warmupS: DEFAULT_RULES.warmupS,
    });
    expect(issues.map((i) => i.field)).toEqual(['mode', 'mapId', 'fragLimit', 'timeLimitS', 'warmupS']);
    expect(issues[2]!.message).toBe('Frag limit 9999 is outside 0-200; using 200.');
    expect(checkRules({ fragLimit: '12' }).rules.fragLimit).toBe(12);
  });

  it('describes rules in one line', () => {
    expect(
      describeRules({ ...DEFAULT_RULES, mode: GameMode.TeamDeathmatch, mapId: 3, fragLimit: 30, friendlyFire: true }),
    ).toBe('Team deathmatch on bastion, first to 30, 10 min, friendly fire');
  });
});
