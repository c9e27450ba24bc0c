/**
 * ViewTimes: for each player, the view time (fractional server tick) its command of each recent
 * tick says its screen showed, so a kill-cam can show the world as the killer saw it (kill-cams.ts).
 *
 * Inputs: `note(id, tick, viewTime)` once per player per stepped tick; `at(id, tick)`.
 * Outputs: the view time of that player's command of that tick, or null when none was noted (a bot,
 * a player who had no command that tick, or a tick older than the ring).
 * Invariants: a power-of-two ring per player, indexed by tick; a slot answers only for the tick it
 * holds. Nothing is allocated per tick once a player's ring exists.
 */
import type { PlayerId, Tick } from '../protocol/ids';
import { ringMask } from './pow2';

interface Ring {
  ticks: Float64Array;
  times: Float64Array;
}

export class ViewTimes {
  private readonly rings = new Map<PlayerId, Ring>();
  private readonly mask: number;

  /** @param sizePow2 ticks kept per player, a power of two */
  constructor(private readonly sizePow2: number) {
    this.mask = ringMask(sizePow2);
  }

  note(id: PlayerId, tick: Tick, viewTime: number): void {
    let ring = this.rings.get(id);
    if (!ring) {
      ring = { ticks: new Float64Array(this.sizePow2).fill(-1), times: new Float64Array(this.sizePow2) };
      this.rings.set(id, ring);
    }
    ring.ticks[tick & this.mask] = tick;
    ring.times[tick & this.mask] = viewTime;
  }

  at(id: PlayerId, tick: Tick): number | null {
    const ring = this.rings.get(id);
    if (!ring || tick < 0 || ring.ticks[tick & this.mask] !== tick) return null;
    return ring.times[tick & this.mask]!;
  }

  forget(id: PlayerId): void {
    this.rings.delete(id);
  }
}
