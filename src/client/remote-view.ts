/**
 * RemoteView: everyone but the local player, as drawn (DESIGN §3, §5.3): the interpolation history
 * of the other players and of the rockets, sampled at the render time each frame, and the remote
 * smoother that keeps interpolated players from jumping when the stream resumes.
 *
 * Inputs: `push(tick, players, projectiles)` for every complete snapshot (any order); `dropFrom(tick)`
 * when a new server writes those ticks again (host migration); `sample(renderTick, nowMs, cvars)`
 * once per frame. Outputs: the remotes and projectiles to draw, and how many remotes are extrapolated.
 * Invariants: as InterpolationBuffer's; raw remotes (cl_interpolate 0) are never smoothed. No clock is read.
 */
import type { Cvars } from '../config/cvars';
import type { ProjectileState, PublicPlayerState, Tick } from '../sim/types';
import { InterpolationBuffer, type EntityTraits, type SampleMode } from './interpolation-buffer';
import { RemoteSmoother } from './remote-smoother';
import { sampleRemotes } from './view-builder';
import type { ProjectileView, RemotePlayerView } from './view-model';

/** How a game's remote entities blend between snapshots (the arena's: src/arena/client/remote-traits.ts). */
export interface RemoteTraits {
  players: EntityTraits<PublicPlayerState>;
  projectiles: EntityTraits<ProjectileState>;
}

export class RemoteView {
  private readonly players: InterpolationBuffer<PublicPlayerState>;
  private readonly rockets: InterpolationBuffer<ProjectileState>;
  private readonly smoother: RemoteSmoother;
  /** Remotes extrapolated (or held) in the last frame sampled. */
  extrapolating = 0;

  /** @param traits how the game blends its entities; `maxSpeed`: a player's top speed, world units per second */
  constructor(
    private readonly tickrate: number,
    traits: RemoteTraits,
    maxSpeed: number,
  ) {
    this.players = new InterpolationBuffer(traits.players);
    this.rockets = new InterpolationBuffer(traits.projectiles);
    // Remotes drawn at most 1.45 × max speed frame to frame; the rest of a jump melts at 0.4 × max speed.
    this.smoother = new RemoteSmoother((1.45 * maxSpeed) / 1000, (0.4 * maxSpeed) / 1000);
  }

  push(tick: Tick, players: readonly PublicPlayerState[], projectiles: readonly ProjectileState[]): void {
    this.players.push(tick, players);
    this.rockets.push(tick, projectiles);
  }

  dropFrom(tick: Tick): void {
    this.players.dropFrom(tick);
    this.rockets.dropFrom(tick);
  }

  sample(
    renderTick: number,
    nowMs: number,
    cvars: Readonly<Cvars>,
  ): { remotes: RemotePlayerView[]; projectiles: ProjectileView[] } {
    const mode: SampleMode = {
      interpolate: cvars.cl_interpolate === 1,
      extrapolateTicks: cvars.cl_extrapolate === 1 ? cvars.cl_extrapolate_amount * this.tickrate : 0,
    };
    const sampled = sampleRemotes(this.players, renderTick, mode);
    this.extrapolating = sampled.filter((r) => r.extrapolating).length;
    // Interpolated remotes never jump when the stream resumes after a burst; raw ones (cl_interpolate 0) are left raw.
    const remotes = mode.interpolate ? this.smoother.apply(sampled, nowMs) : sampled;
    const projectiles = this.rockets
      .sample(renderTick, mode)
      .map(({ state }) => ({ id: state.id, owner: state.owner, x: state.x, y: state.y }));
    return { remotes, projectiles };
  }
}
