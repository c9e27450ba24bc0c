/**
 * Pushball's server-side bots: players of the pitch with no client session, whose command each
 * tick comes from `botCommand`. A team's bot nearest the ball attacks: it gets behind the ball,
 * pushes it toward the other goal and kicks when lined up; its other bots guard their own goal,
 * level with the ball.
 *
 * Deterministic: a command depends only on the world, the bot's id, the tick and the server's
 * seed (no Math.random, no clock, no state of its own), so a migrated match's bots play on exactly
 * as they would have. Only + - * / sqrt and integer ops: the same bits on every machine.
 * Seats: ids from BOT_ID_MAX downward, far above the lobby's small ids; people take precedence.
 */
import { BUTTON_KICK, MOVE_MAX, PitchPhase, config, sanitizePushCmd, type PitchWorld, type PitchPlayer } from '../sim';
import type { SanitizedPushCmd } from '../sim';

export const BOT_ID_MAX = 255;
/** Lowest bot id: the lobby hands out small ids (never more than 32 of them). */
export const BOT_ID_MIN = 192;

/** The id for a new bot: the highest free one, or null when none is left. */
export function freeBotId(taken: (id: number) => boolean): number | null {
  for (let id = BOT_ID_MAX; id >= BOT_ID_MIN; id--) if (!taken(id)) return id;
  return null;
}

/** A 32-bit mix of three integers (xorshift rounds): varies play by seed, bot and time, reproducibly. */
function mix(seed: number, id: number, period: number): number {
  let x = (seed ^ Math.imul(id + 1, 0x2c1b3c6d) ^ Math.imul(period + 1, 0x297a2d39)) | 0 || 1;
  for (let i = 0; i < 3; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
  }
  return x >>> 0;
}

interface Point {
  x: number;
  y: number;
}

/** Axis values toward `to` (full tilt when far, slower within 24 units so the bot settles), integers. */
function steerTo(from: Point, to: Point): { moveX: number; moveY: number } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d < 1) return { moveX: 0, moveY: 0 };
  const tilt = (MOVE_MAX * Math.min(d / 24, 1)) / d;
  return { moveX: Math.round(dx * tilt), moveY: Math.round(dy * tilt) };
}

/**
 * The team's bot nearest the ball attacks (ties: the lower id). People are not counted: a person
 * may be anywhere doing anything, so a bot never leaves the ball to one.
 */
function isAttacker(world: Readonly<PitchWorld>, bot: PitchPlayer, bots: ReadonlySet<number>): boolean {
  const { ball } = world;
  const d2 = (p: PitchPlayer): number => (p.x - ball.x) * (p.x - ball.x) + (p.y - ball.y) * (p.y - ball.y);
  const nearest = world.players
    .filter((p) => p.team === bot.team && bots.has(p.id))
    .reduce((best, p) => (d2(p) < d2(best) || (d2(p) === d2(best) && p.id < best.id) ? p : best), bot);
  return nearest.id === bot.id;
}

/** Where the bot aims in the other goal's mouth: a spot that moves every 3 s, per bot and seed. */
function goalSpot(world: Readonly<PitchWorld>, bot: PitchPlayer, seed: number): Point {
  const { FIELD_X0, FIELD_X1, CENTRE_Y, GOAL_Y0, GOAL_Y1, BALL_RADIUS, ticksFor } = config;
  const room = (GOAL_Y1 - GOAL_Y0) / 2 - BALL_RADIUS * 2;
  const period = Math.floor(world.tick / ticksFor(3, world.tickrate));
  const offset = (mix(seed, bot.id, period) % (2 * room + 1)) - room;
  return { x: bot.team === 0 ? FIELD_X1 + 20 : FIELD_X0 - 20, y: CENTRE_Y + offset };
}

/**
 * The direction to push the ball in: toward `goal`, except along a wall the ball lies against
 * (a player cannot get between them): along the side walls toward the other goal, along the end
 * walls toward the goal mouth in the other half and away from it in one's own.
 */
function pushLine(world: Readonly<PitchWorld>, bot: PitchPlayer, goal: Point): Point {
  const { ball } = world;
  const { FIELD_X0, FIELD_X1, FIELD_Y0, FIELD_Y1, CENTRE_X, CENTRE_Y, GOAL_Y0, GOAL_Y1 } = config;
  const hug = config.PLAYER_RADIUS + config.BALL_RADIUS;
  const sign = (v: number): number => (v < 0 ? -1 : 1);
  if (ball.y > FIELD_Y1 - hug || ball.y < FIELD_Y0 + hug) return { x: sign(goal.x - ball.x), y: 0 };
  const inMouth = ball.y > GOAL_Y0 && ball.y < GOAL_Y1;
  if (!inMouth && (ball.x < FIELD_X0 + hug || ball.x > FIELD_X1 - hug)) {
    const theirs = ball.x > CENTRE_X === (bot.team === 0);
    return { x: 0, y: sign(theirs ? CENTRE_Y - ball.y : ball.y - CENTRE_Y) };
  }
  const gx = goal.x - ball.x;
  const gy = goal.y - ball.y;
  const gl = Math.sqrt(gx * gx + gy * gy) || 1;
  return { x: gx / gl, y: gy / gl };
}

/** `p` moved inside the part of the field a player's centre can reach. */
function onField(p: Point): Point {
  const r = config.PLAYER_RADIUS;
  return {
    x: Math.min(Math.max(p.x, config.FIELD_X0 + r), config.FIELD_X1 - r),
    y: Math.min(Math.max(p.y, config.FIELD_Y0 + r), config.FIELD_Y1 - r),
  };
}

/** Attack: get behind the ball on its push line, then run through it, kicking when lined up. */
function attack(world: Readonly<PitchWorld>, bot: PitchPlayer, goal: Point): { move: Point; kick: boolean } {
  const { ball } = world;
  const { PLAYER_RADIUS, BALL_RADIUS, KICK_REACH } = config;
  const u = pushLine(world, bot, goal);
  const bx = ball.x - bot.x;
  const by = ball.y - bot.y;
  const bl = Math.sqrt(bx * bx + by * by) || 1;
  // How well bot → ball points along the push line: 1 is lined up.
  const lined = (bx * u.x + by * u.y) / bl;
  const contact = PLAYER_RADIUS + BALL_RADIUS;
  if (lined > 0.8) {
    const kick = bl - contact < KICK_REACH && lined > 0.9;
    return { move: { x: ball.x + u.x * contact, y: ball.y + u.y * contact }, kick };
  }
  // Not behind the ball: go round it to the spot behind, sidestepping on the bot's side of the line.
  const side = bx * u.y - by * u.x > 0 ? 1 : -1;
  const back = contact + 14;
  const around = lined < 0 ? contact + 10 : 0;
  const spot = { x: ball.x - u.x * back - u.y * side * around, y: ball.y - u.y * back + u.x * side * around };
  return { move: onField(spot), kick: false };
}

/** Guard: between the ball and the own goal, a little out from the goal mouth. */
function guard(world: Readonly<PitchWorld>, bot: PitchPlayer): Point {
  const { FIELD_X0, FIELD_X1, GOAL_Y0, GOAL_Y1 } = config;
  const y = Math.min(Math.max(world.ball.y, GOAL_Y0), GOAL_Y1);
  return { x: bot.team === 0 ? FIELD_X0 + 90 : FIELD_X1 - 90, y };
}

/** Bot `bot`'s command for `tick` on `world` (the world at the end of the previous tick); `bots`: every bot's id. */
export function botCommand(
  world: Readonly<PitchWorld>,
  bot: PitchPlayer,
  bots: ReadonlySet<number>,
  tick: number,
  seed: number,
): SanitizedPushCmd {
  if (world.rules.phase === PitchPhase.Ended) return sanitizePushCmd({ tick });
  if (!isAttacker(world, bot, bots)) return sanitizePushCmd({ tick, ...steerTo(bot, guard(world, bot)) });
  const { move, kick } = attack(world, bot, goalSpot(world, bot, seed));
  return sanitizePushCmd({ tick, ...steerTo(bot, move), buttons: kick ? BUTTON_KICK : 0 });
}

/** Every bot's command for `tick`, added to `into`, in id order. */
export function botCommands(
  world: Readonly<PitchWorld>,
  bots: ReadonlySet<number>,
  tick: number,
  seed: number,
  into: Map<number, SanitizedPushCmd>,
): void {
  for (const p of world.players) if (bots.has(p.id)) into.set(p.id, botCommand(world, p, bots, tick, seed));
}
