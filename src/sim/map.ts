/**
 * The default arena: a 1600 x 1000 box with thirteen axis-aligned cover walls and ten spawn points.
 *
 * Output: `DEFAULT_MAP`, deeply frozen. Invariants (tested): walls have integer coordinates and lie
 * inside the bounds; every spawn point's player box is inside the bounds and clear of every wall
 * by a margin, and spawn points are far enough apart that two players spawning never overlap.
 */
import type { ArenaMap, Rect } from './types';

const wall = (x: number, y: number, w: number, h: number): Rect => Object.freeze({ x, y, w, h });
const spawn = (x: number, y: number): { x: number; y: number } => Object.freeze({ x, y });

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
  ]) as { x: number; y: number }[],
}) as ArenaMap;
