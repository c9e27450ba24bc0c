/**
 * Short-lived visual effects fed by the view's events, with ages in seconds (pure, no drawing).
 *
 * Input: each frame's `ViewEvent[]` (predicted ones: the local shot's tracer and flash, at once;
 * confirmed ones: hits, kills, explosions, other players' shots) and the frame time in seconds.
 * Output: the live effect lists the renderer draws, and the sound cues to play this frame.
 * Invariants: irreversible feedback (hit marker, damage number, kill feed) comes only from
 * confirmed events; every effect is dropped once older than its lifetime; the kill feed keeps at
 * most KILL_FEED_MAX lines. Lists are compacted in place so a steady frame allocates little.
 */
import type { ViewEvent } from '../client/view-model';
import type { PlayerId, WeaponId } from '../sim/types';

export const LIFE = {
  tracer: 0.12,
  flash: 0.06,
  hitMarker: 0.3,
  damage: 0.9,
  explosion: 0.45,
  hurt: 0.35,
  killFeed: 6,
  errorMark: 1,
} as const;
export const KILL_FEED_MAX = 5;

export interface Tracer { x1: number; y1: number; x2: number; y2: number; born: number; shooter: PlayerId }
export interface Flash { x: number; y: number; aim: number; born: number }
export interface DamageNumber { x: number; y: number; amount: number; born: number; byLocal: boolean }
export interface Explosion { x: number; y: number; born: number }
export interface KillLine { killer: PlayerId; victim: PlayerId; weapon: WeaponId; born: number }
/** Where prediction had the local player when a correction arrived, and how big it was (cl_showerror). */
export interface ErrorMark { x: number; y: number; size: number; born: number }

export interface Effects {
  tracers: Tracer[];
  flashes: Flash[];
  damage: DamageNumber[];
  explosions: Explosion[];
  killFeed: KillLine[];
  errorMarks: ErrorMark[];
  /** Size of the smoothing offset last frame, to spot a new correction. */
  lastError: number;
  /** Time of the last confirmed hit by the local player (hit marker), or -Infinity. */
  hitMarkerAt: number;
  /** Time the local player last took damage (screen edge flash), or -Infinity. */
  hurtAt: number;
}

export type SoundCue = { kind: 'fire'; weapon: WeaponId; local: boolean } | { kind: 'hit' } | { kind: 'kill' } | { kind: 'explosion' };

export function createEffects(): Effects {
  return { tracers: [], flashes: [], damage: [], explosions: [], killFeed: [], errorMarks: [], lastError: 0, hitMarkerAt: -Infinity, hurtAt: -Infinity };
}

/** 1 when just born, falling linearly to 0 at the end of its life. */
export function fade(born: number, now: number, life: number): number {
  if (life <= 0) return 0;
  return Math.min(Math.max(1 - (now - born) / life, 0), 1);
}

function ingestOne(fx: Effects, e: ViewEvent, now: number, localId: PlayerId, cues: SoundCue[]): void {
  const ev = e.event;
  switch (ev.type) {
    case 'fired':
      fx.tracers.push({ x1: ev.x, y1: ev.y, x2: ev.endX, y2: ev.endY, born: now, shooter: ev.shooter });
      fx.flashes.push({ x: ev.x, y: ev.y, aim: ev.aim, born: now });
      cues.push({ kind: 'fire', weapon: ev.weapon, local: ev.shooter === localId });
      return;
    case 'hit':
      if (e.predicted) return; // damage is the server's to decide
      fx.damage.push({ x: ev.x, y: ev.y, amount: ev.damage, born: now, byLocal: ev.shooter === localId });
      if (ev.shooter === localId && ev.target !== localId) {
        fx.hitMarkerAt = now;
        cues.push({ kind: 'hit' });
      }
      if (ev.target === localId) fx.hurtAt = now;
      return;
    case 'killed':
      if (e.predicted) return;
      fx.killFeed.push({ killer: ev.killer, victim: ev.victim, weapon: ev.weapon, born: now });
      if (fx.killFeed.length > KILL_FEED_MAX) fx.killFeed.splice(0, fx.killFeed.length - KILL_FEED_MAX);
      if (ev.killer === localId && ev.victim !== localId) cues.push({ kind: 'kill' });
      return;
    case 'exploded':
      fx.explosions.push({ x: ev.x, y: ev.y, born: now });
      cues.push({ kind: 'explosion' });
      return;
    default:
      return;
  }
}

/** Adds this frame's events; returns the sounds to play (appended to `cues`, which it returns). */
export function ingestEvents(fx: Effects, events: readonly ViewEvent[], now: number, localId: PlayerId, cues: SoundCue[] = []): SoundCue[] {
  for (const e of events) ingestOne(fx, e, now, localId, cues);
  return cues;
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
  keepYoung(fx.killFeed, now, LIFE.killFeed);
  keepYoung(fx.errorMarks, now, LIFE.errorMark);
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
