/**
 * Commands for practice bots (pure): each bot strafes on a slow circle and aims at a target, firing
 * in short bursts when `fire` is on. Deterministic in the tick, so a practice session (and the frame
 * benchmark) replays identically.
 * Input: bot id, tick, tickrate, its position and the target's. Output: a UserCmd for that tick.
 */
import { radiansToAngle } from '../sim/quantize';
import { Buttons, WEAPON_KEEP, type UserCmd } from '../sim/types';

export function botCmd(
  id: number,
  tick: number,
  tickrate: number,
  from: { x: number; y: number },
  target: { x: number; y: number } | null,
  fire: boolean,
): UserCmd {
  const phase = (tick / tickrate) * 0.8 + id * 1.7;
  const aim = target ? radiansToAngle(Math.atan2(target.y - from.y, target.x - from.x)) : radiansToAngle(phase);
  // A burst of half a second every three seconds, offset per bot so they do not fire in unison.
  const burst = fire && target !== null && (tick + id * 47) % (3 * tickrate) < tickrate / 2;
  return {
    tick,
    moveX: Math.round(Math.cos(phase) * 127),
    moveY: Math.round(Math.sin(phase * 1.3) * 127),
    aim,
    buttons: burst ? Buttons.Fire : 0,
    weaponSelect: WEAPON_KEEP,
    viewTick: Math.max(0, tick - 1),
    viewFrac: 0,
  };
}
