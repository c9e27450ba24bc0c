/**
 * What a bot "sees" of another player at a render time: linear interpolation between the two
 * history points that bracket it (the newest when past the end; never across a teleport).
 */
import type { PublicPlayerState } from '../sim/types';
import type { HistoryPoint } from './snapshot-receiver';

export function stateAt(history: readonly HistoryPoint[] | undefined, time: number): PublicPlayerState | null {
  if (!history || history.length === 0) return null;
  const first = history[0] as HistoryPoint;
  if (time <= first.tick) return first.state;
  for (let i = history.length - 1; i > 0; i--) {
    const a = history[i - 1] as HistoryPoint;
    const b = history[i] as HistoryPoint;
    if (a.tick <= time && time <= b.tick) {
      if (a.state.teleportSeq !== b.state.teleportSeq || !a.state.alive || !b.state.alive) return a.state;
      const f = (time - a.tick) / (b.tick - a.tick);
      return { ...a.state, x: a.state.x + (b.state.x - a.state.x) * f, y: a.state.y + (b.state.y - a.state.y) * f };
    }
  }
  return (history[history.length - 1] as HistoryPoint).state;
}
