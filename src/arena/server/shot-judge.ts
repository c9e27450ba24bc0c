/**
 * ShotJudge: which hitboxes a hitscan shot is tested against (DESIGN §5.4, Valve's lag
 * compensation). With sv_lagcompensation on, the hitboxes as the shooter saw them (rewound to its
 * view time, bounded by sv_maxunlag) and only those near the shot's ray (the compensator's broad
 * phase); off, every live hitbox. Each shot is written down in ShotRecords for the debug view.
 *
 * Inputs: the shot, its command, the world before the step and the server's own estimate of the
 * shooter's view time (ServerGameContext.viewTimeEstimate: null for a bot or a departed player). Outputs: the candidate hitboxes (the compensator's own
 * arrays when rewound: read them, never keep them). Invariants: the live world is never modified;
 * nothing is allocated per rewound shot (the ray box and the records are reused).
 */
import { CROUCH_RADIUS, PLAYER_RADIUS, weaponDef } from '../../sim/config';
import { hitboxOf } from '../../sim/hitscan';
import type { ShotIntent } from '../../sim/player';
import { angleToRadians } from '../../sim/quantize';
import type { Hitbox, SimEvent, UserCmd, WorldState } from '../../sim/types';
import type { HitboxRadii } from '../../server/hitbox-history';
import { LagCompensator, MAX_UNLAG_LIMIT_S, rayBoxAlong, type RayBox } from '../../server/lag-compensator';
import { ShotRecords, type ShotHit } from '../../server/shot-records';

/** The arena's hitbox radii for lag compensation's history. */
export const ARENA_HITBOX_RADII: HitboxRadii = { standing: PLAYER_RADIUS, crouching: CROUCH_RADIUS };

/** The hit a sim event reports (ShotRecords.settle), or null. */
export const hitOfEvent = (e: SimEvent): ShotHit | null => (e.type === 'hit' ? e : null);

/** The bounding box of a shot from (x, y) along `aim` (the sim's angle units) over `range` units, into `out`. */
export function rayBoxOf(shot: { x: number; y: number; aim: number }, range: number, out: RayBox): RayBox {
  return rayBoxAlong(shot.x, shot.y, angleToRadians(shot.aim), range, out);
}

export class ShotJudge {
  /** This tick's hitscan shots and each client's newest (its debug view). */
  readonly shots = new ShotRecords();
  readonly compensator: LagCompensator;
  /** sv_lagcompensation. */
  lagCompensation: boolean;
  private readonly rayBox: RayBox = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

  constructor(tickrate: number, maxUnlagS: number, lagCompensation: boolean) {
    this.compensator = new LagCompensator(tickrate, maxUnlagS, ARENA_HITBOX_RADII);
    this.lagCompensation = lagCompensation;
  }

  /** sv_maxunlag, clamped to [0, MAX_UNLAG_LIMIT_S]. */
  setMaxUnlag(seconds: number): void {
    this.compensator.setMaxUnlag(Math.min(Math.max(seconds, 0), MAX_UNLAG_LIMIT_S));
  }

  /** The hitboxes `shot` (made with `cmd`) is tested against while `world` steps to its next tick. */
  hitboxes(shot: ShotIntent, cmd: UserCmd, world: Readonly<WorldState>, estimate: number | null): readonly Hitbox[] {
    const r = this.shots.next();
    r.shooter = shot.shooter;
    r.weapon = shot.weapon;
    r.tick = world.tick + 1;
    r.claimed = cmd.viewTick + cmd.viewFrac / 256;
    r.lagCompensated = this.lagCompensation;
    if (!this.lagCompensation) {
      r.viewTime = world.tick;
      r.adjustment = 'none';
      r.liveHitboxes = world.players.filter((p) => p.id !== shot.shooter).map(hitboxOf);
      return r.liveHitboxes;
    }
    const time = this.compensator.rewindTime(r.claimed, world.tick, estimate);
    r.viewTime = time.viewTime;
    r.adjustment = time.adjustment;
    r.liveHitboxes = null;
    return this.compensator.candidatesAt(
      time.viewTime,
      shot.shooter,
      rayBoxOf(shot, weaponDef(shot.weapon).range, this.rayBox),
    );
  }
}
