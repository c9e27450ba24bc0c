/**
 * ShotRecords: what the server tested for each hitscan shot of a tick, and each client's newest
 * shot kept for its debug view (`ServerStats` → `RewindRecord`: the rewound hitboxes, the view
 * time claimed and the one used, whom it hit).
 *
 * Inputs: `beginTick()` before the world step; `next()` once per shot as lag compensation rewinds
 * it (the caller fills the record); `settle(events, keep)` after the step, with the tick's events.
 * Outputs: `rewindRecordOf(id, history)`: the client's newest shot, its hitboxes rebuilt from the
 * lag-compensation history only when asked (debug views), or the live ones it was tested against.
 * Invariants: records are reused from tick to tick (nothing allocated per shot once the pool is
 * as large as the most shots of one tick plus one per shooter); a client's record is the newest
 * shot it fired and is forgotten when it leaves.
 */
import type { Hitbox } from '../protocol/hitbox';
import type { PlayerId } from '../protocol/ids';
import type { LagCompensator, RewindAdjustment } from './lag-compensator';
import type { RewindRecord } from './stats';

/** One hitscan shot of a tick and the time it was tested at. */
export interface ShotRecord {
  shooter: PlayerId;
  weapon: number;
  tick: number;
  claimed: number;
  viewTime: number;
  adjustment: RewindAdjustment;
  lagCompensated: boolean;
  /** The live hitboxes it was tested against (sv_lagcompensation 0); null when rewound. */
  liveHitboxes: Hitbox[] | null;
  hit: PlayerId | null;
}

/** A hit a tick's events report: who shot with which weapon, and whom it hit. */
export interface ShotHit {
  shooter: PlayerId;
  weapon: number;
  target: PlayerId;
}

const newShotRecord = (): ShotRecord => ({
  shooter: 0,
  weapon: 0,
  tick: 0,
  claimed: 0,
  viewTime: 0,
  adjustment: 'none',
  lagCompensated: true,
  liveHitboxes: null,
  hit: null,
});

export class ShotRecords {
  /** This tick's shots: `shots[0, count)`. */
  private readonly shots: ShotRecord[] = [];
  private count = 0;
  private readonly newest = new Map<PlayerId, ShotRecord>();

  beginTick(): void {
    this.count = 0;
  }

  /** A record for the next shot of this tick, for the caller to fill. */
  next(): ShotRecord {
    const r = this.shots[this.count] ?? (this.shots[this.count] = newShotRecord());
    this.count++;
    r.hit = null;
    return r;
  }

  /**
   * After the step: each shooter still connected (`keep`) gets its shot (and whom it hit) as its
   * newest. `hitOf`: the hit an event of the game reports, or null (the arena's 'hit' events).
   */
  settle<E>(events: readonly E[], hitOf: (e: E) => ShotHit | null, keep: (id: PlayerId) => boolean): void {
    for (let i = 0; i < this.count; i++) {
      const r = this.shots[i]!;
      if (!keep(r.shooter)) continue;
      for (let k = 0; k < events.length; k++) {
        const e = hitOf(events[k]!);
        if (e !== null && e.shooter === r.shooter && e.weapon === r.weapon) {
          r.hit = e.target;
          break;
        }
      }
      // Swap the entry with the shooter's previous record, so the pool keeps a free entry.
      const previous = this.newest.get(r.shooter);
      this.newest.set(r.shooter, r);
      this.shots[i] = previous ?? newShotRecord();
    }
  }

  forget(id: PlayerId): void {
    this.newest.delete(id);
  }

  /** What the server tested for a client's newest shot (null: none yet). */
  rewindRecordOf(id: PlayerId, history: LagCompensator): RewindRecord | null {
    const r = this.newest.get(id);
    if (!r) return null;
    const hitboxes = r.liveHitboxes ?? (history.holds(r.viewTime) ? history.hitboxesAt(r.viewTime, id) : []);
    return {
      tick: r.tick,
      claimedViewTime: r.claimed,
      viewTime: r.viewTime,
      adjustment: r.adjustment,
      hitboxes,
      hit: r.hit,
      lagCompensated: r.lagCompensated,
    };
  }
}
