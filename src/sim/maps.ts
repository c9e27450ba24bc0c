/**
 * The arenas the host can pick, by id (the index into MAPS, which the wire carries as `mapId`):
 *   0 crossfire  scattered cover in a 1600 x 1000 box (the default, map.ts)
 *   1 plaza      open: a wide square with a few pillars, long sight lines, fights in the open
 *   2 warrens    corridors: six blocks with 180-unit lanes between them, pillars at the crossings
 *   3 bastion    a symmetric team map: two walled bases facing each other across a mid-field,
 *                red spawns on the left, blue on the right (mirror images)
 *
 * Output: deeply frozen maps, `MAPS`, `mapById`. Invariants (tested): the same as DEFAULT_MAP's for
 * every map, and bastion is its own mirror image (walls, spawns with swapped teams, pickups).
 */
import { Team, type PickupSpot } from './match-types';
import { DEFAULT_MAP, ammo, health, spawn, wall } from './map';
import type { ArenaMap, Rect, SpawnPoint } from './types';

/** Map id on the wire for a map that is not in MAPS (tests pass their own). */
export const CUSTOM_MAP_ID = 255;
/** Most pickups a map may have (the wire carries at most this many). */
export const MAX_PICKUPS = 32;

function arena(
  name: string,
  width: number,
  height: number,
  walls: Rect[],
  spawns: SpawnPoint[],
  pickups: PickupSpot[],
): ArenaMap {
  return Object.freeze({
    name,
    width,
    height,
    walls: Object.freeze(walls) as Rect[],
    spawns: Object.freeze(spawns) as SpawnPoint[],
    pickups: Object.freeze(pickups) as PickupSpot[],
  });
}

const PLAZA = arena(
  'plaza',
  2000,
  1400,
  [
    wall(940, 640, 120, 120), // the fountain
    wall(560, 380, 60, 60),
    wall(1380, 380, 60, 60),
    wall(560, 960, 60, 60),
    wall(1380, 960, 60, 60),
    wall(300, 680, 120, 40),
    wall(1580, 680, 120, 40),
    wall(980, 200, 40, 120),
    wall(980, 1080, 40, 120),
  ],
  [
    spawn(100, 100),
    spawn(1900, 100),
    spawn(100, 1300),
    spawn(1900, 1300),
    spawn(1000, 80),
    spawn(1000, 1320),
    spawn(80, 700),
    spawn(1920, 700),
    spawn(700, 700),
    spawn(1300, 700),
    spawn(500, 1150),
    spawn(1500, 250),
  ],
  [health(1000, 560), health(1000, 840), ammo(590, 700), ammo(1410, 700), health(160, 160), health(1840, 1240)],
);

const WARRENS = arena(
  'warrens',
  1800,
  1200,
  [
    // Six blocks; the lanes between them are 160-200 units wide.
    wall(160, 160, 360, 340),
    wall(700, 160, 400, 340),
    wall(1280, 160, 360, 340),
    wall(160, 700, 360, 340),
    wall(700, 700, 400, 340),
    wall(1280, 700, 360, 340),
    // Pillars at the two middle crossings and stubs in the outer lanes break the long sight lines.
    wall(580, 570, 60, 60),
    wall(1160, 570, 60, 60),
    wall(880, 0, 40, 80),
    wall(880, 1120, 40, 80),
    wall(0, 580, 70, 40),
    wall(1730, 580, 70, 40),
  ],
  [
    spawn(80, 80),
    spawn(1720, 80),
    spawn(80, 1120),
    spawn(1720, 1120),
    spawn(610, 330),
    spawn(1190, 330),
    spawn(610, 870),
    spawn(1190, 870),
    spawn(80, 420),
    spawn(1720, 780),
    spawn(900, 600),
    spawn(400, 600),
  ],
  [health(900, 600), health(610, 80), health(1190, 1120), ammo(80, 780), ammo(1720, 420), ammo(1400, 600)],
);

const BASTION_WIDTH = 2000;
/** The left (red) half of bastion; the right half is its mirror image. */
const BASTION_LEFT_WALLS: Rect[] = [
  wall(360, 150, 24, 250), // base front wall, north of the door
  wall(360, 600, 24, 250), // base front wall, south of the door
  wall(160, 470, 60, 60), // cover inside the base
  wall(600, 200, 160, 24),
  wall(600, 776, 160, 24),
  wall(700, 430, 24, 140),
  wall(860, 80, 24, 160),
  wall(860, 760, 24, 160),
];
const BASTION_RED_SPAWNS: Array<[number, number]> = [
  [80, 120],
  [80, 500],
  [80, 880],
  [250, 300],
  [250, 700],
  [160, 620],
];
const mirrorX = (x: number, w = 0): number => BASTION_WIDTH - x - w;

const BASTION = arena(
  'bastion',
  BASTION_WIDTH,
  1000,
  [
    ...BASTION_LEFT_WALLS,
    wall(960, 380, 80, 240), // the shared centre block (symmetric by itself)
    ...BASTION_LEFT_WALLS.map((r) => wall(mirrorX(r.x, r.w), r.y, r.w, r.h)),
  ],
  [
    ...BASTION_RED_SPAWNS.map(([x, y]) => spawn(x, y, Team.Red)),
    ...BASTION_RED_SPAWNS.map(([x, y]) => spawn(mirrorX(x), y, Team.Blue)),
  ],
  [
    health(1000, 150),
    health(1000, 850),
    ammo(280, 500),
    ammo(mirrorX(280), 500),
    health(560, 500),
    health(mirrorX(560), 500),
  ],
);

export const MAPS: readonly ArenaMap[] = Object.freeze([DEFAULT_MAP, PLAZA, WARRENS, BASTION]);

/** The map with this id, or undefined for an id outside MAPS (CUSTOM_MAP_ID included). */
export function mapById(id: number): ArenaMap | undefined {
  return Number.isInteger(id) ? MAPS[id] : undefined;
}

/** The id of a map, CUSTOM_MAP_ID when it is not one of MAPS. */
export function idOfMap(map: ArenaMap): number {
  const i = MAPS.indexOf(map);
  return i < 0 ? CUSTOM_MAP_ID : i;
}
