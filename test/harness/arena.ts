/** Test maps: an open arena (no cover) with chosen spawn points. */
import type { ArenaMap } from '../../src/sim/types';

export function openArena(spawns: Array<{ x: number; y: number }>, width = 2400, height = 1600): ArenaMap {
  return { name: 'open', width, height, walls: [], spawns };
}
