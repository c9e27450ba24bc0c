/**
 * The lag-compensation duel's two scripts (server-lag-compensation.test.ts, kill-cam.test.ts): a
 * shooter standing at (200, 800) that fires at a target it sees running at full speed, and that
 * target running up and down columns. Seeded: the same seed gives the same duel.
 */
import { aimAt, BotClient, Match, openArena, type BotContext, type CmdInput } from '../harness';
import type { ServedTypes } from '../../src/arena/server/served-game';
import { weaponDef } from '../../src/sim/config';
import { hitboxOf, traceShot } from '../../src/sim/hitscan';
import { MAX_SPEED } from '../../src/sim/config';
import { Buttons, Weapon, type ArenaMap } from '../../src/sim/types';
import type { KillCamMessage } from '../../src/protocol/kill-cam-codec';

export const SHOOTER = 1;
export const TARGET = 2;

export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const toward = (from: number, to: number): number => Math.max(-127, Math.min(127, Math.round((to - from) * 2)));

export interface Shot {
  tick: number;
  viewHit: boolean;
}

/** Stands at (200, 800); when settled and the target is seen running vertically at full speed, fires at it. */
export function shooterScript(map: ArenaMap, rand: () => number, shots: Shot[]): (ctx: BotContext) => CmdInput {
  let arrived = false;
  let settledSince = -1;
  let nextShot = 0;
  return (ctx) => {
    const self = ctx.self;
    if (!self) return {};
    if (!arrived && Math.hypot(self.x - 200, self.y - 800) > 40) {
      return { moveX: toward(self.x, 200), moveY: toward(self.y, 800), aim: self.aim };
    }
    // Close enough: from now on stand still, so the muzzle is exactly where the snapshots say.
    arrived = true;
    if (self.vx !== 0 || self.vy !== 0) return { aim: self.aim };
    if (settledSince < 0) settledSince = ctx.tick;
    const seen = ctx.seen(TARGET);
    const running = seen && seen.alive && seen.vx === 0 && Math.abs(seen.vy) >= MAX_SPEED - 5;
    if (!seen || !running || ctx.tick - settledSince < 60 || ctx.tick < nextShot) return { aim: self.aim };
    const aim = aimAt(self.x, self.y, seen.x, seen.y);
    const view = traceShot(map, self.x, self.y, aim, weaponDef(Weapon.Rifle).range, [hitboxOf(seen)], SHOOTER);
    shots.push({ tick: ctx.tick, viewHit: view.hit === TARGET });
    nextShot = ctx.tick + 12 + Math.floor(rand() * 30);
    return { aim, buttons: Buttons.Fire };
  };
}

/** Runs up and down at full speed on a column, moving to a new random column every two legs. */
export function targetScript(rand: () => number): (ctx: BotContext) => CmdInput {
  let column = 700;
  let dir = 1;
  let legs = 0;
  let shifting = true;
  return (ctx) => {
    const self = ctx.self;
    if (!self) return {};
    if (shifting) {
      if (Math.abs(self.x - column) <= 30) shifting = false;
      return { moveX: toward(self.x, column) };
    }
    if ((dir > 0 && self.y > 1350) || (dir < 0 && self.y < 250)) {
      dir = -dir;
      if (++legs % 2 === 0) {
        column = 400 + Math.floor(rand() * 1800);
        shifting = true;
      }
    }
    return { moveY: 127 * dir };
  };
}

/**
 * The duel as kill-cam tests run it: the shooter at 150 ms RTT with 100 ms interpolation, the
 * target at 60 ms, on an open arena with the two spawns; `wantKillCam`: the target asked for kill-cams.
 */
export function killCamDuel(seed: number, wantKillCam: boolean): Match<ServedTypes> {
  const map = openArena([
    { x: 200, y: 800 },
    { x: 1200, y: 800 },
  ]);
  const match = new Match({ server: { seed, lagCompensation: true, map } });
  const rand = lcg(seed);
  const shots: Shot[] = [];
  const script = shooterScript(map, rand, shots);
  match.addClient(new BotClient(SHOOTER, { tickrate: 60, script, net: { interpMs: 100 } }), {
    latencyMs: 75,
    jitterMs: 4,
  });
  match.addClient(new BotClient(TARGET, { tickrate: 60, script: targetScript(rand) }), { latencyMs: 30 });
  match.server.killCams.setWanted(TARGET, wantKillCam);
  return match;
}

/** The duel's first kill-cam, as the host sends it to the target. */
export function firstKillCam(seed = 5): KillCamMessage {
  const match = killCamDuel(seed, true);
  let out: KillCamMessage | null = null;
  match.onTick = (_o, m) => {
    const cut = m.server.killCams.drain()[0];
    if (cut && !out) out = { type: 'killcam', killer: cut.killer, playTicks: cut.playTicks, bytes: cut.bytes };
  };
  match.runUntil(() => out !== null, 600_000, 200);
  if (!out) throw new Error('the duel cut no kill-cam');
  return out;
}
