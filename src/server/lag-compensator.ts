/**
 * LagCompensator: a history of every player's hitbox per tick, and the rewind that lets a shooter
 * hit what their screen showed (DESIGN §5.4; Valve's lag compensation, without touching the world).
 *
 * Inputs: `record(tick, players)` after every server step (the state at the end of `tick`);
 * `rewindTime(claim, nowTick, estimate)` turns a command's claimed view time into the time to test;
 * `hitboxesAt(viewTime, shooter)` returns the other players' hitboxes as they were then.
 * Outputs: fresh arrays of fresh hitbox objects; the live world is never read or written here.
 * Invariants:
 *  - records are copies (frozen lists, readonly types), kept for the largest sv_maxunlag (2 s) in a
 *    power-of-two ring, and `hitboxesAt` hands out fresh objects, so nobody can edit the history;
 *  - between two records positions are interpolated linearly (the client interpolates too), while
 *    alive, crouch and radius come from the older record: the state in force during that interval;
 *  - a player dead in the older record cannot be hit; across a teleport (teleportSeq changed, e.g.
 *    respawn) or a death/respawn in between, nothing is interpolated: the older record stands, so a
 *    player who has since died and respawned is tested only where they were;
 *  - a player absent from the older record (joined later) is not there to hit.
 */
import { hitboxOf } from '../sim/hitscan';
import type { Hitbox, PlayerId, PublicPlayerState, Tick } from '../sim/types';
import { nextPowerOfTwo } from './pow2';

interface RecordedHitbox {
  readonly hitbox: Readonly<Hitbox>;
  readonly teleportSeq: number;
}

interface TickRecord {
  readonly tick: Tick;
  /** Sorted by player id. */
  readonly entries: readonly RecordedHitbox[];
}

/** Why the tested time differs from the claimed one. */
export type RewindAdjustment = 'none' | 'estimate' | 'clamped';

export interface RewindTime {
  viewTime: number;
  adjustment: RewindAdjustment;
}

/** Longest sv_maxunlag the ring is sized for (the cvar's upper bound). */
export const MAX_UNLAG_LIMIT_S = 2;
/** A claim further than this from the server's own estimate is replaced by the estimate. */
export const CLAIM_TOLERANCE_S = 0.2;

export class LagCompensator {
  private readonly ring: Array<TickRecord | null>;
  private readonly mask: number;
  private newestTick = -1;
  private maxUnlagTicks: number;

  constructor(
    private readonly tickrate: number,
    maxUnlagS: number,
  ) {
    const size = nextPowerOfTwo(Math.ceil(MAX_UNLAG_LIMIT_S * tickrate) + 2);
    this.ring = new Array<TickRecord | null>(size).fill(null);
    this.mask = size - 1;
    this.maxUnlagTicks = this.toUnlagTicks(maxUnlagS);
  }

  private toUnlagTicks(seconds: number): number {
    const s = Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), MAX_UNLAG_LIMIT_S) : 1;
    return s * this.tickrate;
  }

  setMaxUnlag(seconds: number): void {
    this.maxUnlagTicks = this.toUnlagTicks(seconds);
  }

  get maxUnlagSeconds(): number {
    return this.maxUnlagTicks / this.tickrate;
  }

  record(tick: Tick, players: readonly PublicPlayerState[]): void {
    const entries: RecordedHitbox[] = players.map((p) => ({ hitbox: hitboxOf(p), teleportSeq: p.teleportSeq }));
    // The world keeps players sorted by id; sort only if a caller did not.
    for (let i = 1; i < entries.length; i++) {
      if ((entries[i] as RecordedHitbox).hitbox.id < (entries[i - 1] as RecordedHitbox).hitbox.id) {
        entries.sort((a, b) => a.hitbox.id - b.hitbox.id);
        break;
      }
    }
    // Frozen at the top: the history is read-only, and every reader gets copies of the hitboxes.
    this.ring[tick & this.mask] = Object.freeze({ tick, entries: Object.freeze(entries) });
    this.newestTick = Math.max(this.newestTick, tick);
  }

  private recordAt(tick: Tick): TickRecord | null {
    const r = this.ring[tick & this.mask];
    return r && r.tick === tick ? r : null;
  }

  /**
   * The time to rewind to for a command that claims `claimedViewTime` (ticks, fractional), executed
   * when the newest record is `nowTick`. `estimate` is the server's own idea of what the client saw
   * (null when it has no RTT measurement yet). Source's rule: a claim inconsistent with the
   * estimate by more than 200 ms is not trusted; then the result is clamped to [now - maxunlag, now].
   */
  rewindTime(claimedViewTime: number, nowTick: Tick, estimate: number | null): RewindTime {
    let viewTime = claimedViewTime;
    let adjustment: RewindAdjustment = 'none';
    if (estimate !== null && Math.abs(claimedViewTime - estimate) > CLAIM_TOLERANCE_S * this.tickrate) {
      viewTime = estimate;
      adjustment = 'estimate';
    }
    const lo = nowTick - this.maxUnlagTicks;
    if (viewTime < lo || viewTime > nowTick) {
      viewTime = Math.min(Math.max(viewTime, lo), nowTick);
      if (adjustment === 'none') adjustment = 'clamped';
    }
    return { viewTime, adjustment };
  }

  /** Every player but `shooter` as they were at `viewTime` (clamped to the history held). */
  hitboxesAt(viewTime: number, shooter: PlayerId): Hitbox[] {
    if (this.newestTick < 0) return [];
    const t = Math.min(Math.max(viewTime, this.oldestReachableTick()), this.newestTick);
    const olderTick = Math.floor(t);
    const frac = t - olderTick;
    const older = this.recordAt(olderTick);
    if (!older) return [];
    const newer = frac > 0 ? this.recordAt(olderTick + 1) : null;
    const out: Hitbox[] = [];
    let j = 0;
    for (const e of older.entries) {
      if (e.hitbox.id === shooter) continue;
      // Both lists are sorted by id: walk the newer one alongside.
      while (newer && j < newer.entries.length && (newer.entries[j] as RecordedHitbox).hitbox.id < e.hitbox.id) j++;
      const n = newer ? newer.entries[j] : undefined;
      out.push(LagCompensator.between(e, n && n.hitbox.id === e.hitbox.id ? n : undefined, frac));
    }
    return out;
  }

  private static between(older: RecordedHitbox, newer: RecordedHitbox | undefined, frac: number): Hitbox {
    const a = older.hitbox;
    const continuous = newer && newer.teleportSeq === older.teleportSeq && a.alive && newer.hitbox.alive;
    if (!continuous || frac === 0) return { ...a };
    const b = newer.hitbox;
    return { ...a, x: a.x + (b.x - a.x) * frac, y: a.y + (b.y - a.y) * frac };
  }

  /** The oldest tick worth looking at: newest minus the ring's reach (records there may be missing). */
  private oldestReachableTick(): Tick {
    return Math.max(0, this.newestTick - this.mask + 1);
  }
}
