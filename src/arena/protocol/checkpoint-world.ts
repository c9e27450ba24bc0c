/**
 * The world section of a migration checkpoint (checkpoint-codec.ts): the whole authoritative
 * WorldState, private parts included, written in full (no baseline).
 *
 * Layout (docs/PROTOCOL.md "Migration checkpoint"): [tick u32] [rng u32] [nextProjectileId u16]
 * [match] [pickups] [players] [projectiles]. Players are PLAYER_CODEC rows (the receiver-own table
 * of snapshots: every field), projectiles PROJECTILE_CODEC rows, timers relative to `tick`.
 * Inputs/outputs: a WorldState. The reader never throws: out-of-range values, counts above their
 * caps and ids out of order call `r.fail`; the caller checks `r.ok` once.
 */
import { checkSorted, readCount } from '../../protocol/checkpoint-fields';
import {
  GAME_MODE_COUNT,
  MatchPhase,
  Team,
  type MatchPlayer,
  type MatchRules,
  type MatchState,
} from '../../sim/match-types';
import { RULE_LIMITS } from '../../sim/match-rules';
import type { PlayerState, ProjectileState, WorldState } from '../../sim/types';
import { bitLength, type BitReader, type BitWriter } from '../../protocol/bits';
import type { FieldContext } from '../../protocol/field-codecs';
import { checkScore, readTimer } from '../../protocol/field-read';
import { writeTimer } from '../../protocol/field-write';
import { PLAYER_CODEC, PROJECTILE_CODEC, readFull, writeFull } from './fields';
import { readPickups, readResults, writePickups, writeResults } from './match-codecs';
import { CHECKPOINT_LIMITS } from './checkpoint-types';

const MODE_BITS = bitLength(GAME_MODE_COUNT - 1);
const PHASE_BITS = bitLength(MatchPhase.Ended);
const TEAM_BITS = bitLength(Team.Blue);

/** An unsigned field of `bits` bits whose value must not pass `max`. */
function readMax(r: BitReader, bits: number, max: number, what: string): number {
  const v = r.readBits(bits);
  if (v > max) r.fail(`${what} ${v} above ${max}`);
  return r.ok ? v : 0;
}

function readLimit(r: BitReader, max: number, what: string): number {
  const v = r.readVarUint(4);
  if (v > max) r.fail(`${what} ${v} above ${max}`);
  return r.ok ? v : 0;
}

function writeRules(w: BitWriter, rules: MatchRules): void {
  w.writeBits(rules.mode, MODE_BITS);
  w.writeBits(rules.mapId, 8);
  w.writeVarUint(rules.fragLimit, 4);
  w.writeVarUint(rules.timeLimitS, 4);
  w.writeVarUint(rules.warmupS, 4);
  w.writeBool(rules.friendlyFire);
}

function readRules(r: BitReader): MatchRules {
  const mode = readMax(r, MODE_BITS, GAME_MODE_COUNT - 1, 'mode') as MatchRules['mode'];
  const mapId = r.readBits(8);
  const fragLimit = readLimit(r, RULE_LIMITS.fragLimit.max, 'frag limit');
  const timeLimitS = readLimit(r, RULE_LIMITS.timeLimitS.max, 'time limit');
  const warmupS = readLimit(r, RULE_LIMITS.warmupS.max, 'warm-up');
  return { mode, mapId, fragLimit, timeLimitS, warmupS, friendlyFire: r.readBool() };
}

/** One match record: [id u8] [team u2] [score varint(4)] [bot 1] [shots, hits, damage, streak, bestStreak varuint(4)]. */
export function writeMatchPlayer(w: BitWriter, p: MatchPlayer): void {
  w.writeBits(p.id, 8);
  w.writeBits(p.team, TEAM_BITS);
  w.writeVarInt(p.score, 4);
  w.writeBool(p.bot);
  for (const v of [p.shots, p.hits, p.damage, p.streak, p.bestStreak]) w.writeVarUint(v, 4);
}

export function readMatchPlayer(r: BitReader): MatchPlayer {
  const id = r.readBits(8);
  const team = readMax(r, TEAM_BITS, Team.Blue, 'team') as MatchPlayer['team'];
  const score = checkScore(r, r.readVarInt(4));
  const bot = r.readBool();
  const [shots, hits, damage, streak, bestStreak] = [0, 0, 0, 0, 0].map(() => r.readVarUint(4)) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { id, team, score, bot, shots, hits, damage, streak, bestStreak };
}

function writeMatch(w: BitWriter, m: MatchState, ctx: FieldContext): void {
  writeRules(w, m.rules);
  w.writeBits(m.phase, PHASE_BITS);
  writeTimer(w, m.phaseEndTick, ctx);
  w.writeBits(m.seq, 8);
  w.writeVarInt(m.teamScores[0] ?? 0, 4);
  w.writeVarInt(m.teamScores[1] ?? 0, 4);
  w.writeVarUint(m.players.length, 4);
  for (const p of m.players) writeMatchPlayer(w, p);
  w.writeBool(m.results !== null);
  if (m.results) writeResults(w, m.results);
}

function readMatch(r: BitReader, ctx: FieldContext): MatchState {
  const rules = readRules(r);
  const phase = readMax(r, PHASE_BITS, MatchPhase.Ended, 'phase') as MatchState['phase'];
  const phaseEndTick = readTimer(r, ctx);
  const seq = r.readBits(8);
  const teamScores = [checkScore(r, r.readVarInt(4)), checkScore(r, r.readVarInt(4))];
  const count = readCount(r, CHECKPOINT_LIMITS.players, 'match records');
  const players: MatchPlayer[] = [];
  for (let i = 0; i < count && r.ok; i++) players.push(readMatchPlayer(r));
  checkSorted(
    r,
    players.map((p) => p.id),
    'match records',
  );
  const results = r.readBool() ? readResults(r) : null;
  return { rules, phase, phaseEndTick, seq, teamScores, players, results };
}

export function writeWorld(w: BitWriter, world: WorldState): void {
  const ctx: FieldContext = { serverTick: world.tick };
  w.writeBits(world.tick, 32);
  w.writeBits(world.rng >>> 0, 32);
  w.writeBits(world.nextProjectileId, 16);
  writeMatch(w, world.match, ctx);
  writePickups(w, world.pickups, ctx);
  w.writeVarUint(world.players.length, 4);
  for (const p of world.players) writeFull(w, PLAYER_CODEC, p, ctx);
  w.writeVarUint(world.projectiles.length, 4);
  for (const p of world.projectiles) writeFull(w, PROJECTILE_CODEC, p, ctx);
}

export function readWorld(r: BitReader): WorldState {
  const tick = r.readBits(32);
  const rng = r.readBits(32);
  const nextProjectileId = r.readBits(16);
  const ctx: FieldContext = { serverTick: tick };
  const match = readMatch(r, ctx);
  const pickups = readPickups(r, ctx);
  const playerCount = readCount(r, CHECKPOINT_LIMITS.players, 'players');
  const players: PlayerState[] = [];
  for (let i = 0; i < playerCount && r.ok; i++) players.push(readFull(r, PLAYER_CODEC, ctx));
  checkSorted(
    r,
    players.map((p) => p.id),
    'players',
  );
  const projectileCount = readCount(r, CHECKPOINT_LIMITS.projectiles, 'projectiles');
  const projectiles: ProjectileState[] = [];
  for (let i = 0; i < projectileCount && r.ok; i++) projectiles.push(readFull(r, PROJECTILE_CODEC, ctx));
  // Projectile ids wrap at 65536, so creation order (the sim's) need not be id order: unique is enough.
  if (new Set(projectiles.map((p) => p.id)).size !== projectiles.length) r.fail('a projectile id twice');
  // Every player in the world has its match record (scoring and spawning look it up).
  const records = new Set(match.players.map((p) => p.id));
  if (r.ok && players.some((p) => !records.has(p.id))) r.fail('a player without a match record');
  return { tick, players, projectiles, nextProjectileId, rng, match, pickups };
}
