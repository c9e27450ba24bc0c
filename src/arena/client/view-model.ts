/**
 * What the arena's client hands its renderer each frame (`NetClient.frame(now, input).view`, made
 * by arena-view.ts from the netcode's FrameParts): plain data, no methods, in world units and
 * seconds. The renderer (src/game) draws exactly this and never looks at snapshots or commands
 * itself. The netcode's part, NetStats, is src/client/net-stats.ts.
 */
import type { PlayerId, PlayerState, PublicPlayerState, SimEvent, Tick, WeaponId } from '../../sim/types';
import type { NetStats } from '../../client/net-stats';
import type { MatchView } from './match-view';

export type { MatchView } from './match-view';
export type { NetStats } from '../../client/net-stats';

/** The local player: predicted, then smoothed (DESIGN §5.2). */
export interface LocalPlayerView {
  /** Newest predicted state (authoritative fields such as health come from the server). */
  state: PlayerState;
  /** Where to draw it this frame: between the last two predicted ticks, plus the decaying error offset. */
  drawX: number;
  drawY: number;
  /** Current visual correction still being smoothed away (0 when none). */
  errorX: number;
  errorY: number;
}

/** Another player at render time (interpolated, or extrapolated when `extrapolating`). */
export interface RemotePlayerView extends PublicPlayerState {
  extrapolating: boolean;
}

export interface ProjectileView {
  id: number;
  owner: PlayerId;
  x: number;
  y: number;
}

/**
 * Something to show once: `predicted` effects come from the local prediction the first time a
 * command is predicted (tracer, muzzle flash, shot sound); the others are confirmed by the server
 * (hits, kills, respawns, explosions) and arrive exactly once each even across lost or repeated snapshots.
 */
export interface ViewEvent {
  predicted: boolean;
  tick: Tick;
  event: SimEvent;
}

export interface ClientView {
  localId: PlayerId;
  /** Null before the first snapshot. */
  local: LocalPlayerView | null;
  remotes: RemotePlayerView[];
  projectiles: ProjectileView[];
  /** New since the previous frame. */
  events: ViewEvent[];
  stats: NetStats;
  /** For the HUD: the local weapon's state is in `local.state`; this is the tick rate to turn ticks into seconds. */
  tickrate: number;
  /** The match (rules, clock, scores, pickups, results); null before the first snapshot or without rules (practice). */
  match?: MatchView | null;
  /** Where the camera looks when there is no local player (a replay: the player followed, or a free camera). */
  focus?: { x: number; y: number } | null;
  /**
   * Watched, not played (a replay): no local player by design, so no "Waiting for the host…", no
   * crosshair, and the score line names the player followed (`localId`), or nobody, never "You".
   */
  watching?: boolean;
  /** Set while a kill-cam is drawn (app/kill-cam-view.ts): the killer whose eyes these are (`localId` follows it too). */
  killCam?: { killer: PlayerId } | null;
}

export type { WeaponId };

/** What the renderer samples from keyboard and mouse each frame and hands to the client netcode. */
export interface InputSample {
  /** Integers in [-127, 127] (world axes: +x right, +y down). */
  moveX: number;
  moveY: number;
  /** Aim angle (0..65535, see sim/types Angle16). */
  aim: number;
  /** Bitfield of sim `Buttons`. */
  buttons: number;
  /** A WeaponId to switch to, or WEAPON_KEEP (255). */
  weaponSelect: number;
}
