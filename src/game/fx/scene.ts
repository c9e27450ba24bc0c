/**
 * The `FxScene` effects ask this frame's world through (pure): where a player is drawn and
 * whether a shot's end point lies on a wall.
 * Input: the ClientView and the map. Invariants: the local player is found at its drawn
 * (smoothed) position, others at their interpolated one (also while dead, so a death burst
 * starts where the body fell); a point counts as on a wall (or the arena's edge) within WALL_SLOP
 * units of its edge (shot ends are quantised).
 */
import type { ClientView } from '../../arena/client/view-model';
import type { ArenaMap, PlayerId } from '../../sim/types';
import type { FxScene } from '../effects';
import type { Rng } from './bursts';

export const WALL_SLOP = 3;

export function pointOnWall(map: ArenaMap, x: number, y: number): boolean {
  if (x <= WALL_SLOP || y <= WALL_SLOP || x >= map.width - WALL_SLOP || y >= map.height - WALL_SLOP) return true;
  for (const w of map.walls) {
    if (x >= w.x - WALL_SLOP && x <= w.x + w.w + WALL_SLOP && y >= w.y - WALL_SLOP && y <= w.y + w.h + WALL_SLOP)
      return true;
  }
  return false;
}

export function playerPosition(view: ClientView, id: PlayerId): { x: number; y: number } | null {
  const local = view.local;
  if (local && id === view.localId) return { x: local.drawX, y: local.drawY };
  for (const r of view.remotes) if (r.id === id) return { x: r.x, y: r.y };
  return null;
}

export function frameScene(view: ClientView, map: ArenaMap, rng: Rng): FxScene {
  return { positionOf: (id) => playerPosition(view, id), onWall: (x, y) => pointOnWall(map, x, y), rng };
}
