/**
 * Scripted input for tests and tools (`window.rewind.input(spec)`, docs/DEBUG-API.md): a held
 * move, aim and fire for `ms`, optionally steered by the last drawn view (walk toward a player,
 * aim at one, in Pushball walk to the ball). Each game turns a spec into its own frame input,
 * reading positions where its renderer drew them: what a player steering by eye does.
 */
import type { ClientView, InputSample } from '../arena/client/view-model';
import type { PushballView, PushInput } from '../pushball/client/pushball-client-game';
import { radiansToAngle } from '../sim/quantize';
import { Buttons, WEAPON_KEEP, type PlayerId } from '../sim/types';

/** A scripted input: hold these axes/buttons for `ms`, optionally aiming at or walking to a player. */
export interface ScriptedInput {
  moveX?: number;
  moveY?: number;
  aim?: number;
  aimAt?: PlayerId;
  /** Walk straight toward this player (overrides moveX/moveY). */
  moveToward?: PlayerId;
  /** Pushball: walk straight toward the ball (overrides moveX/moveY and moveToward). */
  moveToBall?: boolean;
  /** Arena: hold fire. Pushball: hold kick. */
  fire?: boolean;
  ms: number;
}

const clampAxis = (v: number | undefined): number => Math.max(-127, Math.min(127, Math.round(v ?? 0)));

/** The unit direction from `from` to `to`, or (0, 0) when they are within a unit of each other. */
function unitToward(from: { x: number; y: number }, to: { x: number; y: number }): { x: number; y: number } {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy);
  return len > 1 ? { x: dx / len, y: dy / len } : { x: 0, y: 0 };
}

export function arenaScriptInput(s: ScriptedInput, v: ClientView | null): InputSample {
  const at = v?.local ? { x: v.local.drawX, y: v.local.drawY } : null;
  const other = (id: PlayerId | undefined) => (id === undefined ? undefined : v?.remotes.find((r) => r.id === id));
  const walkTo = other(s.moveToward);
  const aimTo = other(s.aimAt);
  const toward = at && walkTo ? unitToward(at, walkTo) : null;
  // Aim from where we are drawn to where the target is drawn.
  const aim = at && aimTo ? radiansToAngle(Math.atan2(aimTo.y - at.y, aimTo.x - at.x)) : (s.aim ?? 0);
  return {
    moveX: clampAxis(toward ? toward.x * 127 : s.moveX),
    moveY: clampAxis(toward ? toward.y * 127 : s.moveY),
    aim,
    buttons: s.fire ? Buttons.Fire : 0,
    weaponSelect: WEAPON_KEEP,
  };
}

export function pushballScriptInput(s: ScriptedInput, v: PushballView | null): PushInput {
  const me = v?.local ? { x: v.local.drawX, y: v.local.drawY } : null;
  const other = s.moveToward === undefined ? undefined : v?.players.find((p) => p.id === s.moveToward);
  const target = s.moveToBall ? (v?.ball ?? undefined) : other;
  const toward = me && target ? unitToward(me, target) : null;
  return {
    moveX: clampAxis(toward ? toward.x * 127 : s.moveX),
    moveY: clampAxis(toward ? toward.y * 127 : s.moveY),
    buttons: s.fire ? 1 : 0,
  };
}
