/**
 * The own entity as drawn (the arena's LocalPlayerView, src/arena/client/view-model.ts): between its last two predicted ticks by the
 * fraction of the tick elapsed (never across a teleport: the game says what continues what), plus
 * the smoothing offset.
 */
import type { LocalView } from './client-game';

export interface LocalSource<S> {
  state: S;
  previous: S;
  /** 0..1: how far into the newest tick the frame is. */
  frac: number;
}

export function buildLocalView<S extends { x: number; y: number }>(
  src: LocalSource<S> | null,
  offset: { x: number; y: number },
  continuous: (before: S, after: S) => boolean,
): LocalView<S> | null {
  if (!src) return null;
  const { state, previous, frac } = src;
  const from = continuous(previous, state) ? previous : state;
  return {
    state,
    drawX: from.x + (state.x - from.x) * frac + offset.x,
    drawY: from.y + (state.y - from.y) * frac + offset.y,
    errorX: offset.x,
    errorY: offset.y,
  };
}
