/**
 * Spawn point choice: a random free point (no live player within SPAWN_CLEARANCE), or, when every
 * point is taken, the one farthest from the nearest live player.
 *
 * Inputs: the map, the hitboxes of everyone (dead ones are ignored), the world PRNG state.
 * Output: the chosen point and the next PRNG state (unchanged when no draw was needed).
 * Invariant: deterministic for equal inputs; picks uniformly among free points.
 */
import { SPAWN_CLEARANCE } from './config';
import { nextIndex } from './rng';
import type { ArenaMap, Hitbox } from './types';

export interface SpawnChoice {
  x: number;
  y: number;
  rng: number;
}

function nearestLiveDistSq(x: number, y: number, hitboxes: readonly Hitbox[]): number {
  let best = Infinity;
  for (const h of hitboxes) {
    if (!h.alive) continue;
    const dx = h.x - x;
    const dy = h.y - y;
    best = Math.min(best, dx * dx + dy * dy);
  }
  return best;
}

export function chooseSpawn(map: ArenaMap, hitboxes: readonly Hitbox[], rng: number): SpawnChoice {
  const clearSq = SPAWN_CLEARANCE * SPAWN_CLEARANCE;
  const free = map.spawns.filter((s) => nearestLiveDistSq(s.x, s.y, hitboxes) >= clearSq);
  if (free.length > 0) {
    const pick = nextIndex(rng, free.length);
    const spot = free[pick.index] ?? free[0]!;
    return { x: spot.x, y: spot.y, rng: pick.state };
  }
  let best = map.spawns[0] ?? { x: map.width / 2, y: map.height / 2 };
  let bestDist = -1;
  for (const s of map.spawns) {
    const d = nearestLiveDistSq(s.x, s.y, hitboxes);
    if (d > bestDist) {
      best = s;
      bestDist = d;
    }
  }
  return { x: best.x, y: best.y, rng };
}
