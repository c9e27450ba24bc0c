/**
 * HitboxHistory: every player's hitbox at each recent tick, as flat typed arrays in a
 * power-of-two ring of slots indexed by `tick & mask` (Quake's habit), for lag compensation.
 *
 * Inputs: `record(tick, players)` with the players sorted by id (the sim keeps them so; an
 * unsorted list is sorted first). Outputs: per slot, `count` entries at `slot * capacity + k`:
 * id, x, y, radius, flags (ALIVE, CROUCH) and teleportSeq, in id order; `slotOf(tick)` finds the
 * slot holding exactly that tick (-1 when it was never recorded or was overwritten).
 * Invariants: recording allocates nothing unless more players than ever before must fit (then
 * every column grows, keeping the slots); nothing outside this class can write the columns
 * (they are private; readers get numbers through the accessors).
 */
import type { PlayerId, Tick } from '../protocol/ids';
import { ringMask } from './pow2';

export const ALIVE = 1;
export const CROUCH = 2;

const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;

/** What a record needs of a player (the arena's PublicPlayerState, or a migration checkpoint's RewindBox). */
export interface HitboxSource {
  id: PlayerId;
  x: number;
  y: number;
  alive: boolean;
  crouch: boolean;
  /** Changes when the player jumps rather than moves (a respawn): nothing is interpolated across it. */
  teleportSeq: number;
}

/** The game's hitbox radii: standing and crouching (the arena's PLAYER_RADIUS and CROUCH_RADIUS). */
export interface HitboxRadii {
  standing: number;
  crouching: number;
}

export class HitboxHistory {
  readonly mask: number;
  private capacity = 16;
  private readonly ticks: Float64Array;
  private readonly counts: Uint16Array;
  private ids: Uint8Array;
  private xs: Float64Array;
  private ys: Float64Array;
  private radii: Float64Array;
  private flags: Uint8Array;
  private teleports: Uint8Array;

  /**
   * @param sizePow2 slots, a power of two
   * @param radii the game's radii, by `crouch`
   */
  constructor(
    sizePow2: number,
    private readonly sizes: HitboxRadii,
  ) {
    this.mask = ringMask(sizePow2);
    this.ticks = new Float64Array(sizePow2).fill(-1);
    this.counts = new Uint16Array(sizePow2);
    const n = sizePow2 * this.capacity;
    this.ids = new Uint8Array(n);
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
    this.radii = new Float64Array(n);
    this.flags = new Uint8Array(n);
    this.teleports = new Uint8Array(n);
  }

  record(tick: Tick, list: readonly HitboxSource[]): void {
    let players = list;
    for (let i = 1; i < players.length; i++) {
      if (players[i]!.id < players[i - 1]!.id) {
        players = [...list].sort(byId);
        break;
      }
    }
    if (players.length > this.capacity) this.grow(players.length);
    const slot = tick & this.mask;
    const base = slot * this.capacity;
    for (let k = 0; k < players.length; k++) {
      const p = players[k]!;
      this.ids[base + k] = p.id;
      this.xs[base + k] = p.x;
      this.ys[base + k] = p.y;
      this.radii[base + k] = p.crouch ? this.sizes.crouching : this.sizes.standing;
      this.flags[base + k] = (p.alive ? ALIVE : 0) | (p.crouch ? CROUCH : 0);
      this.teleports[base + k] = p.teleportSeq & 0xff;
    }
    this.ticks[slot] = tick;
    this.counts[slot] = players.length;
  }

  /** The slot holding exactly `tick`, or -1. */
  slotOf(tick: Tick): number {
    const slot = tick & this.mask;
    return this.ticks[slot] === tick ? slot : -1;
  }

  count(slot: number): number {
    return this.counts[slot]!;
  }

  /** Index of entry `k` of `slot` in the columns below. */
  at(slot: number, k: number): number {
    return slot * this.capacity + k;
  }

  id(i: number): number {
    return this.ids[i]!;
  }
  x(i: number): number {
    return this.xs[i]!;
  }
  y(i: number): number {
    return this.ys[i]!;
  }
  radius(i: number): number {
    return this.radii[i]!;
  }
  flag(i: number): number {
    return this.flags[i]!;
  }
  teleport(i: number): number {
    return this.teleports[i]!;
  }

  /** Room for `n` players per slot: every column is re-laid out (rare: only when the most players ever grows). */
  private grow(n: number): void {
    const old = this.capacity;
    let cap = old;
    while (cap < n) cap *= 2;
    const slots = this.mask + 1;
    const move = <A extends Float64Array | Uint8Array>(src: A, make: (len: number) => A): A => {
      const dst = make(slots * cap);
      for (let s = 0; s < slots; s++) dst.set(src.subarray(s * old, s * old + old), s * cap);
      return dst;
    };
    this.ids = move(this.ids, (len) => new Uint8Array(len));
    this.xs = move(this.xs, (len) => new Float64Array(len));
    this.ys = move(this.ys, (len) => new Float64Array(len));
    this.radii = move(this.radii, (len) => new Float64Array(len));
    this.flags = move(this.flags, (len) => new Uint8Array(len));
    this.teleports = move(this.teleports, (len) => new Uint8Array(len));
    this.capacity = cap;
  }
}
