/**
 * Instant shots: a ray from the shooter against walls, map bounds and circular hitboxes.
 *
 * Inputs: the map, the muzzle position, the aim, the range, the hitboxes to test (live ones, or the
 * rewound ones lag compensation passes in) and the shooter's id, which is never hit.
 * Output: the nearest player hit (or null) and where the ray stopped (on the 1/16 grid).
 * Invariants: dead hitboxes are ignored; a wall at the same distance as a player wins (no shots
 * through the edge of cover). Uses trigonometry, so only the server resolves hits; clients
 * draw the server's results.
 */
import { CROUCH_RADIUS, PLAYER_RADIUS } from './config';
import { angleToRadians, quantizePos } from './quantize';
import { rayBoundsExit, rayCircleEntry, rayRectEntry } from './ray';
import type { Angle16, ArenaMap, Hitbox, PlayerId, PublicPlayerState } from './types';

const hitboxRadius = (crouch: boolean): number => (crouch ? CROUCH_RADIUS : PLAYER_RADIUS);

export function hitboxOf(p: PublicPlayerState): Hitbox {
  return { id: p.id, x: p.x, y: p.y, radius: hitboxRadius(p.crouch), alive: p.alive, crouch: p.crouch };
}

/** Writes `p`'s hitbox into `box` (`hitboxOf` without allocating: the world step's reused records). */
export function writeHitbox(box: Hitbox, p: PublicPlayerState): void {
  box.id = p.id;
  box.x = p.x;
  box.y = p.y;
  box.radius = hitboxRadius(p.crouch);
  box.alive = p.alive;
  box.crouch = p.crouch;
}

/** Distance along a unit ray from (x, y) to the first wall or the map edge, capped at `range`. */
export function wallDistance(map: ArenaMap, x: number, y: number, dx: number, dy: number, range: number): number {
  let end = Math.min(range, rayBoundsExit(x, y, dx, dy, map.width, map.height));
  const walls = map.walls;
  for (let i = 0; i < walls.length; i++) end = Math.min(end, rayRectEntry(x, y, dx, dy, walls[i]!));
  return end;
}

export function traceShot(
  map: ArenaMap,
  x: number,
  y: number,
  aim: Angle16,
  range: number,
  hitboxes: readonly Hitbox[],
  ignore: PlayerId,
): { hit: PlayerId | null; endX: number; endY: number } {
  const rad = angleToRadians(aim);
  const dx = Math.cos(rad);
  const dy = Math.sin(rad);
  let end = wallDistance(map, x, y, dx, dy, range);
  let hit: PlayerId | null = null;
  for (let i = 0; i < hitboxes.length; i++) {
    const h = hitboxes[i]!;
    if (!h.alive || h.id === ignore) continue;
    const t = rayCircleEntry(x, y, dx, dy, h.x, h.y, h.radius);
    if (t < end) {
      end = t;
      hit = h.id;
    }
  }
  return { hit, endX: quantizePos(x + dx * end), endY: quantizePos(y + dy * end) };
}
