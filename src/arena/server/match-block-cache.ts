/**
 * MatchBlockCache: the match block every snapshot of a tick carries (PublicMatchState), rebuilt
 * only when it can differ from the last one built. A world's match object is never changed once
 * its tick is over (a tick that changes the match makes a new object), so the same match object
 * and the same pickup timers give the same block; most ticks change neither, and building it
 * (a record per player) was a per-tick cost for nothing.
 *
 * Inputs: `get(world, build)` with the function that builds the block. Output: the block, shared
 * by every caller until it changes: readers must not modify it. `clear()` when anything else the
 * block shows changes (the map id: a new match on another map, a migration).
 */
import { sameList } from '../protocol/match-value';
import type { PublicMatchState } from '../../sim/match-types';
import type { WorldState } from '../../sim/types';

export class MatchBlockCache {
  private match: WorldState['match'] | null = null;
  private readonly pickups: number[] = [];
  private block: PublicMatchState | null = null;

  get(world: Readonly<WorldState>, build: () => PublicMatchState): PublicMatchState {
    if (this.block && world.match === this.match && sameList(world.pickups, this.pickups)) return this.block;
    this.block = build();
    this.match = world.match;
    this.pickups.length = world.pickups.length;
    for (let i = 0; i < world.pickups.length; i++) this.pickups[i] = world.pickups[i]!;
    return this.block;
  }

  clear(): void {
    this.block = null;
    this.match = null;
  }
}
