/**
 * Damage, death and score: the irreversible results only the server decides.
 *
 * Inputs: the tick context, the target's index, the attacker, weapon, amount and impact point.
 * Effects on the context: the target loses health ('hit' event); at 0 it dies ('killed' event),
 * its deaths go up and the attacker's kills go up, except for a suicide (deaths only).
 * Invariants: dead targets take no damage; health never goes below 0; amounts are integers.
 */
import { killedPlayer } from './player-state';
import { indexOfPlayer, setPlayer, type TickContext } from './tick-context';
import type { PlayerId, WeaponId } from './types';

export function applyDamage(
  ctx: TickContext,
  targetIndex: number,
  attacker: PlayerId,
  weapon: WeaponId,
  amount: number,
  x: number,
  y: number,
): void {
  const target = ctx.players[targetIndex];
  if (!target || !target.alive || amount <= 0) return;
  ctx.events.push({ type: 'hit', shooter: attacker, target: target.id, weapon, damage: amount, x, y });
  const health = target.health - amount;
  if (health > 0) {
    setPlayer(ctx, targetIndex, { ...target, health });
    return;
  }
  setPlayer(ctx, targetIndex, killedPlayer(target, ctx.tick, ctx.cfg.tickrate));
  ctx.events.push({ type: 'killed', killer: attacker, victim: target.id, weapon });
  if (attacker === target.id) return;
  const killerIndex = indexOfPlayer(ctx, attacker);
  const killer = ctx.players[killerIndex];
  // The killer may have left the match while its rocket was in flight: no one to credit.
  if (killer) setPlayer(ctx, killerIndex, { ...killer, kills: killer.kills + 1 });
}
