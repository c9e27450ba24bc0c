/**
 * Pure helpers that turn the client's netcode state into the renderer's view model
 * (src/client/view-model.ts).
 *
 * Inputs: predicted states and the visual error offset; the remote interpolation buffer and a
 * render time. Outputs: LocalPlayerView / RemotePlayerView values. Invariants: the local player is
 * drawn between its last two predicted ticks by the fraction of the tick elapsed (never across a
 * teleport), plus the smoothing offset.
 */
import type { PlayerId, PlayerState, PublicPlayerState, SimEvent } from '../sim/types';
import type { InterpolationBuffer, SampleMode } from './interpolation-buffer';
import type { LocalPlayerView, RemotePlayerView } from './view-model';

export interface LocalSource {
  state: PlayerState;
  previous: PlayerState;
  /** 0..1: how far into the newest tick the frame is. */
  frac: number;
}

export function buildLocalView(src: LocalSource | null, offset: { x: number; y: number }): LocalPlayerView | null {
  if (!src) return null;
  const { state, previous, frac } = src;
  const from = previous.teleportSeq === state.teleportSeq ? previous : state;
  return {
    state,
    drawX: from.x + (state.x - from.x) * frac + offset.x,
    drawY: from.y + (state.y - from.y) * frac + offset.y,
    errorX: offset.x,
    errorY: offset.y,
  };
}

export function sampleRemotes(
  buffer: InterpolationBuffer<PublicPlayerState>,
  renderTick: number,
  mode: SampleMode,
): RemotePlayerView[] {
  return buffer
    .sample(renderTick, mode)
    .map(({ state, extrapolating }) => ({ ...state, extrapolating }))
    .sort((a, b) => a.id - b.id);
}

/** Events the local prediction already showed the first time (so the server's copy is not shown again). */
export function isOwnPredictedEvent(event: SimEvent, localId: PlayerId): boolean {
  switch (event.type) {
    case 'fired':
      return event.shooter === localId;
    case 'reloaded':
    case 'switched':
    case 'pickup':
      return event.player === localId;
    default:
      return false;
  }
}
