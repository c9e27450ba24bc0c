/**
 * Pushball's checkpoint core as bytes, for the netcode's generic host migration
 * (src/server/core-migration.ts), and `pushballRuntimeGame`, the factory the worker entry passes:
 * Pushball plus that migration. The core (the world, bot ids, seed, match number) is plain integers
 * on the sim's grid, so it travels as JSON text in one fixed key order, no spaces.
 * The decoder is a trust boundary (a successor gets these bytes from a peer): it never throws and
 * refuses, with a reason, anything the encoder would not write (other key orders, spacing or number
 * spellings are refused by re-encoding and comparing) and any value a step could not have produced
 * that could stall or break the restored match: phase and clock counters beyond the sim's own
 * lengths, settings beyond SETTING_RANGES, scores past the goals to win, kick cooldowns beyond
 * the sim's, positions and velocities off the grid or outside the walls, repeated or unsorted ids,
 * bots outside the bot ids, off the pitch or also a person, a tickrate or tick that is not the
 * envelope's. The encoder runs the same checks and throws RangeError instead (reported as the
 * checkpoint's error), so it never writes a core the decoder refuses.
 * Not brought forward: a successor resumes from the checkpoint's world (at most about a second
 * old) and only the tick numbers jump to its newest snapshot's.
 */
import type { RuntimeGameFactory } from '../../server/game-migration';
import { coreMigration, type CheckpointCoreCodec, type CoreEnvelopeFacts } from '../../server/core-migration';
import type { ServerSettings } from '../../server/server-settings';
import { MAX_CORE_BYTES } from '../../protocol/core-checkpoint-codec';
import type { DecodeResult } from '../../protocol/wire';
import { PUSHBALL_COMMANDS } from '../protocol/pushball-commands';
import { POS_MAX, VEL_MAX, config, isOnGrid, kickCooldownTicks, type PitchWorld, type PitchPlayer } from '../sim';
import { PitchPhase, type BallState, type RulesState } from '../sim';
import { BOT_ID_MAX, BOT_ID_MIN } from './pushball-bots';
import { pushballServerGame } from './pushball-server-game';
import type { PushballCore, PushballTypes } from './pushball-types';

type Json = Record<string, unknown>;

/** Deepest nesting the encoder writes: core { world { players [ player { ; rules { scores [. */
export const MAX_CORE_JSON_DEPTH = 4;
const U32_MAX = 0xffffffff;
const I32_MIN = -0x80000000;
const I32_MAX = 0x7fffffff;
const PHASES: readonly number[] = Object.values(PitchPhase);

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const int = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
/** On the sim's grid and in [min, max] (positions also in [0, POS_MAX), velocities in (-VEL_MAX, VEL_MAX)). */
const gridIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && isOnGrid(v) && v >= min && v <= max;
const pos = (v: unknown, min: number, max: number): v is number =>
  gridIn(v, Math.max(min, 0), Math.min(max, POS_MAX - 1 / 16));
const vel = (v: unknown): v is number => gridIn(v, -(VEL_MAX - 1 / 16), VEL_MAX - 1 / 16);
const ascending = (ids: readonly number[]) => ids.every((id, i) => i === 0 || id > ids[i - 1]!);

/** Player centres: the step keeps them a radius inside the walls; a kickoff layout stays inside the walls. */
const PLAYER_BOX = { x0: config.FIELD_X0, x1: config.FIELD_X1, y0: config.FIELD_Y0, y1: config.FIELD_Y1 };
/** The ball's centre never crosses a wall: inside the field or a goal's net. */
const BALL_BOX = {
  x0: config.FIELD_X0 - config.GOAL_DEPTH,
  x1: config.FIELD_X1 + config.GOAL_DEPTH,
  y0: config.FIELD_Y0,
  y1: config.FIELD_Y1,
};

/** Why `v` is not a player the step could have produced at `tickrate`, or null. */
function playerProblem(v: unknown, tickrate: number): string | null {
  if (!isRecord(v)) return 'a player that is not an object';
  const { id, team, x, y, vx, vy, kickCooldown } = v;
  if (!int(id, 0, config.MAX_PLAYER_ID)) return `player id ${String(id)}`;
  if (team !== 0 && team !== 1) return `player ${id}: team ${String(team)}`;
  if (!int(kickCooldown, 0, kickCooldownTicks(tickrate))) return `player ${id}: kick cooldown ${String(kickCooldown)}`;
  if (!pos(x, PLAYER_BOX.x0, PLAYER_BOX.x1) || !pos(y, PLAYER_BOX.y0, PLAYER_BOX.y1))
    return `player ${id}: position off the grid or outside the field`;
  if (!vel(vx) || !vel(vy)) return `player ${id}: velocity off the grid or out of range`;
  return null;
}

function ballProblem(v: unknown, players: readonly number[]): string | null {
  if (!isRecord(v)) return 'no ball';
  const { x, y, vx, vy, lastTouch } = v;
  if (!pos(x, BALL_BOX.x0, BALL_BOX.x1) || !pos(y, BALL_BOX.y0, BALL_BOX.y1))
    return 'ball position off the grid or outside the walls';
  if (!vel(vx) || !vel(vy)) return 'ball velocity off the grid or out of range';
  // A player who leaves stops being the last touch (removePlayer): nobody (-1) or someone on the pitch.
  if (lastTouch !== -1 && !players.includes(lastTouch as number)) return `ball last touched by ${String(lastTouch)}`;
  return null;
}

function rulesProblem(v: unknown, tickrate: number): string | null {
  if (!isRecord(v)) return 'no rules';
  const { phase, phaseTicksLeft, clockTicksLeft, scores, goalsToWin, matchTicks, kickoffTeam } = v;
  if (!PHASES.includes(phase as number)) return `phase ${String(phase)}`;
  const goals = config.SETTING_RANGES.goalsToWin;
  if (!int(goalsToWin, goals.min, goals.max)) return `goals to win ${String(goalsToWin)}`;
  // matchTicks = ticksFor(matchSeconds, tickrate): whole seconds in SETTING_RANGES.matchSeconds.
  const seconds = config.SETTING_RANGES.matchSeconds;
  const perSecond = config.ticksFor(1, tickrate);
  if (!int(matchTicks, seconds.min * perSecond, seconds.max * perSecond) || matchTicks % perSecond !== 0)
    return `match ticks ${String(matchTicks)}`;
  if (!int(clockTicksLeft, 0, matchTicks)) return `clock ticks left ${String(clockTicksLeft)}`;
  const longest =
    phase === PitchPhase.Kickoff
      ? config.ticksFor(config.KICKOFF_SECONDS, tickrate)
      : phase === PitchPhase.Goal
        ? config.ticksFor(config.GOAL_PAUSE_SECONDS, tickrate)
        : 0;
  if (!int(phaseTicksLeft, 0, longest)) return `phase ticks left ${String(phaseTicksLeft)} (phase ${phase})`;
  if (!Array.isArray(scores) || scores.length !== 2) return 'scores not a pair';
  // A match ends on its winning goal: a score reaches goalsToWin only in the Ended phase.
  const top = phase === PitchPhase.Ended ? goalsToWin : goalsToWin - 1;
  if (!int(scores[0], 0, top) || !int(scores[1], 0, top)) return `scores ${String(scores[0])}:${String(scores[1])}`;
  if (kickoffTeam !== 0 && kickoffTeam !== 1) return `kickoff team ${String(kickoffTeam)}`;
  return null;
}

function worldProblem(v: unknown, facts: CoreEnvelopeFacts): string | null {
  if (!isRecord(v)) return 'no world';
  const { tick, tickrate, players } = v;
  // The runtime ticks at the envelope's rate and the sim steps at the world's: they must agree.
  if (tickrate !== facts.tickrate) return `world tickrate ${String(tickrate)}, the envelope's ${facts.tickrate}`;
  if (!int(tick, 0, U32_MAX) || tick !== facts.tick) return `world tick ${String(tick)}, the envelope's ${facts.tick}`;
  if (!Array.isArray(players) || players.length > config.MAX_PLAYERS) return 'players not a list of at most 8';
  for (const p of players) {
    const why = playerProblem(p, facts.tickrate);
    if (why) return why;
  }
  const ids = players.map((p: Json) => p.id as number);
  // Sorted by id, no repeats: the step's order.
  if (!ascending(ids)) return 'players not sorted by id, or an id twice';
  return ballProblem(v.ball, ids) ?? rulesProblem(v.rules, facts.tickrate);
}

/** Why `v` (parsed JSON, or a core the encoder is given) is not a core this envelope could carry, or null. */
function coreProblem(v: unknown, facts: CoreEnvelopeFacts): string | null {
  if (!isRecord(v)) return 'not an object';
  const why = worldProblem(v.world, facts);
  if (why) return why;
  const { bots, seed, seq } = v;
  if (!int(seed, I32_MIN, I32_MAX)) return `seed ${String(seed)}`;
  if (!int(seq, 0, I32_MAX)) return `match number ${String(seq)}`;
  if (!Array.isArray(bots) || !bots.every((id) => int(id, BOT_ID_MIN, BOT_ID_MAX))) return 'bot ids';
  if (!ascending(bots)) return 'bots not sorted by id, or an id twice';
  const onPitch = new Set(((v.world as Json).players as Json[]).map((p) => p.id));
  if (bots.some((id) => !onPitch.has(id))) return 'a bot not on the pitch';
  if (bots.some((id) => facts.clients.includes(id))) return 'a bot that is also a person';
  return null;
}

/** The core in the encoder's key order (checked first: every field is there and plain). */
function canonical(core: PushballCore): PushballCore {
  const { world: w, bots, seed, seq } = core;
  const players: PitchPlayer[] = w.players.map(({ id, team, x, y, vx, vy, kickCooldown }) => ({
    id,
    team,
    x,
    y,
    vx,
    vy,
    kickCooldown,
  }));
  const { x, y, vx, vy, lastTouch } = w.ball;
  const ball: BallState = { x, y, vx, vy, lastTouch };
  const r = w.rules;
  const rules: RulesState = {
    phase: r.phase,
    phaseTicksLeft: r.phaseTicksLeft,
    clockTicksLeft: r.clockTicksLeft,
    scores: [r.scores[0], r.scores[1]],
    goalsToWin: r.goalsToWin,
    matchTicks: r.matchTicks,
    kickoffTeam: r.kickoffTeam,
  };
  const world: PitchWorld = { tick: w.tick, tickrate: w.tickrate, players, ball, rules };
  return { world, bots: [...bots], seed, seq };
}

const toBytes = (core: PushballCore) => new TextEncoder().encode(JSON.stringify(canonical(core)));

/** Deeper than the encoder nests (counted outside strings), before JSON.parse sees it. */
function tooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > MAX_CORE_JSON_DEPTH) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}

function decodeCore(bytes: Uint8Array, facts: CoreEnvelopeFacts): DecodeResult<PushballCore> {
  const fail = (why: string) => ({ ok: false as const, error: `pushball core: ${why}` });
  if (bytes.length > MAX_CORE_BYTES) return fail(`${bytes.length} bytes (at most ${MAX_CORE_BYTES})`);
  let v: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (tooDeep(text)) return fail(`JSON nested deeper than ${MAX_CORE_JSON_DEPTH}`);
    v = JSON.parse(text);
  } catch {
    return fail('not JSON text');
  }
  const why = coreProblem(v, facts);
  if (why) return fail(why);
  const core = canonical(v as PushballCore);
  const again = toBytes(core);
  if (again.length !== bytes.length || again.some((b, i) => b !== bytes[i]))
    return fail('not as the encoder writes it');
  return { ok: true, value: core };
}

/** Pushball's core codec: JSON of the plain core in one key order, checked field by field both ways. */
export const PUSHBALL_CORE_CODEC: CheckpointCoreCodec<PushballTypes> = {
  encode(core, facts) {
    const why = coreProblem(core, facts);
    if (why) throw new RangeError(`pushball core: ${why}`);
    const bytes = toBytes(core);
    if (bytes.length > MAX_CORE_BYTES) throw new RangeError(`pushball core: ${bytes.length} bytes`);
    return bytes;
  },
  decode: decodeCore,
};

/** Pushball for a worker: the game, and its matches migrate through the netcode's core checkpoint. */
export const pushballRuntimeGame: RuntimeGameFactory<PushballTypes> = Object.assign(
  (settings: ServerSettings) => pushballServerGame(settings),
  { migration: coreMigration(PUSHBALL_CORE_CODEC, PUSHBALL_COMMANDS), game: 'pushball' },
);
