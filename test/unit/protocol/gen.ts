/**
 * Seeded generators of wire-valid values (states on their grids, commands, events, snapshots)
 * for the protocol's property and fuzz tests. Deterministic for a given seed; no Math.random.
 */
import {
  WEAPON_COUNT,
  WEAPON_KEEP,
  type PlayerState,
  type ProjectileState,
  type PublicPlayerState,
  type SimEvent,
  type UserCmd,
  type WeaponId,
} from '../../../src/sim/types';
import type { NetEvent, Snapshot } from '../../../src/arena/protocol/arena-messages';
import { MAX_PICKUPS } from '../../../src/sim/maps';
import {
  GameMode,
  MatchPhase,
  PickupKind,
  Team,
  type Award,
  type AwardKind,
  type MatchResults,
  type PublicMatchState,
  type Standing,
} from '../../../src/sim/match-types';

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** mulberry32 */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  bool(p = 0.5): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(0, list.length - 1)]!;
  }
}

export const pos = (r: Rng): number => r.int(0, 65535) / 16;
export const vel = (r: Rng): number => (r.bool(0.3) ? 0 : r.int(-32767, 32767) / 16);
export const angle = (r: Rng): number => r.int(0, 65535);
const weapon = (r: Rng): WeaponId => r.int(0, WEAPON_COUNT - 1) as WeaponId;
const timer = (r: Rng, tick: number): number => (r.bool(0.4) ? 0 : Math.max(1, tick + r.int(-2000, 2000)));

export function publicPlayer(r: Rng, id: number): PublicPlayerState {
  return {
    id,
    x: pos(r),
    y: pos(r),
    vx: vel(r),
    vy: vel(r),
    aim: angle(r),
    health: r.int(0, 100),
    alive: r.bool(0.8),
    crouch: r.bool(0.2),
    weapon: weapon(r),
    teleportSeq: r.int(0, 255),
    kills: r.int(0, 5000),
    deaths: r.int(0, 5000),
  };
}

export function player(r: Rng, id: number, tick: number): PlayerState {
  return {
    ...publicPlayer(r, id),
    ammo: Array.from({ length: WEAPON_COUNT }, () => r.int(0, 255)),
    nextFireTick: timer(r, tick),
    reloadEndTick: timer(r, tick),
    deployEndTick: timer(r, tick),
    respawnTick: timer(r, tick),
  };
}

export function projectile(r: Rng, id: number, tick: number): ProjectileState {
  return {
    id,
    owner: r.int(0, 255),
    x: pos(r),
    y: pos(r),
    vx: vel(r),
    vy: vel(r),
    explodeTick: Math.max(1, tick + r.int(-10, 300)),
  };
}

/** Any number, including off-grid and out-of-range ones (the quantizers must cope). */
const wild = (r: Rng, lo: number, hi: number): number =>
  r.bool(0.7) ? r.int(lo, hi) : lo + r.next() * (hi - lo) * 1.5;

export function simEvent(r: Rng): SimEvent {
  const p = (): number => r.int(0, 255);
  switch (r.int(0, 7)) {
    case 0:
      return {
        type: 'fired',
        shooter: p(),
        weapon: weapon(r),
        x: wild(r, 0, 4000),
        y: wild(r, 0, 4000),
        aim: angle(r),
        endX: wild(r, -10, 4000),
        endY: wild(r, 0, 4000),
      };
    case 1:
      return {
        type: 'hit',
        shooter: p(),
        target: p(),
        weapon: weapon(r),
        damage: wild(r, 0, 150),
        x: wild(r, 0, 4000),
        y: wild(r, 0, 4000),
      };
    case 2:
      return { type: 'killed', killer: p(), victim: p(), weapon: weapon(r) };
    case 3:
      return { type: 'reloaded', player: p(), weapon: weapon(r) };
    case 4:
      return { type: 'switched', player: p(), weapon: weapon(r) };
    case 5:
      return { type: 'respawned', player: p(), x: wild(r, 0, 4000), y: wild(r, 0, 4000) };
    case 6:
      return { type: 'exploded', projectile: r.int(0, 65535), owner: p(), x: wild(r, 0, 4000), y: wild(r, 0, 4000) };
    default:
      return {
        type: 'pickup',
        player: p(),
        pickup: r.int(0, MAX_PICKUPS - 1),
        kind: r.pick([PickupKind.Health, PickupKind.Ammo]),
      };
  }
}

const team = (r: Rng): Team => r.pick([Team.None, Team.Red, Team.Blue]);

function results(r: Rng, ids: readonly number[]): MatchResults {
  const standings: Standing[] = ids.map((id) => ({
    id,
    team: team(r),
    score: r.int(-50, 300),
    kills: r.int(0, 300),
    deaths: r.int(0, 300),
  }));
  const awards: Award[] = Array.from({ length: r.int(0, 3) }, (_, k) => ({
    kind: k as AwardKind,
    player: r.pick(ids.length ? ids : [0]),
    value: r.int(0, 5000),
  }));
  return { standings: r.bool() ? standings.reverse() : standings, awards, winnerTeam: team(r) };
}

/** A match block: any mode and phase, a clock near the tick, players with teams and scores, pickup timers, maybe results. */
export function matchBlock(r: Rng, tick: number, maxPlayers = 16): PublicMatchState {
  const ids = sortedIds(r, 255, r.int(0, maxPlayers));
  return {
    mode: r.pick([GameMode.Deathmatch, GameMode.TeamDeathmatch]),
    mapId: r.bool(0.9) ? r.int(0, 3) : r.int(0, 255),
    phase: r.pick([MatchPhase.Waiting, MatchPhase.Warmup, MatchPhase.Live, MatchPhase.Ended]),
    phaseEndTick: timer(r, tick),
    fragLimit: r.int(0, 255),
    timeLimitS: r.int(0, 65535),
    friendlyFire: r.bool(),
    seq: r.int(0, 255),
    teamScores: [r.int(-20, 500), r.int(-20, 500)],
    players: ids.map((id) => ({ id, team: team(r), score: r.int(-30, 300), bot: r.bool(0.3) })),
    pickups: Array.from({ length: r.int(0, 8) }, () => timer(r, tick)),
    results: r.bool(0.3) ? results(r, ids) : null,
  };
}

/** The same match a little later: a score or two, a phase change, pickups taken or back, results appearing. */
export function evolveMatch(r: Rng, base: PublicMatchState, tick: number): PublicMatchState {
  if (r.bool(0.3)) return base;
  const fresh = matchBlock(r, tick, Math.max(3, base.players.length));
  const players = base.players
    .filter(() => r.bool(0.9))
    .map((p) => (r.bool(0.2) ? { ...p, score: p.score + r.pick([-1, 1]) } : p));
  for (const p of fresh.players.slice(0, r.int(0, 2))) if (!players.some((q) => q.id === p.id)) players.push(p);
  return {
    ...base,
    phase: r.bool(0.1) ? fresh.phase : base.phase,
    phaseEndTick: r.bool(0.1) ? fresh.phaseEndTick : base.phaseEndTick,
    teamScores: r.bool(0.2) ? fresh.teamScores : base.teamScores,
    players: players.sort((a, b) => a.id - b.id),
    pickups: r.bool(0.2) ? base.pickups.map((t) => (r.bool(0.3) ? timer(r, tick) : t)) : base.pickups,
    results: r.bool(0.1) ? fresh.results : base.results,
  };
}

export function netEvents(r: Rng, tick: number, count: number): NetEvent[] {
  let id = r.int(0, 65535);
  return Array.from({ length: count }, () => {
    id = (id + r.int(1, r.bool(0.9) ? 1 : 300)) % 65536;
    return { id, tick: Math.max(0, tick - r.int(0, 40)), event: simEvent(r) };
  });
}

export function userCmd(r: Rng, tick: number): UserCmd {
  return {
    tick,
    moveX: r.int(-127, 127),
    moveY: r.int(-127, 127),
    aim: angle(r),
    buttons: r.int(0, 15),
    weaponSelect: r.bool(0.8) ? WEAPON_KEEP : r.int(0, WEAPON_COUNT - 1),
    viewTick: r.bool(0.1) ? 0 : Math.max(0, tick - r.int(0, 300)),
    viewFrac: r.int(0, 255),
  };
}

function sortedIds(r: Rng, max: number, count: number): number[] {
  const ids = new Set<number>();
  while (ids.size < count) ids.add(r.int(0, max));
  return [...ids].sort((a, b) => a - b);
}

export function snapshot(
  r: Rng,
  opts: { tick?: number; players?: number; projectiles?: number; events?: number; matchPlayers?: number } = {},
): Snapshot {
  const tick = opts.tick ?? r.int(1, 2 ** 31);
  const selfId = r.int(0, 255);
  const playerIds = sortedIds(r, 255, opts.players ?? r.int(0, 20)).filter((id) => id !== selfId);
  return {
    serverTick: tick,
    baselineTick: 0,
    lastCmdTick: Math.max(0, tick - r.int(-5, 200)),
    cmdBufferDepth: r.int(-64, 63),
    echoTimeMs: r.int(0, 65535),
    echoHoldMs: r.int(0, 2000),
    part: 0,
    partCount: 1,
    self: player(r, selfId, tick),
    players: playerIds.map((id) => publicPlayer(r, id)),
    projectiles: sortedIds(r, 65535, opts.projectiles ?? r.int(0, 8)).map((id) => projectile(r, id, tick)),
    events: netEvents(r, tick, opts.events ?? r.int(0, 6)),
    match: r.bool(0.1) ? undefined : matchBlock(r, tick, opts.matchPlayers),
  };
}

/** Mutates a random subset of an entity's non-id fields into fresh random values. */
function perturb<T extends { id: number }>(r: Rng, e: T, fresh: T): T {
  const out: Record<string, unknown> = { ...e };
  for (const key of Object.keys(e)) if (key !== 'id' && r.bool(0.3)) out[key] = (fresh as Record<string, unknown>)[key];
  return out as T;
}

function evolveList<T extends { id: number }>(
  r: Rng,
  base: readonly T[],
  make: (id: number) => T,
  maxId: number,
  adds: number,
): T[] {
  const out: T[] = [];
  for (const e of base) {
    const roll = r.next();
    if (roll < 0.15) continue;
    out.push(roll < 0.4 ? { ...e } : perturb(r, e, make(e.id)));
  }
  const taken = new Set(out.map((e) => e.id).concat(base.map((e) => e.id)));
  for (let i = 0; i < adds; i++) {
    const id = r.int(0, maxId);
    if (!taken.has(id)) out.push(make(id));
    taken.add(id);
  }
  return out.sort((a, b) => a.id - b.id);
}

/** A later snapshot of the same match: entities kept, changed, removed and added. */
export function evolve(r: Rng, base: Snapshot, ticks: number): Snapshot {
  const tick = base.serverTick + ticks;
  const fresh = snapshot(r, { tick, matchPlayers: 3 });
  const sameSelf = r.bool(0.9);
  return {
    ...fresh,
    self: sameSelf ? perturb(r, base.self, player(r, base.self.id, tick)) : fresh.self,
    players: evolveList(r, base.players, (id) => publicPlayer(r, id), 255, r.int(0, 3)).filter(
      (p) => p.id !== (sameSelf ? base.self.id : fresh.self.id),
    ),
    projectiles: evolveList(r, base.projectiles, (id) => projectile(r, id, tick), 65535, r.int(0, 3)),
    match: base.match ? evolveMatch(r, base.match, tick) : fresh.match,
  };
}
