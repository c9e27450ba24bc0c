/**
 * Seeded generator of wire-valid migration checkpoints for the codec's property and fuzz tests
 * (any tick, players with every private field set, rockets in any id order, match records and
 * results, clients with and without a last command, departed players with and without a record, bans, cvars of both kinds,
 * a lobby key). Deterministic for a given seed.
 */
import type {
  Checkpoint,
  CheckpointCvar,
  DepartedPlayer,
  RewindTick,
} from '../../../src/arena/protocol/checkpoint-types';
import { GameMode, MatchPhase, Team, type MatchPlayer } from '../../../src/sim/match-types';
import { Rng, matchBlock, player, pos, projectile, userCmd } from './gen';

const NAMES = ['Alice', 'Bob', 'Zoë', '名前', 'x', 'Player 7', 'a b c', '🎯 sniper'];

export function token(r: Rng): string {
  return Array.from({ length: 16 }, () => r.int(0, 255).toString(16).padStart(2, '0')).join('');
}

function ids(r: Rng, count: number): number[] {
  const set = new Set<number>();
  while (set.size < count) set.add(r.int(0, 255));
  return [...set].sort((a, b) => a - b);
}

function record(r: Rng, id: number): MatchPlayer {
  const streak = r.int(0, 20);
  return {
    id,
    team: r.pick([Team.None, Team.Red, Team.Blue]),
    score: r.int(-50, 400),
    bot: r.bool(0.3),
    shots: r.int(0, 9000),
    hits: r.int(0, 3000),
    damage: r.int(0, 90000),
    streak,
    bestStreak: streak + r.int(0, 10),
  };
}

function cvar(r: Rng): CheckpointCvar {
  const name = r.pick(['sv_password', 'sv_maxplayers', 'sv_maxunlag', 'sv_name', 'mp_fraglimit', 'x1']);
  const value = r.bool(0.4)
    ? r.pick(['', 'hunter2', 'Friday night 🎮', 'a'.repeat(256)])
    : r.pick([0, 1, -3, 0.1, 1e300, 2 ** 53, r.next()]);
  return { name, value };
}

/** Hitbox records of a few ticks before `tick` (with gaps), oldest first. */
function rewind(r: Rng, tick: number): RewindTick[] {
  const out: RewindTick[] = [];
  let t = tick - r.int(1, 3);
  for (let n = r.int(0, 4); n > 0 && t >= 0; n--, t -= r.int(1, 3)) {
    out.unshift({
      tick: t,
      boxes: ids(r, r.int(0, 5)).map((id) => ({
        id,
        x: pos(r),
        y: pos(r),
        alive: r.bool(0.8),
        crouch: r.bool(0.2),
        teleportSeq: r.int(0, 255),
      })),
    });
  }
  return out;
}

/** Seats held for people who left: ids no client has, non-zero tokens, records of their own id (or none: an earlier match's). */
function departed(r: Rng, clientIds: readonly number[]): DepartedPlayer[] {
  return ids(r, r.int(0, 4))
    .filter((id) => !clientIds.includes(id))
    .map((id) => ({
      token: token(r),
      id,
      name: r.pick(NAMES),
      returning: r.bool(0.8)
        ? { record: { ...record(r, id), bot: false }, kills: r.int(0, 300), deaths: r.int(0, 300) }
        : null,
    }));
}

export function checkpoint(r: Rng, opts: { players?: number; projectiles?: number; tick?: number } = {}): Checkpoint {
  const tick = opts.tick ?? r.int(1, 2 ** 31);
  const playerIds = ids(r, opts.players ?? r.int(0, 12));
  const block = matchBlock(r, tick);
  const projectileIds = ids(r, opts.projectiles ?? r.int(0, 6)).map((id) => (id * 257 + tick) % 65536);
  if (r.bool()) projectileIds.reverse();
  const clientIds = playerIds.filter(() => r.bool(0.7));
  return {
    server: {
      tickrate: r.int(20, 128),
      maxPlayers: r.int(0, 256),
      maxUnlagMs: r.int(0, 2000),
      lagCompensation: r.bool(0.8),
      mapId: r.int(0, 255),
    },
    nextEventId: r.int(0, 65535),
    world: {
      tick,
      players: playerIds.map((id) => player(r, id, tick)),
      projectiles: projectileIds.map((id) => projectile(r, id, tick)),
      nextProjectileId: r.int(0, 65535),
      rng: r.int(0, 2 ** 32 - 1),
      match: {
        rules: {
          mode: r.pick([GameMode.Deathmatch, GameMode.TeamDeathmatch]),
          mapId: r.int(0, 255),
          fragLimit: r.int(0, 200),
          timeLimitS: r.int(0, 3600),
          warmupS: r.int(0, 60),
          friendlyFire: r.bool(),
        },
        phase: r.pick([MatchPhase.Waiting, MatchPhase.Warmup, MatchPhase.Live, MatchPhase.Ended]),
        phaseEndTick: block.phaseEndTick,
        seq: block.seq,
        teamScores: block.teamScores,
        players: [...new Set([...playerIds, ...ids(r, r.int(0, 3))])].sort((a, b) => a - b).map((id) => record(r, id)),
        results: block.results,
      },
      pickups: block.pickups,
    },
    rewind: rewind(r, tick),
    clients: clientIds.map((id) => {
      const cmd = r.bool(0.8) ? userCmd(r, Math.max(0, tick - r.int(0, 100))) : null;
      return {
        id,
        name: r.pick(NAMES),
        token: token(r),
        lastCmd: cmd,
        lastCmdMadeAgo256: cmd ? r.int(-5000, 5000) : 0,
      };
    }),
    departed: departed(r, clientIds),
    bans: Array.from({ length: r.int(0, 3) }, () => token(r)),
    cvars: Array.from({ length: r.int(0, 5) }, () => cvar(r)),
    lobbyKey: Uint8Array.from({ length: r.pick([0, 0, 138, r.int(1, 300)]) }, () => r.int(0, 255)),
  };
}
