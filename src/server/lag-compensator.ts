/**
 * LagCompensator: a history of every player's hitbox per tick, and the rewind that lets a shooter
 * hit what their screen showed (DESIGN §5.4; Valve's lag compensation, without touching the world).
 *
 * Inputs: `record(tick, players)` after every server step (the state at the end of `tick`);
 * `rewindTime(claim, nowTick, estimate)` turns a command's claimed view time into the time to test;
 * `candidatesAt(viewTime, shooter, box)` returns, for one shot, the other players' hitboxes as they
 * were then *near the shot's ray* (a broad phase: only hitboxes overlapping the ray's bounding box);
 * `hitboxesAt(viewTime, shooter)` returns all of them (debug overlays, tests).
 * Outputs: `candidatesAt` fills a list of hitbox objects it reuses (valid until its next call:
 * nothing is allocated per shot); `hitboxesAt` fresh objects. The live world is never read or
 * written here.
 * Invariants:
 *  - records are copies in flat typed arrays (HitboxHistory), kept for the largest sv_maxunlag
 *    (2 s) in a power-of-two ring; readers get objects filled from them, so nobody can edit the history;
 *  - the broad phase drops only hitboxes that cannot touch the ray, so a shot hits exactly what
 *    testing every hitbox would;
 *  - between two records positions are interpolated linearly (the client interpolates too), while
 *    alive, crouch and radius come from the older record: the state in force during that interval;
 *  - a player dead in the older record cannot be hit; across a teleport (teleportSeq changed, e.g.
 *    respawn) or a death/respawn in between, nothing is interpolated: the older record stands, so a
 *    player who has since died and respawned is tested only where they were;
 *  - a player absent from the older record (joined later) is not there to hit.
 */
import type { Hitbox } from '../protocol/hitbox';
import type { PlayerId, Tick } from '../protocol/ids';
import { ALIVE, CROUCH, HitboxHistory, type HitboxRadii, type HitboxSource } from './hitbox-history';
import { nextPowerOfTwo } from './pow2';

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

/** The ray's bounding box (the shot from its muzzle to its full range); hitboxes outside it are skipped. */
export interface RayBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The bounding box of a shot from (x, y) along `radians` over `range` units, into `out`. */
export function rayBoxAlong(x: number, y: number, radians: number, range: number, out: RayBox): RayBox {
  const ex = x + Math.cos(radians) * range;
  const ey = y + Math.sin(radians) * range;
  out.minX = Math.min(x, ex);
  out.maxX = Math.max(x, ex);
  out.minY = Math.min(y, ey);
  out.maxY = Math.max(y, ey);
  return out;
}

const EVERYWHERE: RayBox = Object.freeze({ minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity });

export class LagCompensator {
  private readonly history: HitboxHistory;
  private newestTick = -1;
  private maxUnlagTicks: number;
  /** Reused hitbox objects and the list `candidatesAt` returns (its length is the candidate count). */
  private readonly pool: Hitbox[] = [];
  private readonly candidates: Hitbox[] = [];

  /** `radii`: the game's hitbox radii (standing, crouching). */
  constructor(
    private readonly tickrate: number,
    maxUnlagS: number,
    radii: HitboxRadii,
  ) {
    this.history = new HitboxHistory(nextPowerOfTwo(Math.ceil(MAX_UNLAG_LIMIT_S * tickrate) + 2), radii);
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

  record(tick: Tick, players: readonly HitboxSource[]): void {
    this.history.record(tick, players);
    this.newestTick = Math.max(this.newestTick, tick);
  }

  /**
   * Migration (checkpoint.ts): a restored server's history, from the carried records (ascending
   * ticks, before `tick`) and the players at the restore `tick`. Every tick the ring reaches gets a
   * record: a tick without one holds the nearest earlier record (the oldest, before all of them),
   * so a shot made before the restore is tested where everyone stood then, never against nobody.
   */
  restoreHistory(
    records: ReadonlyArray<{ tick: Tick; boxes: readonly HitboxSource[] }>,
    tick: Tick,
    players: readonly HitboxSource[],
  ): void {
    const all = [...records.filter((r) => r.tick < tick), { tick, boxes: players }];
    let k = 0;
    for (let t = Math.max(0, tick - this.history.mask + 1); t <= tick; t++) {
      while (k + 1 < all.length && all[k + 1]!.tick <= t) k++;
      this.record(t, all[k]!.boxes);
    }
  }

  /** Migration: the records of ticks [from, to] still held, oldest first, as plain boxes. */
  recordsBetween(from: Tick, to: Tick): Array<{ tick: Tick; boxes: HitboxSource[] }> {
    const h = this.history;
    const out: Array<{ tick: Tick; boxes: HitboxSource[] }> = [];
    for (let t = Math.max(0, from); t <= to; t++) {
      const slot = h.slotOf(t);
      if (slot < 0) continue;
      const boxes: HitboxSource[] = [];
      for (let k = 0; k < h.count(slot); k++) {
        const i = h.at(slot, k);
        boxes.push({
          id: h.id(i),
          x: h.x(i),
          y: h.y(i),
          alive: (h.flag(i) & ALIVE) !== 0,
          crouch: (h.flag(i) & CROUCH) !== 0,
          teleportSeq: h.teleport(i),
        });
      }
      out.push({ tick: t, boxes });
    }
    return out;
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

  /**
   * The living players but `shooter` as they were at `viewTime` (clamped to the history held) whose
   * hitbox overlaps `box`. The list and its objects are reused by the next call.
   */
  candidatesAt(viewTime: number, shooter: PlayerId, box: RayBox): readonly Hitbox[] {
    const n = this.gather(viewTime, shooter, box, true);
    this.candidates.length = n;
    for (let k = 0; k < n; k++) this.candidates[k] = this.pool[k]!;
    return this.candidates;
  }

  /** Whether the records `viewTime` is rewound from are still held (not yet overwritten). */
  holds(viewTime: number): boolean {
    const older = Math.floor(viewTime);
    return this.history.slotOf(older) >= 0 && (viewTime === older || this.history.slotOf(older + 1) >= 0);
  }

  /** Every player but `shooter` as they were at `viewTime` (clamped to the history held), as fresh objects. */
  hitboxesAt(viewTime: number, shooter: PlayerId): Hitbox[] {
    const n = this.gather(viewTime, shooter, EVERYWHERE, false);
    const out: Hitbox[] = [];
    for (let k = 0; k < n; k++) out.push({ ...this.pool[k]! });
    return out;
  }

  /** Fills `pool[0, n)` with the rewound hitboxes inside `box` (only living ones if `aliveOnly`); returns n. */
  private gather(viewTime: number, shooter: PlayerId, box: RayBox, aliveOnly: boolean): number {
    if (this.newestTick < 0) return 0;
    const h = this.history;
    const t = Math.min(Math.max(viewTime, this.oldestReachableTick()), this.newestTick);
    const olderTick = Math.floor(t);
    const frac = t - olderTick;
    const older = h.slotOf(olderTick);
    if (older < 0) return 0;
    const newer = frac > 0 ? h.slotOf(olderTick + 1) : -1;
    const newerCount = newer < 0 ? 0 : h.count(newer);
    let n = 0;
    let j = 0;
    for (let k = 0; k < h.count(older); k++) {
      const a = h.at(older, k);
      const id = h.id(a);
      const alive = (h.flag(a) & ALIVE) !== 0;
      if (id === shooter || (aliveOnly && !alive)) continue;
      // Both records are sorted by id: walk the newer one alongside.
      while (j < newerCount && h.id(h.at(newer, j)) < id) j++;
      const b = j < newerCount && h.id(h.at(newer, j)) === id ? h.at(newer, j) : -1;
      let x = h.x(a);
      let y = h.y(a);
      // Interpolate only within one life and one place: not across a teleport, a death or a respawn.
      if (b >= 0 && frac > 0 && alive && (h.flag(b) & ALIVE) !== 0 && h.teleport(b) === h.teleport(a)) {
        x = x + (h.x(b) - x) * frac;
        y = y + (h.y(b) - y) * frac;
      }
      const r = h.radius(a);
      if (x + r < box.minX || x - r > box.maxX || y + r < box.minY || y - r > box.maxY) continue;
      const out = this.pool[n] ?? (this.pool[n] = { id: 0, x: 0, y: 0, radius: 0, alive: false, crouch: false });
      out.id = id;
      out.x = x;
      out.y = y;
      out.radius = r;
      out.alive = alive;
      out.crouch = (h.flag(a) & CROUCH) !== 0;
      n++;
    }
    return n;
  }

  /** The oldest tick worth looking at: newest minus the ring's reach (records there may be missing). */
  private oldestReachableTick(): Tick {
    return Math.max(0, this.newestTick - this.history.mask + 1);
  }
}
