/**
 * InterpolationBuffer: the history of every remote entity by server tick, sampled at a render time
 * in the past (DESIGN §3, §5.3). Game-agnostic: the entity type, its lerp and its teleport test are
 * passed in.
 *
 * Inputs: `push(tick, entities)` for every complete snapshot (any order: late ones fill the history),
 * `sample(renderTick, mode)` once per frame with an explicit fractional server tick.
 * Outputs: one state per live entity: interpolated between the two history entries that bracket the
 * render time, or extrapolated from the newest two for at most `extrapolateTicks`, then held.
 * Invariants: per entity the history is sorted by tick, holds at most `historySize` entries and never
 * two of the same tick; states on opposite sides of a teleport are never blended (the view jumps at
 * the newer entry's tick); an entity missing from the newest snapshot is removed, and an older
 * snapshot arriving late cannot bring it back. No clock is read here.
 */
import type { Tick } from '../protocol/ids';

export interface EntityTraits<T> {
  /** Blend `a` (t = 0) to `b` (t = 1), `spanTicks` apart; t > 1 extrapolates positions along a→b. */
  lerp(a: T, b: T, t: number, spanTicks: number): T;
  /** True when `b` is not a continuation of `a` (respawn): the two are never blended. */
  teleported(a: T, b: T): boolean;
}

export interface SampleMode {
  /** false: draw each entity's newest state (cl_interpolate 0). */
  interpolate: boolean;
  /** Longest extrapolation past the newest state, in ticks (0 = hold at once). */
  extrapolateTicks: number;
}

export interface SampledEntity<T> {
  state: T;
  /** Render time is past the newest state: the state is extrapolated or held. */
  extrapolating: boolean;
}

interface HistoryEntry<T> {
  tick: Tick;
  state: T;
}

/**
 * States kept per entity: 128 covers the longest interpolation delay the cvars allow (cl_interp
 * 0.5 s) plus extrapolation at the highest snapshot rate (128/s), so the render time always has a
 * bracketing pair in the history.
 */
export const DEFAULT_HISTORY_SIZE = 128;

export class InterpolationBuffer<T extends { id: number }> {
  private readonly histories = new Map<number, HistoryEntry<T>[]>();
  private newestTick = -1;

  constructor(
    private readonly traits: EntityTraits<T>,
    private readonly historySize: number = DEFAULT_HISTORY_SIZE,
  ) {}

  /** Number of entities currently tracked. */
  get size(): number {
    return this.histories.size;
  }

  /** Tick of the newest snapshot pushed (-1 before any). */
  get latestTick(): Tick {
    return this.newestTick;
  }

  push(tick: Tick, entities: readonly T[]): void {
    const isNewest = tick > this.newestTick;
    for (const entity of entities) {
      const history = this.histories.get(entity.id);
      if (history) this.insert(history, tick, entity);
      // A late snapshot may not create an entity the newer ones no longer list (it was removed).
      else if (isNewest) this.histories.set(entity.id, [{ tick, state: entity }]);
    }
    if (!isNewest) return;
    this.newestTick = tick;
    const present = new Set(entities.map((e) => e.id));
    for (const id of [...this.histories.keys()]) if (!present.has(id)) this.histories.delete(id);
  }

  sample(renderTick: number, mode: SampleMode): SampledEntity<T>[] {
    const out: SampledEntity<T>[] = [];
    for (const history of this.histories.values()) out.push(this.sampleOne(history, renderTick, mode));
    return out;
  }

  /** The states recorded for one entity, oldest first (for debugging and tests). */
  historyOf(id: number): readonly { tick: Tick; state: T }[] {
    return this.histories.get(id) ?? [];
  }

  /**
   * Forgets every state at `tick` or later (a new server writes those ticks again: host migration);
   * an entity left with no state is forgotten. The next push at `tick` or later is the newest.
   */
  dropFrom(tick: Tick): void {
    for (const [id, history] of this.histories) {
      while (history.length > 0 && history[history.length - 1]!.tick >= tick) history.pop();
      if (history.length === 0) this.histories.delete(id);
    }
    this.newestTick = Math.min(this.newestTick, tick - 1);
  }

  clear(): void {
    this.histories.clear();
    this.newestTick = -1;
  }

  private insert(history: HistoryEntry<T>[], tick: Tick, state: T): void {
    let i = history.length;
    while (i > 0 && history[i - 1]!.tick > tick) i--;
    if (i > 0 && history[i - 1]!.tick === tick) return;
    history.splice(i, 0, { tick, state });
    if (history.length > this.historySize) history.shift();
  }

  private sampleOne(history: HistoryEntry<T>[], renderTick: number, mode: SampleMode): SampledEntity<T> {
    const last = history.length - 1;
    const newest = history[last]!;
    if (!mode.interpolate) return { state: newest.state, extrapolating: false };
    if (renderTick >= newest.tick) return this.extrapolate(history, renderTick, mode.extrapolateTicks);
    let i = last;
    while (i > 0 && history[i - 1]!.tick > renderTick) i--;
    const after = history[i]!;
    const before = history[i - 1];
    // Render time older than the whole history (a new entity): show its oldest state.
    if (!before) return { state: after.state, extrapolating: false };
    if (this.traits.teleported(before.state, after.state)) return { state: before.state, extrapolating: false };
    const t = (renderTick - before.tick) / (after.tick - before.tick);
    return { state: this.traits.lerp(before.state, after.state, t, after.tick - before.tick), extrapolating: false };
  }

  private extrapolate(history: HistoryEntry<T>[], renderTick: number, maxTicks: number): SampledEntity<T> {
    const newest = history[history.length - 1]!;
    if (renderTick === newest.tick) return { state: newest.state, extrapolating: false };
    const prev = history[history.length - 2];
    if (!prev || maxTicks <= 0 || this.traits.teleported(prev.state, newest.state)) {
      return { state: newest.state, extrapolating: true };
    }
    // Linear continuation of the last known motion, capped so a long outage holds rather than runs away.
    const ahead = Math.min(renderTick - newest.tick, maxTicks);
    const t = 1 + ahead / (newest.tick - prev.tick);
    return { state: this.traits.lerp(prev.state, newest.state, t, newest.tick - prev.tick), extrapolating: true };
  }
}
