/**
 * Pushball's checkpoint core as bytes, for the netcode's generic host migration
 * (src/server/core-migration.ts), and `pushballRuntimeGame`, the factory the worker entry passes:
 * Pushball plus that migration. The core (the world, bot ids, seed, match number) is plain integers
 * on the sim's grid, so it travels as JSON text; the decoder trusts nothing (a successor gets these
 * bytes from a peer) and refuses any value a step could not have produced.
 * Not brought forward: a successor resumes from the checkpoint's world (at most about a second
 * old) and only the tick numbers jump to its newest snapshot's.
 */
import type { RuntimeGameFactory } from '../../server/game-migration';
import { coreMigration, type CheckpointCoreCodec } from '../../server/core-migration';
import type { ServerSettings } from '../../server/server-settings';
import { PUSHBALL_COMMANDS } from '../protocol/pushball-commands';
import { POS_MAX, VEL_MAX, config, isOnGrid, type BallState, type PitchWorld, type PitchPlayer } from '../sim';
import type { PitchPhase, RulesState } from '../sim';
import { pushballServerGame } from './pushball-server-game';
import type { PushballCore, PushballTypes } from './pushball-types';

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const int = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const pos = (v: unknown): v is number => typeof v === 'number' && isOnGrid(v) && Math.abs(v) <= POS_MAX;
const vel = (v: unknown): v is number => typeof v === 'number' && isOnGrid(v) && Math.abs(v) <= VEL_MAX;
const BIG = 0x7fffffff;

function player(v: unknown): PitchPlayer | null {
  if (!isRecord(v)) return null;
  const { id, team, x, y, vx, vy, kickCooldown } = v;
  if (!int(id, 0, 255) || (team !== 0 && team !== 1) || !int(kickCooldown, 0, 255)) return null;
  if (!pos(x) || !pos(y) || !vel(vx) || !vel(vy)) return null;
  return { id, team, x, y, vx, vy, kickCooldown };
}

function ball(v: unknown): BallState | null {
  if (!isRecord(v)) return null;
  const { x, y, vx, vy, lastTouch } = v;
  if (!pos(x) || !pos(y) || !vel(vx) || !vel(vy) || !int(lastTouch, -1, 255)) return null;
  return { x, y, vx, vy, lastTouch };
}

function rules(v: unknown): RulesState | null {
  if (!isRecord(v)) return null;
  const { phase, phaseTicksLeft, clockTicksLeft, scores, goalsToWin, matchTicks, kickoffTeam } = v;
  if (!int(phase, 0, 3) || !int(phaseTicksLeft, 0, BIG) || !int(clockTicksLeft, 0, BIG)) return null;
  if (!Array.isArray(scores) || scores.length !== 2 || !int(scores[0], 0, BIG) || !int(scores[1], 0, BIG)) return null;
  if (!int(goalsToWin, 1, BIG) || !int(matchTicks, 0, BIG) || (kickoffTeam !== 0 && kickoffTeam !== 1)) return null;
  // int(phase, 0, 3) checked it is one of Phase's four values.
  return {
    phase: phase as PitchPhase,
    phaseTicksLeft,
    clockTicksLeft,
    scores: [scores[0], scores[1]],
    goalsToWin,
    matchTicks,
    kickoffTeam,
  };
}

function world(v: unknown): PitchWorld | null {
  if (!isRecord(v) || !Array.isArray(v.players) || v.players.length > config.MAX_PLAYERS) return null;
  const { tick, tickrate } = v;
  if (!int(tick, 0, BIG) || !int(tickrate, 20, 128)) return null;
  const players = v.players.map(player);
  const b = ball(v.ball);
  const r = rules(v.rules);
  if (!b || !r || players.some((p) => p === null)) return null;
  const sorted = players as PitchPlayer[];
  // Sorted by id, no repeats: the step's order.
  if (sorted.some((p, i) => i > 0 && p.id <= sorted[i - 1]!.id)) return null;
  return { tick, tickrate, players: sorted, ball: b, rules: r };
}

function decodeCore(bytes: Uint8Array): PushballCore | null {
  let v: unknown;
  try {
    v = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!isRecord(v) || !Array.isArray(v.bots) || !int(v.seed, -0x80000000, BIG) || !int(v.seq, 0, BIG)) return null;
  const w = world(v.world);
  const bots = v.bots;
  if (!w || !bots.every((id) => int(id, 0, 255)) || new Set(bots).size !== bots.length) return null;
  return { world: w, bots: (bots as number[]).slice().sort((a, b) => a - b), seed: v.seed, seq: v.seq };
}

/** Pushball's core codec: JSON of the plain core, checked field by field on the way in. */
export const PUSHBALL_CORE_CODEC: CheckpointCoreCodec<PushballTypes> = {
  encode: ({ world, bots, seed, seq }) => new TextEncoder().encode(JSON.stringify({ world, bots, seed, seq })),
  decode: decodeCore,
};

/** Pushball for a worker: the game, and its matches migrate through the netcode's core checkpoint. */
export const pushballRuntimeGame: RuntimeGameFactory<PushballTypes> = Object.assign(
  (settings: ServerSettings) => pushballServerGame(settings),
  { migration: coreMigration(PUSHBALL_CORE_CODEC, PUSHBALL_COMMANDS) },
);
