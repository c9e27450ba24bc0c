/**
 * RemoteView: every entity but the own one, as drawn (DESIGN §3, §5.3): one interpolation history
 * per snapshot section (the arena's: other players, rockets; Pushball's: other players, the ball),
 * sampled at the render time each frame, and the remote smoother that keeps the game's chosen
 * section (people) from jumping when the stream resumes.
 *
 * Inputs: `push(tick, lists)` for every complete snapshot (any order; lists in the wire's section
 * order); `dropFrom(tick)` when a new server writes those ticks again (host migration);
 * `sample(renderTick, nowMs, cvars)` once per frame. Outputs: each section's entities to draw, and
 * how many of the smoothed section's are extrapolated.
 * Invariants: as InterpolationBuffer's; raw entities (cl_interpolate 0) are never smoothed. No clock is read.
 */
import type { Cvars } from '../config/cvars';
import type { AnyEntity, SnapshotWire } from '../protocol/snapshot-schema';
import type { WireTypes } from '../protocol/snapshot-types';
import type { Tick } from '../protocol/ticks';
import type { SampledSections, SectionTraits } from './client-game';
import { InterpolationBuffer, type EntityTraits, type SampleMode, type SampledEntity } from './interpolation-buffer';
import { RemoteSmoother } from './remote-smoother';

type Positioned = AnyEntity & { x: number; y: number };

export class RemoteView<W extends WireTypes> {
  private readonly buffers: InterpolationBuffer<AnyEntity>[];
  private readonly names: string[];
  private readonly smoothed: number;
  private readonly smoother: RemoteSmoother<Positioned> | null;
  /** Entities of the smoothed section extrapolated (or held) in the last frame sampled. */
  extrapolating = 0;

  /**
   * @param traits how the game blends each section's entities
   * @param smoothedSection the section kept from jumping (null: none)
   * @param maxSpeed the game's top speed, world units per second (what the jump cap is scaled to)
   */
  constructor(
    private readonly tickrate: number,
    wire: SnapshotWire<W>,
    traits: SectionTraits<W>,
    smoothedSection: string | null,
    maxSpeed: number,
  ) {
    const byName = traits as unknown as Record<string, EntityTraits<AnyEntity>>;
    this.names = wire.sections.map((s) => s.name);
    this.buffers = this.names.map((name) => new InterpolationBuffer(byName[name]!));
    this.smoothed = smoothedSection === null ? -1 : this.names.indexOf(smoothedSection);
    const teleported = this.smoothed >= 0 ? byName[this.names[this.smoothed]!]! : null;
    // Drawn at most 1.45 × max speed frame to frame; the rest of a jump melts at 0.4 × max speed.
    this.smoother = teleported
      ? new RemoteSmoother<Positioned>((1.45 * maxSpeed) / 1000, (0.4 * maxSpeed) / 1000, (a, b) =>
          teleported.teleported(a, b),
        )
      : null;
  }

  push(tick: Tick, lists: readonly (readonly AnyEntity[])[]): void {
    for (let i = 0; i < this.buffers.length; i++) this.buffers[i]!.push(tick, lists[i] ?? []);
  }

  dropFrom(tick: Tick): void {
    for (const b of this.buffers) b.dropFrom(tick);
  }

  sample(renderTick: number, nowMs: number, cvars: Readonly<Cvars>): SampledSections<W> {
    const mode: SampleMode = {
      interpolate: cvars.cl_interpolate === 1,
      extrapolateTicks: cvars.cl_extrapolate === 1 ? cvars.cl_extrapolate_amount * this.tickrate : 0,
    };
    const out: Record<string, SampledEntity<AnyEntity>[]> = {};
    for (let i = 0; i < this.buffers.length; i++) {
      const sampled = this.buffers[i]!.sample(renderTick, mode);
      if (i !== this.smoothed) {
        out[this.names[i]!] = sampled;
        continue;
      }
      // The smoothed section (people) in id order, what the renderer and the smoother walk.
      sampled.sort((a, b) => a.state.id - b.state.id);
      this.extrapolating = sampled.filter((r) => r.extrapolating).length;
      // Interpolated entities never jump when the stream resumes after a burst; raw ones (cl_interpolate 0) stay raw.
      out[this.names[i]!] =
        mode.interpolate && this.smoother
          ? this.smoother.apply(sampled as SampledEntity<Positioned>[], nowMs)
          : sampled;
    }
    return out as unknown as SampledSections<W>;
  }
}
