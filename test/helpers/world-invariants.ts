/**
 * The sim's invariants as one checker for tests (issue 13: "the successor's world passes the
 * sim's invariants"): what src/sim promises about every stepped WorldState.
 *
 * Input: a world and the map it runs on. Output: the list of broken invariants, each one sentence
 * naming the player or rocket (empty = all hold). Checked: no player's box (half-size
 * PLAYER_RADIUS, collide.ts) strictly overlaps a wall or leaves the map; positions and velocities
 * on the 1/16 grid, angles integers in [0, 65536); health, ammo, counters and ticks integers in
 * range; players and match records sorted by id, one record per player; projectile ids unique;
 * pickups one timer per spot of the map.
 */
import { MAX_HEALTH, PLAYER_RADIUS } from '../../src/sim/config';
import type { ArenaMap, WorldState } from '../../src/sim/types';
import { WEAPON_COUNT } from '../../src/sim/types';

const onGrid = (v: number): boolean => Number.isFinite(v) && Number.isInteger(v * 16);
const isUint = (v: number, max = 0xffffffff): boolean => Number.isInteger(v) && v >= 0 && v <= max;

function boxInWall(map: ArenaMap, x: number, y: number): boolean {
  const r = PLAYER_RADIUS;
  return map.walls.some((w) => x + r > w.x && x - r < w.x + w.w && y + r > w.y && y - r < w.y + w.h);
}

function sortedUnique(ids: readonly number[]): boolean {
  return ids.every((id, i) => i === 0 || id > ids[i - 1]!);
}

export function worldInvariantProblems(world: WorldState, map: ArenaMap): string[] {
  const problems: string[] = [];
  if (!isUint(world.tick) || !isUint(world.rng) || !isUint(world.nextProjectileId, 65535))
    problems.push('tick, rng or next projectile id is not an unsigned integer');
  if (!sortedUnique(world.players.map((p) => p.id))) problems.push('players are not sorted by id without repeats');
  for (const p of world.players) {
    const who = `player ${p.id}`;
    if (![p.x, p.y, p.vx, p.vy].every(onGrid)) problems.push(`${who}: position or velocity off the 1/16 grid`);
    if (!isUint(p.aim, 65535)) problems.push(`${who}: aim ${p.aim} is not an angle`);
    if (
      p.x - PLAYER_RADIUS < 0 ||
      p.y - PLAYER_RADIUS < 0 ||
      p.x + PLAYER_RADIUS > map.width ||
      p.y + PLAYER_RADIUS > map.height
    )
      problems.push(`${who}: outside the map at (${p.x}, ${p.y})`);
    if (boxInWall(map, p.x, p.y)) problems.push(`${who}: inside a wall at (${p.x}, ${p.y})`);
    if (!isUint(p.health, MAX_HEALTH) || (p.alive && p.health === 0))
      problems.push(`${who}: health ${p.health} (alive ${p.alive})`);
    if (p.ammo.length !== WEAPON_COUNT || !p.ammo.every((a) => isUint(a, 255)))
      problems.push(`${who}: ammo ${JSON.stringify(p.ammo)}`);
    if (![p.nextFireTick, p.reloadEndTick, p.deployEndTick, p.respawnTick, p.kills, p.deaths].every((v) => isUint(v)))
      problems.push(`${who}: a timer or counter is not an unsigned integer`);
    if (!isUint(p.teleportSeq, 255) || !isUint(p.weapon, WEAPON_COUNT - 1))
      problems.push(`${who}: teleportSeq or weapon out of range`);
  }
  const records = world.match.players.map((m) => m.id);
  if (!sortedUnique(records)) problems.push('match records are not sorted by id without repeats');
  for (const p of world.players) if (!records.includes(p.id)) problems.push(`player ${p.id} has no match record`);
  if (new Set(world.projectiles.map((p) => p.id)).size !== world.projectiles.length)
    problems.push('a projectile id is used twice');
  for (const p of world.projectiles)
    if (![p.x, p.y, p.vx, p.vy].every(onGrid) || !isUint(p.explodeTick)) problems.push(`rocket ${p.id}: off its grid`);
  const spots = map.pickups?.length ?? 0;
  if (world.pickups.length !== spots || !world.pickups.every((t) => isUint(t)))
    problems.push(`pickups: ${world.pickups.length} timers for ${spots} spots`);
  return problems;
}
