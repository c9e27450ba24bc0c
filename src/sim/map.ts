/**
 * The default arena: a 1600 x 1000 box with thirteen axis-aligned cover walls, ten spawn points and
 * four pickups (two health packs north and south of the centre block, two ammo boxes beside it).
 *
 * Output: `DEFAULT_MAP`, deeply frozen, and the small builders the other maps use (maps.ts).
 * Invariants (tested for every map): walls have integer coordinates and lie inside the bounds;
 * every spawn point's player box is inside the bounds and clear of every wall by a margin, and
 * spawn points are far enough apart that two players spawning never overlap; pickups are clear
 * of walls.
 */
import { PickupKind, type PickupSpot, type Team } from './match-types';
import type { ArenaMap, Rect, SpawnPoint } from './types';

export const wall = (x: number, y: number, w: number, h: number): Rect => Object.freeze({ x, y, w, h });
export const spawn = (x: number, y: number, team?: Team): SpawnPoint => Object.freeze(team ? { x, y, team } : { x, y });
export const health = (x: number, y: number): PickupSpot => Object.freeze({ kind: PickupKind.Health, x, y });
export const ammo = (x: number, y: number): PickupSpot => Object.freeze({ kind: PickupKind.Ammo, x, y });

export const DEFAULT_MAP: ArenaMap = Object.freeze({
  name: 'crossfire',
  width: 1600,
  height: 1000,
  walls: Object.freeze([
    wall(760, 440, 80, 120), // centre block
    wall(300, 200, 60, 60),
    wall(1240, 200, 60, 60),
    wall(300, 740, 60, 60),
    wall(1240, 740, 60, 60),
    wall(560, 220, 200, 24),
    wall(840, 756, 200, 24),
    wall(520, 420, 24, 200),
    wall(1056, 380, 24, 200),
    wall(120, 460, 100, 24),
    wall(1380, 516, 100, 24),
    wall(980, 120, 24, 140),
    wall(596, 740, 24, 140),
  ]) as Rect[],
  spawns: Object.freeze([
    spawn(80, 80),
    spawn(1520, 80),
    spawn(80, 920),
    spawn(1520, 920),
    spawn(800, 120),
    spawn(800, 880),
    spawn(200, 620),
    spawn(1400, 380),
    spawn(420, 500),
    spawn(1180, 500),
  ]) as SpawnPoint[],
  pickups: Object.freeze([health(800, 360), health(800, 640), ammo(650, 500), ammo(950, 500)]) as PickupSpot[],
}) as ArenaMap;
