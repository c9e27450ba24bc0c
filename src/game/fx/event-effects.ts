/**
 * What each of a frame's view events adds to the effects (effects.ts): tracers, flashes, damage
 * numbers, the kill feed, explosions, spawn rings, particles, screen shake, the hurt direction,
 * and the sound cues to play. Predicted events (the local shot) show at once; irreversible
 * feedback (hits, kills, respawns) waits for the server's confirmed events.
 */
import type { ViewEvent } from '../../arena/client/view-model';
import { angleToRadians } from '../../sim/quantize';
import { Weapon, type PlayerId, type SimEvent } from '../../sim/types';
import type { Effects, FxScene, SoundCue } from '../effects';
import { emitDeathBurst, emitExplosion, emitHitSparks, emitSpawn, emitWallSparks } from './bursts';
import { addHurt, hurtAngle } from './hurt-direction';
import { addTrauma, explosionTrauma } from './shake';

/** The kill feed keeps at most this many lines. */
export const KILL_FEED_MAX = 5;

function onFired(
  fx: Effects,
  ev: Extract<SimEvent, { type: 'fired' }>,
  now: number,
  localId: PlayerId,
  cues: SoundCue[],
  scene?: FxScene,
): void {
  fx.tracers.push({ x1: ev.x, y1: ev.y, x2: ev.endX, y2: ev.endY, born: now, shooter: ev.shooter });
  fx.flashes.push({ x: ev.x, y: ev.y, aim: ev.aim, born: now, weapon: ev.weapon });
  const local = ev.shooter === localId;
  cues.push({ kind: 'fire', weapon: ev.weapon, local, x: ev.x, y: ev.y });
  if (local) addTrauma(fx.shake, ev.weapon === Weapon.Rocket ? 0.25 : 0.06, now);
  if (scene && scene.onWall(ev.endX, ev.endY))
    emitWallSparks(fx.particles, scene.rng, ev.endX, ev.endY, angleToRadians(ev.aim));
}

function onHit(
  fx: Effects,
  ev: Extract<SimEvent, { type: 'hit' }>,
  now: number,
  localId: PlayerId,
  cues: SoundCue[],
  scene?: FxScene,
): void {
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

function onKilled(
  fx: Effects,
  ev: Extract<SimEvent, { type: 'killed' }>,
  now: number,
  localId: PlayerId,
  cues: SoundCue[],
  scene?: FxScene,
): void {
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
export function ingestEvents(
  fx: Effects,
  events: readonly ViewEvent[],
  now: number,
  localId: PlayerId,
  cues: SoundCue[] = [],
  scene?: FxScene,
): SoundCue[] {
  for (const e of events) ingestOne(fx, e, now, localId, cues, scene);
  return cues;
}
