/**
 * The decode floor of the codec-speed bench: the least work that gets a snapshot's fields out of
 * bits. `packFloor` (untimed) writes every field a snapshot carries (self, the other players, the
 * projectiles, the match block's header, players and pickups) as its wire integer at a fixed full
 * width: no masks, no deltas, no baseline, no checks. `FloorReader.read` (timed) gets them back
 * with straight-line fixed-width reads into a preallocated Int32Array: the work any decoder of
 * these fields must do at least. Written independently of src/protocol (it shares no code with
 * the codec it is the floor of), so a change there cannot make the floor slower or faster.
 */
import type { Snapshot } from '../src/arena/protocol/arena-messages';
import type { PlayerState, PublicPlayerState } from '../src/sim/types';

/** Bit-packed writer, MSB first (untimed: only builds the floor's input). */
class FloorWriter {
  private readonly bits: number[] = [];

  put(v: number, width: number): void {
    for (let i = width - 1; i >= 0; i--) this.bits.push(Math.floor(v / 2 ** i) % 2);
  }

  /** A signed value as `width`-bit two's complement. */
  putSigned(v: number, width: number): void {
    this.put(v < 0 ? v + 2 ** width : v, width);
  }

  finish(): Uint8Array {
    const out = new Uint8Array(Math.ceil(this.bits.length / 8) + 4);
    this.bits.forEach((b, i) => (out[i >> 3]! |= b << (7 - (i & 7))));
    return out;
  }
}

const grid = (v: number): number => Math.round(v * 16);

function putPublic(w: FloorWriter, p: PublicPlayerState): void {
  w.put(p.id, 8);
  w.putSigned(grid(p.vx), 16);
  w.putSigned(grid(p.vy), 16);
  w.put(grid(p.x), 16);
  w.put(grid(p.y), 16);
  w.put(p.aim, 16);
  w.put(p.health, 8);
  w.put(p.alive ? 1 : 0, 1);
  w.put(p.crouch ? 1 : 0, 1);
  w.put(p.weapon, 1);
  w.put(p.teleportSeq, 8);
  w.put(p.kills, 16);
  w.put(p.deaths, 16);
}

function putSelf(w: FloorWriter, p: PlayerState): void {
  putPublic(w, p);
  for (const a of p.ammo) w.put(a, 8);
  for (const t of [p.nextFireTick, p.reloadEndTick, p.deployEndTick, p.respawnTick]) w.put(t, 32);
}

/** `s` in the floor's fixed layout (the ammo array has two entries, as WEAPON_COUNT). */
export function packFloor(s: Snapshot): Uint8Array {
  const w = new FloorWriter();
  w.put(s.serverTick, 32);
  putSelf(w, s.self);
  w.put(s.players.length, 8);
  for (const p of s.players) putPublic(w, p);
  w.put(s.projectiles.length, 12);
  for (const j of s.projectiles) {
    w.put(j.id, 16);
    w.put(j.owner, 8);
    w.putSigned(grid(j.vx), 16);
    w.putSigned(grid(j.vy), 16);
    w.put(grid(j.x), 16);
    w.put(grid(j.y), 16);
    w.put(j.explodeTick, 32);
  }
  const m = s.match!;
  for (const [v, bits] of [
    [m.mode, 1],
    [m.mapId, 8],
    [m.phase, 2],
    [m.phaseEndTick, 32],
    [m.fragLimit, 8],
    [m.timeLimitS, 16],
    [m.friendlyFire ? 1 : 0, 1],
    [m.seq, 8],
  ] as const)
    w.put(v, bits);
  w.putSigned(m.teamScores[0]!, 32);
  w.putSigned(m.teamScores[1]!, 32);
  w.put(m.players.length, 9);
  for (const p of m.players) {
    w.put(p.id, 8);
    w.put(p.team, 2);
    w.putSigned(p.score, 32);
    w.put(p.bot ? 1 : 0, 1);
  }
  w.put(m.pickups.length, 6);
  for (const t of m.pickups) w.put(t, 32);
  return w.finish();
}

/** Reads what `packFloor` wrote: every field, in order, into `out` (room for all). */
export class FloorReader {
  private b: Uint8Array = new Uint8Array(0);
  private pos = 0;

  /** `n` (1..24) bits through a 32-bit window (`packFloor` pads 4 bytes, so the window never runs off). */
  private take(n: number): number {
    const b = this.b;
    const i = this.pos >> 3;
    const word = (b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!;
    const v = ((word << (this.pos & 7)) >>> 0) >>> (32 - n);
    this.pos += n;
    return v;
  }

  private take32(): number {
    return (this.take(16) << 16) | this.take(16) | 0;
  }

  private s16(): number {
    return (this.take(16) << 16) >> 16;
  }

  private publicPlayer(out: Int32Array, k: number): number {
    out[k] = this.take(8);
    out[k + 1] = this.s16();
    out[k + 2] = this.s16();
    out[k + 3] = this.take(16);
    out[k + 4] = this.take(16);
    out[k + 5] = this.take(16);
    out[k + 6] = this.take(8);
    out[k + 7] = this.take(1);
    out[k + 8] = this.take(1);
    out[k + 9] = this.take(1);
    out[k + 10] = this.take(8);
    out[k + 11] = this.take(16);
    out[k + 12] = this.take(16);
    return k + 13;
  }

  private projectile(out: Int32Array, k: number): number {
    out[k] = this.take(16);
    out[k + 1] = this.take(8);
    out[k + 2] = this.s16();
    out[k + 3] = this.s16();
    out[k + 4] = this.take(16);
    out[k + 5] = this.take(16);
    out[k + 6] = this.take32();
    return k + 7;
  }

  private match(out: Int32Array, at: number): number {
    let k = at;
    out[k++] = this.take(1);
    out[k++] = this.take(8);
    out[k++] = this.take(2);
    out[k++] = this.take32();
    out[k++] = this.take(8);
    out[k++] = this.take(16);
    out[k++] = this.take(1);
    out[k++] = this.take(8);
    out[k++] = this.take32();
    out[k++] = this.take32();
    const players = (out[k++] = this.take(9));
    for (let i = 0; i < players; i++, k += 4) {
      out[k] = this.take(8);
      out[k + 1] = this.take(2);
      out[k + 2] = this.take32();
      out[k + 3] = this.take(1);
    }
    const pickups = (out[k++] = this.take(6));
    for (let i = 0; i < pickups; i++) out[k++] = this.take32();
    return k;
  }

  /** Every field of the snapshot in `bytes` into `out`; returns how many were read. */
  read(bytes: Uint8Array, out: Int32Array): number {
    this.b = bytes;
    this.pos = 0;
    out[0] = this.take32();
    let k = this.publicPlayer(out, 1);
    out[k++] = this.take(8);
    out[k++] = this.take(8);
    for (let i = 0; i < 4; i++) out[k++] = this.take32();
    const players = (out[k++] = this.take(8));
    for (let i = 0; i < players; i++) k = this.publicPlayer(out, k);
    const projectiles = (out[k++] = this.take(12));
    for (let i = 0; i < projectiles; i++) k = this.projectile(out, k);
    return this.match(out, k);
  }
}
