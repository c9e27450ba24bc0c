/**
 * The arena's prediction rules (client/predictor.ts PredictionRules): the sim's `playerTick`, the
 * very function the server's world step runs for every player, with no blockers (the others are
 * drawn in the past); first-time effects ('fired' with a tracer traced against walls only,
 * 'reloaded', 'switched', 'pickup'); the fields prediction computes, compared.
 *
 * Context (protocol 3): the newest snapshot's match block, with which commands are frozen while the
 * match is not in play and pickups are predicted, and the pickup timers as predicted (the
 * snapshot's plus our own takes since). The map prediction runs on follows the match block's map
 * id; a map outside the registry (a test's own) stays until the block names a registered one.
 */
import { weaponDef, type SimConfig } from '../../sim/config';
import { traceShot } from '../../sim/hitscan';
import { mapById } from '../../sim/maps';
import { newPlayerStepScratch, type ShotIntent } from '../../sim/player';
import { playerTick } from '../../sim/player-tick';
import type { PublicMatchState } from '../../sim/match-types';
import type { Hitbox, PlayerState, SimEvent, UserCmd } from '../../sim/types';
import type { ArenaClientPrediction, ArenaPredictionContext } from './arena-client-types';
import type { Predictor } from '../../client/predictor';

export type { ArenaPredictionContext } from './arena-client-types';

/** The context a snapshot's match block gives a replay: its own copy of the pickup timers. */
export function arenaContext(match: PublicMatchState | null): ArenaPredictionContext {
  return { match, pickups: match ? match.pickups.slice() : [] };
}

const NO_BLOCKERS: readonly Hitbox[] = [];

export class ArenaPrediction implements ArenaClientPrediction {
  private readonly scratch = newPlayerStepScratch();
  /** Reused: the step's events, copied out only when the caller wants effects. */
  private readonly events: SimEvent[] = [];

  constructor(private cfg: SimConfig) {}

  initialContext(): ArenaPredictionContext {
    return arenaContext(null);
  }

  /** The context of a snapshot's match block; a registered map it names becomes the map predicted on. */
  contextOf(snapshot: { match?: PublicMatchState }): ArenaPredictionContext {
    const match = snapshot.match ?? null;
    const map = match ? mapById(match.mapId) : undefined;
    if (map && map !== this.cfg.map) this.cfg = { ...this.cfg, map };
    return arenaContext(match);
  }

  step(state: PlayerState, cmd: UserCmd, ctx: ArenaPredictionContext, effects: SimEvent[] | null): PlayerState {
    const events = this.events;
    events.length = 0;
    const scratch = this.scratch;
    const player = playerTick({
      player: state,
      cmd,
      tick: cmd.tick,
      cfg: this.cfg,
      match: ctx.match,
      pickups: ctx.pickups,
      blockers: NO_BLOCKERS,
      events,
      scratch,
    });
    if (effects) {
      if (scratch.fired) effects.push(this.firedEvent(scratch.shot));
      for (const e of events) effects.push(e);
    }
    return player;
  }

  same(a: PlayerState, b: PlayerState): boolean {
    return samePrediction(a, b);
  }

  distance(a: PlayerState, b: PlayerState): number {
    return Math.hypot(a.x - b.x, a.y - b.y);
  }

  private firedEvent(shot: ShotIntent): SimEvent {
    const def = weaponDef(shot.weapon);
    // Tracer end from walls only: whether a player was hit is the server's call.
    const trace =
      def.projectileSpeed > 0
        ? { endX: shot.x, endY: shot.y }
        : traceShot(this.cfg.map, shot.x, shot.y, shot.aim, def.range, [], shot.shooter);
    const { shooter, weapon, x, y, aim } = shot;
    return { type: 'fired', shooter, weapon, x, y, aim, endX: trace.endX, endY: trace.endY };
  }
}

/** Every field prediction computes; server-only fields (health, scores, respawn) are not compared. */
export function samePrediction(a: PlayerState, b: PlayerState): boolean {
  return (
    a.x === b.x &&
    a.y === b.y &&
    a.vx === b.vx &&
    a.vy === b.vy &&
    a.aim === b.aim &&
    a.crouch === b.crouch &&
    a.alive === b.alive &&
    a.weapon === b.weapon &&
    a.nextFireTick === b.nextFireTick &&
    a.reloadEndTick === b.reloadEndTick &&
    a.deployEndTick === b.deployEndTick &&
    a.teleportSeq === b.teleportSeq &&
    a.ammo.length === b.ammo.length &&
    a.ammo.every((n, i) => n === b.ammo[i])
  );
}

/** The netcode's Predictor running the arena's rules. */
export type ArenaPredictor = Predictor<PlayerState, UserCmd, ArenaPredictionContext, SimEvent>;
