/**
 * Short-lived visual effects fed by the view's events, with ages in seconds (pure, no drawing).
 *
 * Input: each frame's `ViewEvent[]` (predicted ones: the local shot's tracer and flash, at once;
 * confirmed ones: hits, kills, explosions, respawns, other players' shots), the frame time in
 * seconds and an optional `FxScene` (where players are, whether a point is on a wall, a random
 * source) for the effects that need a place or a spread.
 * Output: the live effect lists and particles the renderer draws, screen shake, and the sound
 * cues to play this frame (with a world position when the sound has one).
 * Invariants: irreversible feedback (hit marker, damage number, kill feed, hurt direction, death
 * burst) comes only from confirmed events (fx/event-effects.ts turns events into effects); every effect is dropped once older than its lifetime;
 * the kill feed keeps at most KILL_FEED_MAX lines and the particle pool PARTICLES; lists are
 * compacted in place so a steady frame allocates little.
 */
import type { ProjectileView } from '../arena/client/view-model';
import type { PlayerId, WeaponId } from '../sim/types';
import { emitTrail, type Rng } from './fx/bursts';
import { HURT_LIFE, type HurtIndicator } from './fx/hurt-direction';
import { ParticleField } from './fx/particles';
import { createShake, type Shake } from './fx/shake';

// What each event adds (fx/event-effects.ts); the renderer and the tests reach it from here.
export { KILL_FEED_MAX, ingestEvents } from './fx/event-effects';

export const LIFE = {
  tracer: 0.12,
  flash: 0.06,
  hitMarker: 0.3,
  killMarker: 0.5,
  damage: 0.9,
  explosion: 0.45,
  hurt: 0.35,
  spawn: 0.6,
  killFeed: 6,
  errorMark: 1,
} as const;
export const PARTICLES = 1200;

export interface Tracer {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  born: number;
  shooter: PlayerId;
}
export interface Flash {
  x: number;
  y: number;
  aim: number;
  born: number;
  weapon: WeaponId;
}
export interface DamageNumber {
  x: number;
  y: number;
  amount: number;
  born: number;
  byLocal: boolean;
}
export interface Explosion {
  x: number;
  y: number;
  born: number;
}
export interface SpawnRing {
  x: number;
  y: number;
  born: number;
  player: PlayerId;
}
export interface KillLine {
  killer: PlayerId;
  victim: PlayerId;
  weapon: WeaponId;
  born: number;
}
/** Where prediction had the local player when a correction arrived, and how big it was (cl_showerror). */
export interface ErrorMark {
  x: number;
  y: number;
  size: number;
  born: number;
}

/** What effects may ask about the world this frame (all optional: without it, no place-bound extras). */
export interface FxScene {
  positionOf(id: PlayerId): { x: number; y: number } | null;
  /** True when a shot ending at (x, y) stopped on a wall (sparks fly back). */
  onWall(x: number, y: number): boolean;
  rng: Rng;
}

export interface Effects {
  tracers: Tracer[];
  flashes: Flash[];
  damage: DamageNumber[];
  explosions: Explosion[];
  spawns: SpawnRing[];
  killFeed: KillLine[];
  errorMarks: ErrorMark[];
  hurtFrom: HurtIndicator[];
  particles: ParticleField;
  shake: Shake;
  /** Size of the smoothing offset last frame, to spot a new correction. */
  lastError: number;
  /** Time of the last confirmed hit by the local player (hit marker), or -Infinity. */
  hitMarkerAt: number;
  /** Time the local player last killed someone (bigger marker), or -Infinity. */
  killMarkerAt: number;
  /** Time the local player last took damage (screen edge flash), or -Infinity. */
  hurtAt: number;
  /** Time of the previous `stepParticles`, to age particles by the frame's dt. */
  steppedAt: number;
}

export type SoundCue =
  | { kind: 'fire'; weapon: WeaponId; local: boolean; x?: number; y?: number }
  | { kind: 'hit' }
  | { kind: 'kill' }
  | { kind: 'hurt' }
  | { kind: 'explosion'; x?: number; y?: number }
  | { kind: 'reload'; x?: number; y?: number }
  | { kind: 'switch' }
  | { kind: 'pickup' }
  | { kind: 'spawn'; x?: number; y?: number };

export function createEffects(): Effects {
  return {
    tracers: [],
    flashes: [],
    damage: [],
    explosions: [],
    spawns: [],
    killFeed: [],
    errorMarks: [],
    hurtFrom: [],
    particles: new ParticleField(PARTICLES),
    shake: createShake(),
    lastError: 0,
    hitMarkerAt: -Infinity,
    killMarkerAt: -Infinity,
    hurtAt: -Infinity,
    steppedAt: -Infinity,
  };
}

/** 1 when just born, falling linearly to 0 at the end of its life. */
export function fade(born: number, now: number, life: number): number {
  if (life <= 0) return 0;
  return Math.min(Math.max(1 - (now - born) / life, 0), 1);
}

/** Ages particles by the time since the last call and trails every flying rocket. */
export function stepParticles(fx: Effects, projectiles: readonly ProjectileView[], now: number, rng: Rng): void {
  const dt = Number.isFinite(fx.steppedAt) ? Math.min(0.1, Math.max(0, now - fx.steppedAt)) : 0;
  fx.steppedAt = now;
  fx.particles.step(dt);
  for (const p of projectiles) emitTrail(fx.particles, rng, p.x, p.y);
}

function keepYoung<T extends { born: number }>(list: T[], now: number, life: number): void {
  let w = 0;
  for (const item of list) if (now - item.born < life) list[w++] = item;
  list.length = w;
}

/** Drops every effect that has outlived its lifetime. */
export function pruneEffects(fx: Effects, now: number): void {
  keepYoung(fx.tracers, now, LIFE.tracer);
  keepYoung(fx.flashes, now, LIFE.flash);
  keepYoung(fx.damage, now, LIFE.damage);
  keepYoung(fx.explosions, now, LIFE.explosion);
  keepYoung(fx.spawns, now, LIFE.spawn);
  keepYoung(fx.killFeed, now, LIFE.killFeed);
  keepYoung(fx.errorMarks, now, LIFE.errorMark);
  keepYoung(fx.hurtFrom, now, HURT_LIFE);
}

/**
 * Marks a new prediction correction: the smoothing offset only shrinks between corrections, so a
 * frame where it grows (by more than `minGrowth` units) is one where a snapshot disagreed.
 */
export function noteCorrection(
  fx: Effects,
  drawX: number,
  drawY: number,
  errorX: number,
  errorY: number,
  now: number,
  minGrowth = 0.5,
): void {
  const size = Math.hypot(errorX, errorY);
  if (size > fx.lastError + minGrowth) fx.errorMarks.push({ x: drawX - errorX, y: drawY - errorY, size, born: now });
  fx.lastError = size;
}

/** One kill-feed line as plain text. */
export function killLineText(
  line: KillLine,
  name: (id: PlayerId) => string,
  weaponName: (w: WeaponId) => string,
): string {
  if (line.killer === line.victim) return `${name(line.victim)} blew themselves up`;
  return `${name(line.killer)} [${weaponName(line.weapon)}] ${name(line.victim)}`;
}
