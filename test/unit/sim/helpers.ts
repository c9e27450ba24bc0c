// Builders shared by the sim tests: configs, commands, players and small hand-made maps.
import type { SimConfig } from '../../../src/sim/config';
import { createMatch, joinMatch } from '../../../src/sim/match';
import { newPlayer } from '../../../src/sim/player-state';
import {
  WEAPON_KEEP,
  type ArenaMap,
  type PlayerState,
  type Rect,
  type UserCmd,
  type WorldState,
} from '../../../src/sim/types';

export const TICKRATE = 60;

export function mapWith(walls: Rect[], spawns = [{ x: 500, y: 500 }], width = 1000, height = 1000): ArenaMap {
  return { name: 'test', width, height, walls, spawns };
}

export function cfgFor(map: ArenaMap, tickrate = TICKRATE): SimConfig {
  return { tickrate, map };
}

export function cmd(tick: number, fields: Partial<UserCmd> = {}): UserCmd {
  return {
    tick,
    moveX: 0,
    moveY: 0,
    aim: 0,
    buttons: 0,
    weaponSelect: WEAPON_KEEP,
    viewTick: 0,
    viewFrac: 0,
    ...fields,
  };
}

export function playerAt(id: number, x: number, y: number, fields: Partial<PlayerState> = {}): PlayerState {
  return { ...newPlayer(id, x, y), ...fields };
}

/** A world holding these players (each with a match record, as addPlayer would make) in a match waiting to start. */
export function worldOf(players: PlayerState[], tick = 0, pickups: number[] = []): WorldState {
  let match = createMatch();
  for (const p of players) match = joinMatch(match, p.id, false);
  return { tick, players, projectiles: [], nextProjectileId: 0, rng: 12345, match, pickups };
}

export function speedOf(p: { vx: number; vy: number }): number {
  return Math.sqrt(p.vx * p.vx + p.vy * p.vy);
}

/** Strict overlap of two axis-aligned boxes given as [minX, minY, maxX, maxY]. */
export function overlaps(a: readonly number[], b: readonly number[]): boolean {
  return a[0]! < b[2]! && a[2]! > b[0]! && a[1]! < b[3]! && a[3]! > b[1]!;
}

export function rectBox(r: Rect): number[] {
  return [r.x, r.y, r.x + r.w, r.y + r.h];
}

export function onGrid(v: number): boolean {
  return Number.isFinite(v) && Number.isInteger(v * 16);
}
