/**
 * Damage, death and score: the irreversible results only the server decides.
 *
 * Inputs: the tick context, the target's index, the attacker, weapon, amount and impact point.
 * Effects on the context: when the match's rules allow the damage (scoring.ts: none after the end,
 * none between team mates without friendly fire) the target loses health ('hit' event); at 0 it
 * dies ('killed' event), its deaths go up, and the attacker's kills go up for an enemy only (a
 * suicide or team kill costs a point instead). Damage to enemies counts for the awards.
 * Output: whether an enemy was damaged (the shot counts as a hit for accuracy).
 * Invariants: dead targets take no damage; health never goes below 0; amounts are integers.
 */
import { areEnemies } from './match';
import { killedPlayer } from './player-state';
import { damageAllowed, noteDamage, noteKill } from './scoring';
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
): boolean {
  const target = ctx.players[targetIndex];
  if (!target || !target.alive || amount <= 0 || !damageAllowed(ctx, attacker, target.id)) return false;
  ctx.events.push({ type: 'hit', shooter: attacker, target: target.id, weapon, damage: amount, x, y });
  noteDamage(ctx, attacker, target.id, Math.min(amount, target.health));
  const enemy = areEnemies(ctx.match, attacker, target.id);
  const health = target.health - amount;
  if (health > 0) {
    setPlayer(ctx, targetIndex, { ...target, health });
    return enemy;
  }
  setPlayer(ctx, targetIndex, killedPlayer(target, ctx.tick, ctx.cfg.tickrate));
  ctx.events.push({ type: 'killed', killer: attacker, victim: target.id, weapon });
  if (!noteKill(ctx, attacker, target.id)) return enemy;
  const killerIndex = indexOfPlayer(ctx, attacker);
  const killer = ctx.players[killerIndex];
  // The killer may have left the match while its rocket was in flight: no one to credit.
  if (killer) setPlayer(ctx, killerIndex, { ...killer, kills: killer.kills + 1 });
  return enemy;
}
