/**
 * Reusable bot scripts: a seeded wandering mover that shoots now and then at given players, a
 * skirmisher that shoots at whoever is nearest, and aiming helpers. Seeded, so a run repeats.
 */
import { radiansToAngle } from '../sim/quantize';
import { Buttons } from '../sim/types';
import type { BotContext, BotScript, CmdInput } from './bot-client';

/** Angle (16-bit) from (x0, y0) toward (x1, y1). */
export function aimAt(x0: number, y0: number, x1: number, y1: number): number {
  return radiansToAngle(Math.atan2(y1 - y0, x1 - x0));
}

function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Changes direction every ~0.5 s, fires at a random other player in view with probability `fireRate` per tick. */
export function wander(seed: number, targets: number[] = [], fireRate = 0.05): BotScript {
  const rand = lcg(seed);
  let move = { moveX: 0, moveY: 0 };
  return (ctx: BotContext): CmdInput => {
    if (ctx.tick % 30 === 0 || (move.moveX === 0 && move.moveY === 0)) {
      move = { moveX: Math.round(rand() * 254 - 127), moveY: Math.round(rand() * 254 - 127) };
    }
    const self = ctx.self;
    const target = targets.length ? ctx.seen(targets[Math.floor(rand() * targets.length)] as number) : null;
    if (self && target && rand() < fireRate) {
      return { ...move, aim: aimAt(self.x, self.y, target.x, target.y), buttons: Buttons.Fire };
    }
    return { ...move, aim: self?.aim ?? 0 };
  };
}

/** Wanders like `wander` and fires at the nearest living player it sees, with probability `fireRate` per tick. */
export function skirmish(seed: number, fireRate = 0.05): BotScript {
  const rand = lcg(seed);
  const roam = wander(seed ^ 0x5bd1e995);
  return (ctx: BotContext): CmdInput => {
    const move = roam(ctx);
    const self = ctx.self;
    if (!self || !self.alive) return move;
    let best: { x: number; y: number } | null = null;
    let bestD = Infinity;
    for (const p of ctx.others) {
      const seen = p.alive ? ctx.seen(p.id) : null;
      if (!seen) continue;
      const d = (seen.x - self.x) ** 2 + (seen.y - self.y) ** 2;
      if (d < bestD) ((best = seen), (bestD = d));
    }
    if (!best) return move;
    const aim = aimAt(self.x, self.y, best.x, best.y);
    return { ...move, aim, buttons: rand() < fireRate ? Buttons.Fire : 0 };
  };
}
