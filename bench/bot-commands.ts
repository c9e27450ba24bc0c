/**
 * The server-tick bench's bots (server-tick.bench.ts, bare-step-worker.ts): seeded commands that
 * move in slow circles and fire the rifle at a random other living player about a third of the time.
 */
import { radiansToAngle } from '../src/sim/quantize';
import { Buttons, WEAPON_KEEP, type PlayerId, type UserCmd, type WorldState } from '../src/sim/types';

/** A seeded generator in [0, 1): each lane has its own, so every lane sees the same kind of stream. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Bot commands: a pure function of the seed and the visible world, so every variant sees the same stream. */
export function botCmd(rand: () => number, world: Readonly<WorldState>, id: PlayerId, tick: number): UserCmd {
  const self = world.players.find((p) => p.id === id);
  const others = world.players.filter((p) => p.id !== id && p.alive);
  const target = others[Math.floor(rand() * others.length)];
  const aim = self && target ? radiansToAngle(Math.atan2(target.y - self.y, target.x - self.x)) : 0;
  const fire = rand() < 0.35 ? Buttons.Fire : 0;
  return {
    tick,
    moveX: Math.round(Math.sin(tick / 40 + id) * 127),
    moveY: Math.round(Math.cos(tick / 55 + id * 2) * 127),
    aim,
    buttons: fire,
    weaponSelect: WEAPON_KEEP,
    viewTick: Math.max(0, tick - 12),
    viewFrac: Math.floor(rand() * 256),
  };
}
