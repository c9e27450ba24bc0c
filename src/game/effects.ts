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
 * burst) comes only from confirmed events; every effect is dropped once older than its lifetime;
 * the kill feed keeps at most KILL_FEED_MAX lines and the particle pool PARTICLES; lists are
 * compacted in place so a steady frame allocates little.
 */
import type { ProjectileView, ViewEvent } from '../client/view-model';
import { angleToRadians } from '../sim/quantize';
import { Weapon, type PlayerId, type SimEvent, type WeaponId } from '../sim/types';
import { emitDeathBurst, emitExplosion, emitHitSparks, emitSpawn, emitTrail, emitWallSparks, type Rng } from './fx/bursts';
import { HURT_LIFE, addHurt, hurtAngle, type HurtIndicator } from './fx/hurt-direction';
import { ParticleField } from './fx/particles';
import { addTrauma, createShake, explosionTrauma, type Shake } from './fx/shake';

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
export const KILL_FEED_MAX = 5;
export const PARTICLES = 1200;

export interface Tracer { x1: number; y1: number; x2: number; y2: number; born: number; shooter: PlayerId }
export interface Flash { x: number; y: number; aim: number; born: number; weapon: WeaponId }
export interface DamageNumber { x: number; y: number; amount: number; born: number; byLocal: boolean }
export interface Explosion { x: number; y: number; born: number }
export interface SpawnRing { x: number; y: number; born: number; player: PlayerId }
export interface KillLine { killer: PlayerId; victim: PlayerId; weapon: WeaponId; born: number }
/** Where prediction had the local player when a correction arrived, and how big it was (cl_showerror). */
export interface ErrorMark { x: number; y: number; size: number; born: number }

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
    tracers: [], flashes: [], damage: [], explosions: [], spawns: [], killFeed: [], errorMarks: [], hurtFrom: [],
    particles: new ParticleField(PARTICLES), shake: createShake(),
    lastError: 0, hitMarkerAt: -Infinity, killMarkerAt: -Infinity, hurtAt: -Infinity, steppedAt: -Infinity,
  };
}

/** 1 when just born, falling linearly to 0 at the end of its life. */
export function fade(born: number, now: number, life: number): number {
  if (life <= 0) return 0;
  return Math.min(Math.max(1 - (now - born) / life, 0), 1);
}

function onFired(fx: Effects, ev: Extract<SimEvent, { type: 'fired' }>, now: number, localId: PlayerId, cues: SoundCue[], scene?: FxScene): void {
  fx.tracers.push({ x1: ev.x, y1: ev.y, x2: ev.endX, y2: ev.endY, born: now, shooter: ev.shooter });
  fx.flashes.push({ x: ev.x, y: ev.y, aim: ev.aim, born: now, weapon: ev.weapon });
  const local = ev.shooter === localId;
  cues.push({ kind: 'fire', weapon: ev.weapon, local, x: ev.x, y: ev.y });
  if (local) addTrauma(fx.shake, ev.weapon === Weapon.Rocket ? 0.25 : 0.06, now);
  if (scene && scene.onWall(ev.endX, ev.endY)) emitWallSparks(fx.particles, scene.rng, ev.endX, ev.endY, angleToRadians(ev.aim));
}

function onHit(fx: Effects, ev: Extract<SimEvent, { type: 'hit' }>, now: number, localId: PlayerId, cues: SoundCue[], scene?: FxScene): void {
  fx.damage.push({ x: ev.x, y: ev.y, amount: ev.damage, born: now, byLocal: ev.shooter === localId });
  const from = scene?.positionOf(ev.shooter) ?? null;
  if (scene) {
    const along = from ? Math.atan2(ev.y - from.y, ev.x - from.x) : 0;
    emitHitSparks(fx.particles, scene.rng, ev.x, ev.y, along);
  }
  if (ev.shooter === localId && ev.target !== localId) {
    fx.hitMarkerAt = now;
    cues.push({ kind: 'hit' });
  }
  if (ev.target === localId) {
    fx.hurtAt = now;
    cues.push({ kind: 'hurt' });
    addTrauma(fx.shake, Math.min(0.5, 0.15 + ev.damage / 150), now);
    const me = scene?.positionOf(localId) ?? null;
    if (me && from && ev.shooter !== localId) addHurt(fx.hurtFrom, hurtAngle(me.x, me.y, from.x, from.y), now);
  }
}

function onKilled(fx: Effects, ev: Extract<SimEvent, { type: 'killed' }>, now: number, localId: PlayerId, cues: SoundCue[], scene?: FxScene): void {
  fx.killFeed.push({ killer: ev.killer, victim: ev.victim, weapon: ev.weapon, born: now });
  if (fx.killFeed.length > KILL_FEED_MAX) fx.killFeed.splice(0, fx.killFeed.length - KILL_FEED_MAX);
  if (ev.killer === localId && ev.victim !== localId) {
    fx.killMarkerAt = now;
    cues.push({ kind: 'kill' });
  }
  const at = scene?.positionOf(ev.victim) ?? null;
  if (scene && at) emitDeathBurst(fx.particles, scene.rng, at.x, at.y, ev.victim);
}

function ingestOne(fx: Effects, e: ViewEvent, now: number, localId: PlayerId, cues: SoundCue[], scene?: FxScene): void {
  const ev = e.event;
  switch (ev.type) {
    case 'fired':
      return onFired(fx, ev, now, localId, cues, scene);
    case 'hit':
      if (e.predicted) return; // damage is the server's to decide
      return onHit(fx, ev, now, localId, cues, scene);
    case 'killed':
      if (e.predicted) return;
      return onKilled(fx, ev, now, localId, cues, scene);
    case 'exploded': {
      fx.explosions.push({ x: ev.x, y: ev.y, born: now });
      cues.push({ kind: 'explosion', x: ev.x, y: ev.y });
      if (scene) emitExplosion(fx.particles, scene.rng, ev.x, ev.y);
      const me = scene?.positionOf(localId) ?? null;
      if (me) addTrauma(fx.shake, explosionTrauma(Math.hypot(ev.x - me.x, ev.y - me.y)), now);
      return;
    }
    case 'respawned':
      if (e.predicted) return;
      fx.spawns.push({ x: ev.x, y: ev.y, born: now, player: ev.player });
      if (scene) emitSpawn(fx.particles, scene.rng, ev.x, ev.y);
      cues.push({ kind: 'spawn', x: ev.x, y: ev.y });
      return;
    case 'reloaded':
      if (ev.player === localId) cues.push({ kind: 'reload' });
      return;
    case 'switched':
      if (ev.player === localId) cues.push({ kind: 'switch' });
      return;
    default:
      if (isLocalPickup(ev, localId)) cues.push({ kind: 'pickup' });
      return;
  }
}

/** A pickup event (the match-rules sim's `{ type: 'pickup', player }`) for the local player. */
function isLocalPickup(ev: { type: string }, localId: PlayerId): boolean {
  return ev.type === 'pickup' && (ev as { player?: unknown }).player === localId;
}

/** Adds this frame's events; returns the sounds to play (appended to `cues`, which it returns). */
export function ingestEvents(fx: Effects, events: readonly ViewEvent[], now: number, localId: PlayerId, cues: SoundCue[] = [], scene?: FxScene): SoundCue[] {
  for (const e of events) ingestOne(fx, e, now, localId, cues, scene);
  return cues;
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
export function noteCorrection(fx: Effects, drawX: number, drawY: number, errorX: number, errorY: number, now: number, minGrowth = 0.5): void {
  const size = Math.hypot(errorX, errorY);
  if (size > fx.lastError + minGrowth) fx.errorMarks.push({ x: drawX - errorX, y: drawY - errorY, size, born: now });
  fx.lastError = size;
}

/** One kill-feed line as plain text. */
export function killLineText(line: KillLine, name: (id: PlayerId) => string, weaponName: (w: WeaponId) => string): string {
  if (line.killer === line.victim) return `${name(line.victim)} blew themselves up`;
  return `${name(line.killer)} [${weaponName(line.weapon)}] ${name(line.victim)}`;
}
