/**
 * A fixed pool of short-lived particles (sparks, smoke, debris) in world units and seconds, stored
 * as parallel typed arrays so a frame full of explosions allocates nothing (pure: no drawing).
 *
 * Input: `emit` calls (position, velocity, life, size, colour slot, drag) and `step(dt)`.
 * Output: the live particles, read by index 0..count-1 (`ageOf` 0..1 for fading).
 * Invariants: at most `capacity` particles live at once: emitting into a full pool replaces the
 * oldest one; a particle is removed on the step its age reaches its life; drag slows velocity
 * exponentially (`drag` = fraction of speed lost per second, 0..1).
 */

export interface ParticleSpec {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  size: number;
  /** Index into the renderer's colour table (0..255). */
  color: number;
  drag?: number;
}

export class ParticleField {
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly vx: Float32Array;
  readonly vy: Float32Array;
  readonly age: Float32Array;
  readonly life: Float32Array;
  readonly size: Float32Array;
  readonly keep: Float32Array;
  readonly color: Uint8Array;
  count = 0;

  constructor(readonly capacity: number) {
    this.x = new Float32Array(capacity);
    this.y = new Float32Array(capacity);
    this.vx = new Float32Array(capacity);
    this.vy = new Float32Array(capacity);
    this.age = new Float32Array(capacity);
    this.life = new Float32Array(capacity);
    this.size = new Float32Array(capacity);
    this.keep = new Float32Array(capacity);
    this.color = new Uint8Array(capacity);
  }

  emit(p: ParticleSpec): void {
    if (p.life <= 0 || this.capacity === 0) return;
    const i = this.count < this.capacity ? this.count++ : this.oldest();
    this.x[i] = p.x;
    this.y[i] = p.y;
    this.vx[i] = p.vx;
    this.vy[i] = p.vy;
    this.age[i] = 0;
    this.life[i] = p.life;
    this.size[i] = p.size;
    this.keep[i] = 1 - Math.min(Math.max(p.drag ?? 0, 0), 1);
    this.color[i] = p.color;
  }

  /** 0 when just emitted, approaching 1 at the end of its life. */
  ageOf(i: number): number {
    return (this.age[i] ?? 0) / (this.life[i] || 1);
  }

  /** Advances every particle by dt seconds and drops the expired ones (order is not kept). */
  step(dt: number): void {
    if (dt <= 0) return;
    let i = 0;
    while (i < this.count) {
      const age = (this.age[i] ?? 0) + dt;
      if (age >= (this.life[i] ?? 0)) {
        this.moveLastInto(i);
        continue;
      }
      const slow = Math.pow(this.keep[i] ?? 1, dt);
      this.vx[i] = (this.vx[i] ?? 0) * slow;
      this.vy[i] = (this.vy[i] ?? 0) * slow;
      this.x[i] = (this.x[i] ?? 0) + (this.vx[i] ?? 0) * dt;
      this.y[i] = (this.y[i] ?? 0) + (this.vy[i] ?? 0) * dt;
      this.age[i] = age;
      i++;
    }
  }

  clear(): void {
    this.count = 0;
  }

  private oldest(): number {
    let best = 0;
    for (let i = 1; i < this.count; i++) if (this.ageOf(i) > this.ageOf(best)) best = i;
    return best;
  }

  private moveLastInto(i: number): void {
    const last = --this.count;
    if (i === last) return;
    this.x[i] = this.x[last] ?? 0;
    this.y[i] = this.y[last] ?? 0;
    this.vx[i] = this.vx[last] ?? 0;
    this.vy[i] = this.vy[last] ?? 0;
    this.age[i] = this.age[last] ?? 0;
    this.life[i] = this.life[last] ?? 0;
    this.size[i] = this.size[last] ?? 0;
    this.keep[i] = this.keep[last] ?? 1;
    this.color[i] = this.color[last] ?? 0;
  }
}
