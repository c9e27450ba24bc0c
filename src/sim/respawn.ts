/**
 * Spawn point choice. Candidates are the map's spawn points (in team deathmatch, those of the
 * player's team when the map reserves some, plus the unreserved ones). Preference, best first:
 *   1. free (no live player within SPAWN_CLEARANCE) and out of sight of every live enemy:
 *      one of them at random (the world's seeded PRNG);
 *   2. free but seen: the one farthest from its nearest live enemy (no draw);
 *   3. none free: the one farthest from its nearest live player (no draw).
 * "In sight" = within SPAWN_SIGHT_RANGE with no wall across the line between the two centres.
 *
 * Inputs: the map, everyone's hitboxes (dead ones are ignored), the PRNG state, and who counts as
 * an enemy (default: everyone). Output: the point and the next PRNG state (unchanged without a draw).
 * Invariant: deterministic for equal inputs.
 */
import { SPAWN_CLEARANCE } from './config';
import { Team } from './match-types';
import { rayRectEntry } from './ray';
import { nextIndex } from './rng';
import type { ArenaMap, Hitbox, PlayerId, SpawnPoint } from './types';

/** About the distance a player sees on screen (the camera shows some 1100 x 720 units). */
export const SPAWN_SIGHT_RANGE = 900;

export interface SpawnChoice {
  x: number;
  y: number;
  rng: number;
}

export interface SpawnFor {
  /** The spawning player's team (Team.None in deathmatch). */
  team: Team;
  isEnemy(id: PlayerId): boolean;
}

const EVERYONE: SpawnFor = { team: Team.None, isEnemy: () => true };

function nearestDistSq(x: number, y: number, hitboxes: readonly Hitbox[], counts: (h: Hitbox) => boolean): number {
  let best = Infinity;
  for (const h of hitboxes) {
    if (!h.alive || !counts(h)) continue;
    const dx = h.x - x;
    const dy = h.y - y;
    best = Math.min(best, dx * dx + dy * dy);
  }
  return best;
}

/** Whether an observer at (ox, oy) has a clear line to (x, y) within the sight range. */
export function inSight(map: ArenaMap, ox: number, oy: number, x: number, y: number): boolean {
  const dx = x - ox;
  const dy = y - oy;
  if (dx * dx + dy * dy > SPAWN_SIGHT_RANGE * SPAWN_SIGHT_RANGE) return false;
  return !map.walls.some((w) => rayRectEntry(ox, oy, dx, dy, w) < 1);
}

function candidates(map: ArenaMap, team: Team): readonly SpawnPoint[] {
  if (team === Team.None) return map.spawns;
  const own = map.spawns.filter((s) => !s.team || s.team === team);
  return own.length > 0 ? own : map.spawns;
}

function farthest(
  points: readonly SpawnPoint[],
  hitboxes: readonly Hitbox[],
  counts: (h: Hitbox) => boolean,
): SpawnPoint | undefined {
  let best: SpawnPoint | undefined;
  let bestDist = -1;
  for (const s of points) {
    const d = nearestDistSq(s.x, s.y, hitboxes, counts);
    if (d > bestDist) {
      best = s;
      bestDist = d;
    }
  }
  return best;
}

export function chooseSpawn(
  map: ArenaMap,
  hitboxes: readonly Hitbox[],
  rng: number,
  who: SpawnFor = EVERYONE,
): SpawnChoice {
  const pool = candidates(map, who.team);
  const clearSq = SPAWN_CLEARANCE * SPAWN_CLEARANCE;
  const anyone = (): boolean => true;
  const enemy = (h: Hitbox): boolean => who.isEnemy(h.id);
  const free = pool.filter((s) => nearestDistSq(s.x, s.y, hitboxes, anyone) >= clearSq);
  const hidden = free.filter((s) => !hitboxes.some((h) => h.alive && enemy(h) && inSight(map, h.x, h.y, s.x, s.y)));
  if (hidden.length > 0) {
    const pick = nextIndex(rng, hidden.length);
    const spot = hidden[pick.index] ?? hidden[0]!;
    return { x: spot.x, y: spot.y, rng: pick.state };
  }
  const spot = farthest(free, hitboxes, enemy) ??
    farthest(pool, hitboxes, anyone) ?? { x: map.width / 2, y: map.height / 2 };
  return { x: spot.x, y: spot.y, rng };
}
