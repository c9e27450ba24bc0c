/**
 * Rockets: spawned from a shot intent, flown one tick at a time with a swept segment test (no
 * tunnelling through thin walls or players at any speed), exploded on contact with a wall, a
 * player other than the owner, the map edge, or at their timeout, with linear splash damage.
 *
 * Inputs/effects: the tick context (projectiles, players, events, next projectile id).
 * Invariants: server-only (uses trigonometry; never predicted, never lag-compensated); positions
 * and velocities on the 1/16 grid; splash is blocked by walls between the blast and the target;
 * damage = round(damage * (1 - distance / splashRadius)) for distance < splashRadius.
 */
import { secondsToTicks, weaponDef } from './config';
import { applyDamage } from './damage';
import { noteHitShot } from './scoring';
import type { ShotIntent } from './player';
import { angleToRadians, quantizePos, quantizeVel } from './quantize';
import { rayBoundsExit, rayCircleEntry, rayRectEntry } from './ray';
import type { TickContext } from './tick-context';
import { Weapon, type ArenaMap, type ProjectileState } from './types';

export function spawnRocket(ctx: TickContext, shot: ShotIntent): ProjectileState {
  const def = weaponDef(shot.weapon);
  const rad = angleToRadians(shot.aim);
  const rocket: ProjectileState = {
    id: ctx.nextProjectileId,
    owner: shot.shooter,
    x: shot.x,
    y: shot.y,
    vx: quantizeVel(def.projectileSpeed * Math.cos(rad)),
    vy: quantizeVel(def.projectileSpeed * Math.sin(rad)),
    // It also moves on the tick it is launched, so it flies exactly `range` before timing out.
    explodeTick: ctx.tick + secondsToTicks(def.range / def.projectileSpeed, ctx.cfg.tickrate) - 1,
  };
  ctx.nextProjectileId = (ctx.nextProjectileId + 1) & 0xffff;
  ctx.projectiles.push(rocket);
  return rocket;
}

/** Fraction of this tick's segment at which the rocket first touches something; > 1 when it does not. */
function contactTime(ctx: TickContext, p: ProjectileState, dx: number, dy: number): number {
  const map = ctx.cfg.map;
  let t = rayBoundsExit(p.x, p.y, dx, dy, map.width, map.height);
  const walls = map.walls;
  for (let i = 0; i < walls.length; i++) t = Math.min(t, rayRectEntry(p.x, p.y, dx, dy, walls[i]!));
  const boxes = ctx.hitboxes;
  for (let i = 0; i < boxes.length; i++) {
    const h = boxes[i]!;
    // The owner is ignored: the rocket starts inside the shooter's own hitbox.
    if (!h.alive || h.id === p.owner) continue;
    t = Math.min(t, rayCircleEntry(p.x, p.y, dx, dy, h.x, h.y, h.radius));
  }
  return t;
}

function occluded(map: ArenaMap, fromX: number, fromY: number, toX: number, toY: number): boolean {
  const dx = toX - fromX;
  const dy = toY - fromY;
  return map.walls.some((w) => rayRectEntry(fromX, fromY, dx, dy, w) < 1);
}

/** Linear falloff from the full damage at the centre to 0 at the splash radius. */
export function splashDamage(full: number, radius: number, distance: number): number {
  if (distance >= radius) return 0;
  return Math.round(full * (1 - distance / radius));
}

function explode(ctx: TickContext, p: ProjectileState, x: number, y: number): void {
  const ex = quantizePos(x);
  const ey = quantizePos(y);
  const def = weaponDef(Weapon.Rocket);
  ctx.events.push({ type: 'exploded', projectile: p.id, owner: p.owner, x: ex, y: ey });
  let hitEnemy = false;
  for (let i = 0; i < ctx.hitboxes.length; i++) {
    const h = ctx.hitboxes[i];
    if (!h || !h.alive) continue;
    const distance = Math.sqrt((h.x - ex) * (h.x - ex) + (h.y - ey) * (h.y - ey));
    const damage = splashDamage(def.damage, def.splashRadius, distance);
    if (damage > 0 && !occluded(ctx.cfg.map, ex, ey, h.x, h.y))
      hitEnemy = applyDamage(ctx, i, p.owner, Weapon.Rocket, damage, ex, ey) || hitEnemy;
  }
  // One rocket is one shot for accuracy, however many it hurt.
  if (hitEnemy) noteHitShot(ctx, p.owner);
}

/** Moves every projectile one tick, in id order; exploded ones are removed. */
export function advanceProjectiles(ctx: TickContext): void {
  const flying = ctx.projectiles;
  ctx.projectiles = [];
  for (const p of flying) {
    const dx = p.vx / ctx.cfg.tickrate;
    const dy = p.vy / ctx.cfg.tickrate;
    const t = contactTime(ctx, p, dx, dy);
    if (t <= 1) explode(ctx, p, p.x + dx * t, p.y + dy * t);
    else if (ctx.tick >= p.explodeTick) explode(ctx, p, p.x + dx, p.y + dy);
    else ctx.projectiles.push({ ...p, x: quantizePos(p.x + dx), y: quantizePos(p.y + dy) });
  }
}
