/**
 * Server-side bots: the host fills its lobby with them. A bot is a player of the world with no
 * client session; each tick it gets a command from `botCommand`, which goes through the same
 * `stepWorld` path (sanitized, lag-compensated against its own view tick) as anybody's.
 *
 * Inputs: the world at the end of the previous tick, the config, the tick to command.
 * Output: one UserCmd per bot. Deterministic in the world and the tick (no randomness, no clock).
 * Behaviour: aim at the nearest enemy in sight and fire; otherwise roam toward a spawn point that
 * changes every few seconds (so bots meet); strafe a little while fighting.
 * Invariant: bot ids come from BOT_ID_MAX downward, far above the lobby's ids (1, 2, …).
 */
import { areEnemies } from '../../sim/match';
import { radiansToAngle } from '../../sim/quantize';
import { inSight } from '../../sim/respawn';
import type { SimConfig } from '../../sim/config';
import {
  Buttons,
  WEAPON_KEEP,
  type PlayerId,
  type PlayerState,
  type Tick,
  type UserCmd,
  type WorldState,
} from '../../sim/types';
import { sanitizeCmd, type SanitizedCmd } from '../../sim/quantize';

export const BOT_ID_MAX = 255;
/** Lowest id a bot may take: the lobby hands out small ids, never more than MAX_LOBBY_PLAYERS (32) of them. */
export const BOT_ID_MIN = 192;

/** The id for a new bot: the highest free one, or null when none is left. */
export function freeBotId(taken: (id: PlayerId) => boolean): PlayerId | null {
  for (let id = BOT_ID_MAX; id >= BOT_ID_MIN; id--) if (!taken(id)) return id;
  return null;
}

function nearestEnemyInSight(world: WorldState, cfg: SimConfig, bot: PlayerState): PlayerState | null {
  let best: PlayerState | null = null;
  let bestD = Infinity;
  for (const p of world.players) {
    if (!p.alive || !areEnemies(world.match, bot.id, p.id)) continue;
    if (!inSight(cfg.map, bot.x, bot.y, p.x, p.y)) continue;
    const d = (p.x - bot.x) ** 2 + (p.y - bot.y) ** 2;
    if (d < bestD) [best, bestD] = [p, d];
  }
  return best;
}

/** Axis values toward (x, y) at full speed, or rotated a quarter turn to strafe. */
function moveToward(from: PlayerState, x: number, y: number, strafe: number): { moveX: number; moveY: number } {
  const a = Math.atan2(y - from.y, x - from.x) + strafe;
  return { moveX: Math.round(Math.cos(a) * 127), moveY: Math.round(Math.sin(a) * 127) };
}

export function botCommand(world: WorldState, cfg: SimConfig, bot: PlayerState, tick: Tick): UserCmd {
  const idle: UserCmd = {
    tick,
    moveX: 0,
    moveY: 0,
    aim: bot.aim,
    buttons: 0,
    weaponSelect: WEAPON_KEEP,
    viewTick: Math.max(0, tick - 1),
    viewFrac: 0,
  };
  if (!bot.alive) return idle;
  const target = nearestEnemyInSight(world, cfg, bot);
  if (target) {
    // Strafe left or right, switching every two seconds, so duels are not a standing shoot-out.
    const side = Math.floor(tick / (2 * cfg.tickrate) + bot.id) % 2 === 0 ? 1 : -1;
    const aim = radiansToAngle(Math.atan2(target.y - bot.y, target.x - bot.x));
    return { ...idle, ...moveToward(bot, target.x, target.y, (side * Math.PI) / 2), aim, buttons: Buttons.Fire };
  }
  const spawns = cfg.map.spawns;
  if (spawns.length === 0) return idle;
  const goal = spawns[(Math.floor(tick / (4 * cfg.tickrate)) + bot.id) % spawns.length]!;
  const move = moveToward(bot, goal.x, goal.y, 0);
  return { ...idle, ...move, aim: radiansToAngle(Math.atan2(move.moveY, move.moveX)) };
}

/** Commands for every bot of the world at `tick`. */
export function botCommands(
  world: WorldState,
  cfg: SimConfig,
  bots: ReadonlySet<PlayerId>,
  tick: Tick,
  into: Map<PlayerId, SanitizedCmd>,
): void {
  // Bots make commands on the host, as a client does: sanitized where they are made.
  for (const p of world.players) if (bots.has(p.id)) into.set(p.id, sanitizeCmd(botCommand(world, cfg, p, tick)));
}
