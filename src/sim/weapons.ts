/**
 * Weapon timers for one live player and one tick, shared by the server and client prediction
 * (Valve's shared weapon code): reload completion, switching with deploy time, the reload
 * button, firing at the fire interval, and the automatic reload of an empty magazine.
 *
 * Inputs: a fresh copy of the player that this module may update in place (never a caller's
 * state), the sanitized command, the tick being produced and the tickrate.
 * Output: whether a round was fired this tick; 'reloaded' / 'switched' events appended.
 * Invariants: all timers are absolute ticks, 0 = none; firing needs no reload and no deploy in
 * progress and tick >= nextFireTick; a switch cancels a reload but keeps the cooldown of the last
 * shot (as in Quake), so switching back and forth never fires faster; ammo stays in [0, magazine].
 * Order inside a tick: timers that end now complete first, then switch, reload button, fire,
 * then auto-reload, so a weapon can fire on the very tick its reload or deploy ends.
 */
import { DEPLOY_SECONDS, secondsToTicks, weaponDef } from './config';
import { Buttons, WEAPON_KEEP, type PlayerState, type SimEvent, type Tick, type UserCmd, type WeaponId } from './types';

function completeTimers(p: PlayerState, tick: Tick, events: SimEvent[]): void {
  if (p.deployEndTick !== 0 && tick >= p.deployEndTick) p.deployEndTick = 0;
  if (p.reloadEndTick !== 0 && tick >= p.reloadEndTick) {
    p.reloadEndTick = 0;
    p.ammo[p.weapon] = weaponDef(p.weapon).magazine;
    events.push({ type: 'reloaded', player: p.id, weapon: p.weapon });
  }
}

function startSwitch(p: PlayerState, to: WeaponId, tick: Tick, tickrate: number, events: SimEvent[]): void {
  p.weapon = to;
  p.reloadEndTick = 0;
  p.deployEndTick = tick + secondsToTicks(DEPLOY_SECONDS, tickrate);
  events.push({ type: 'switched', player: p.id, weapon: to });
}

function canStartReload(p: PlayerState): boolean {
  const ammo = p.ammo[p.weapon] ?? 0;
  return p.reloadEndTick === 0 && p.deployEndTick === 0 && ammo < weaponDef(p.weapon).magazine;
}

function startReload(p: PlayerState, tick: Tick, tickrate: number): void {
  p.reloadEndTick = tick + secondsToTicks(weaponDef(p.weapon).reloadS, tickrate);
}

function tryFire(p: PlayerState, tick: Tick, tickrate: number): boolean {
  if (p.reloadEndTick !== 0 || p.deployEndTick !== 0 || tick < p.nextFireTick) return false;
  const ammo = p.ammo[p.weapon] ?? 0;
  if (ammo <= 0) return false;
  p.ammo[p.weapon] = ammo - 1;
  p.nextFireTick = tick + secondsToTicks(weaponDef(p.weapon).fireIntervalS, tickrate);
  return true;
}

/** Runs the weapon for one tick on `p` (a copy owned by the caller); returns true when a round left the barrel. */
export function stepWeapon(p: PlayerState, cmd: UserCmd, tick: Tick, tickrate: number, events: SimEvent[]): boolean {
  completeTimers(p, tick, events);
  const select = cmd.weaponSelect;
  if (select !== WEAPON_KEEP && select !== p.weapon) startSwitch(p, select as WeaponId, tick, tickrate, events);
  if ((cmd.buttons & Buttons.Reload) !== 0 && canStartReload(p)) startReload(p, tick, tickrate);
  const fired = (cmd.buttons & Buttons.Fire) !== 0 && tryFire(p, tick, tickrate);
  // An empty magazine reloads by itself (also covers "fire on empty starts a reload").
  if ((p.ammo[p.weapon] ?? 0) === 0 && canStartReload(p)) startReload(p, tick, tickrate);
  return fired;
}
