/**
 * The particle recipes of each effect (pure; the random source is passed in so tests are exact).
 *
 * Input: a ParticleField, a random source in [0, 1), and where the effect happens (world units).
 * Output: particles emitted into the field. Colour slots are the `FX_COLOR` indices the renderer
 * maps to palette colours. Invariants: every recipe emits a fixed number of particles (the frame
 * cost of an effect is bounded); sparks fly within SPARK_SPREAD of the direction they are given.
 */
import type { ParticleField } from './particles';

export const FX_COLOR = { spark: 0, ember: 1, smoke: 2, spawn: 4, trail: 5 } as const;
/** Colour slots from PLAYER_SLOT up are a player's colour: slot = PLAYER_SLOT + (id & 127). */
export const PLAYER_SLOT = 16;

export function playerSlot(id: number): number {
  return PLAYER_SLOT + (id & 127);
}
export const SPARK_SPREAD = 0.7;
export const COUNTS = { sparks: 7, wallSparks: 4, explosion: 26, death: 18, spawn: 12, trail: 2 } as const;

export type Rng = () => number;

function spray(
  field: ParticleField,
  rng: Rng,
  x: number,
  y: number,
  angle: number,
  spread: number,
  speed: [number, number],
  life: [number, number],
  size: number,
  color: number,
  drag: number,
): void {
  const a = angle + (rng() * 2 - 1) * spread;
  const v = speed[0] + rng() * (speed[1] - speed[0]);
  field.emit({
    x,
    y,
    vx: Math.cos(a) * v,
    vy: Math.sin(a) * v,
    life: life[0] + rng() * (life[1] - life[0]),
    size,
    color,
    drag,
  });
}

/** Sparks where a shot hit a player, flying on along the shot (`angle` in radians). */
export function emitHitSparks(field: ParticleField, rng: Rng, x: number, y: number, angle: number): void {
  for (let i = 0; i < COUNTS.sparks; i++)
    spray(field, rng, x, y, angle, SPARK_SPREAD, [220, 520], [0.12, 0.3], 2.5, FX_COLOR.spark, 0.95);
}

/** Sparks where a shot stopped on a wall: they bounce back toward the shooter. */
export function emitWallSparks(field: ParticleField, rng: Rng, x: number, y: number, angle: number): void {
  for (let i = 0; i < COUNTS.wallSparks; i++)
    spray(field, rng, x, y, angle + Math.PI, SPARK_SPREAD, [120, 360], [0.08, 0.22], 2, FX_COLOR.spark, 0.95);
}

export function emitExplosion(field: ParticleField, rng: Rng, x: number, y: number): void {
  for (let i = 0; i < COUNTS.explosion; i++) {
    const ember = i % 3 !== 0;
    spray(
      field,
      rng,
      x,
      y,
      0,
      Math.PI,
      ember ? [150, 520] : [40, 140],
      ember ? [0.25, 0.6] : [0.5, 0.9],
      ember ? 3 : 9,
      ember ? FX_COLOR.ember : FX_COLOR.smoke,
      ember ? 0.9 : 0.7,
    );
  }
}

/** The shards of a player who died, in that player's colour. */
export function emitDeathBurst(field: ParticleField, rng: Rng, x: number, y: number, player: number): void {
  for (let i = 0; i < COUNTS.death; i++)
    spray(field, rng, x, y, 0, Math.PI, [80, 330], [0.4, 0.9], 4, playerSlot(player), 0.85);
}

/** Motes rising into a spawn point. */
export function emitSpawn(field: ParticleField, rng: Rng, x: number, y: number): void {
  for (let i = 0; i < COUNTS.spawn; i++) {
    const a = (i / COUNTS.spawn) * 2 * Math.PI;
    field.emit({
      x: x + Math.cos(a) * 46,
      y: y + Math.sin(a) * 46,
      vx: -Math.cos(a) * 90,
      vy: -Math.sin(a) * 90,
      life: 0.45 + rng() * 0.1,
      size: 3,
      color: FX_COLOR.spawn,
      drag: 0.5,
    });
  }
}

/** Smoke and embers behind a flying rocket (called every frame per rocket). */
export function emitTrail(field: ParticleField, rng: Rng, x: number, y: number): void {
  for (let i = 0; i < COUNTS.trail; i++) {
    field.emit({
      x: x + (rng() - 0.5) * 6,
      y: y + (rng() - 0.5) * 6,
      vx: (rng() - 0.5) * 30,
      vy: (rng() - 0.5) * 30,
      life: 0.3 + rng() * 0.25,
      size: i === 0 ? 6 : 3,
      color: i === 0 ? FX_COLOR.smoke : FX_COLOR.trail,
      drag: 0.8,
    });
  }
}
